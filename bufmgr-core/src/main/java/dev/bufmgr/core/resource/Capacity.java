package dev.bufmgr.core.resource;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What this JVM and machine can hold, checked before a size taken from an argument or an input
 * record is used: a request count, an expansion count, a queue that a rate fills, a file size.
 * An impossible size is refused with a {@link CapacityException} naming the field and the limit,
 * instead of filling the heap or the disk first.
 *
 * <p>Heap checks compare against the heap still free (the JVM's maximum less what is in use),
 * less a tenth for the run's other needs; disk checks keep {@link #DISK_RESERVE_BYTES} free.
 */
public final class Capacity {
  /** Free space a write of this program never takes from a file system: 512 MiB. */
  public static final long DISK_RESERVE_BYTES = 512L << 20;

  private Capacity() {}

  /** Heap bytes a new allocation may take now: nine tenths of what the JVM can still give. */
  public static long freeHeapBytes() {
    Runtime rt = Runtime.getRuntime();
    long used = rt.totalMemory() - rt.freeMemory();
    return Math.max(0, (rt.maxMemory() - used) / 10 * 9);
  }

  /** The most items of {@code bytesEach} bytes that fit in {@link #freeHeapBytes()}. */
  public static long fitInHeap(long bytesEach) {
    return freeHeapBytes() / Math.max(1, bytesEach);
  }

  /**
   * Refuses {@code count} items of {@code bytesEach} bytes when they do not fit in the free heap.
   *
   * @param what the field and where it came from, e.g. {@code "--workload zipf:...: requests"}
   * @param why what holds the items, e.g. {@code "replay holds the whole trace in memory"}
   */
  public static void requireHeap(String what, long count, long bytesEach, String why) {
    long need = saturatingMultiply(count, bytesEach);
    long free = freeHeapBytes();
    if (need <= free) return;
    throw new CapacityException(String.format(Locale.ROOT, "%s: %,d needs %s in memory (%s); %s",
        what, count, bytes(need), why, heapAdvice(need, free)));
  }

  /** What the heap can give and whether a larger heap could help, for a message. */
  public static String heapAdvice(long need, long free) {
    long max = Runtime.getRuntime().maxMemory();
    long physical = physicalMemoryBytes();
    String limit = String.format(Locale.ROOT, "this JVM has %s free of a %s heap", bytes(free), bytes(max));
    if (physical > 0 && need > physical / 10 * 9) {
      return limit + ", and the machine has " + bytes(physical) + " of memory";
    }
    return limit + "; a larger heap may hold it (BUFMGR_JAVA_OPTS=-Xmx<size>)";
  }

  /**
   * Refuses to write {@code bytes} into {@code dir} when that would leave less than {@link
   * #DISK_RESERVE_BYTES} free there.
   *
   * @param what the field and where it came from, e.g. {@code "--file-mib"}
   */
  public static void requireDisk(String what, Path dir, long bytes) {
    long usable = usableDiskBytes(what, dir);
    if (bytes <= usable - DISK_RESERVE_BYTES) return;
    throw new CapacityException(String.format(Locale.ROOT, "%s: %s does not fit on the disk of %s (%s usable, %s kept free)",
        what, bytes(bytes), dir, bytes(usable), bytes(DISK_RESERVE_BYTES)));
  }

  /** The bytes a write into {@code dir} can still use, as the file system reports them. */
  public static long usableDiskBytes(String what, Path dir) {
    Path d = dir.toAbsolutePath();
    while (d != null && !Files.exists(d)) d = d.getParent();
    if (d == null) return Long.MAX_VALUE;
    try {
      return Files.getFileStore(d).getUsableSpace();
    } catch (IOException e) {
      throw new CapacityException(what + ": cannot tell the free space of " + d + " (" + IoReasons.of(e) + ")");
    }
  }

  /** The machine's physical memory, or 0 when the platform does not say. */
  public static long physicalMemoryBytes() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getTotalMemorySize();
    }
    return 0;
  }

  /** {@code a * b}, or {@link Long#MAX_VALUE} when it overflows (both non-negative). */
  public static long saturatingMultiply(long a, long b) {
    long hi = Math.multiplyHigh(a, b);
    long lo = a * b;
    return hi != 0 || lo < 0 ? Long.MAX_VALUE : lo;
  }

  /** A byte count for messages: 512 B, 3.0 MiB, 1.1 PiB ({@code > 8 EiB} at saturation). */
  public static String bytes(long n) {
    if (n == Long.MAX_VALUE) return "more than 8 EiB";
    if (n < 1024) return n + " B";
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = n;
    int u = -1;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
