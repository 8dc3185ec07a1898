package dev.bufmgr.bench.placement;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The memory settings a benchmark result records: the kernel's transparent-huge-page mode and
 * whether the JVM was told to (or, read inside a fork, does) use transparent huge pages and
 * NUMA-aware allocation.
 *
 * <p>The two JVM flags govern the Java heap only. The pool's descriptors and page memory are
 * native segments: with the kernel in mode {@code always} they get huge pages where aligned and
 * large enough, with {@code madvise} or {@code never} they do not (the pool does not call {@code
 * madvise}). HotSpot turns {@code UseNUMA} off by itself on a one-node host, and {@code
 * UseTransparentHugePages} off when the kernel's mode is {@code never}, so the {@linkplain
 * #effective() effective} settings may differ from the {@linkplain #requested requested} ones.
 *
 * @param thpMode the kernel's mode, the bracketed word of {@link #THP_ENABLED} ({@code always},
 *     {@code madvise}, {@code never}), or {@code unavailable}
 * @param transparentHugePages {@code -XX:+UseTransparentHugePages}
 * @param useNuma {@code -XX:+UseNUMA}
 */
public record MemoryMode(String thpMode, boolean transparentHugePages, boolean useNuma) {

  /** Where Linux states its transparent-huge-page mode, e.g. {@code always [madvise] never}. */
  public static final Path THP_ENABLED = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");

  private static final Pattern SELECTED = Pattern.compile("\\[(\\w+)]");

  /** What a fork given {@code forkArgs} was asked for (the last of a flag's settings wins; absent means off). */
  public static MemoryMode requested(List<String> forkArgs) {
    return requested(forkArgs, THP_ENABLED);
  }

  /** As {@link #requested(List)}, reading the kernel's mode from {@code thpEnabled}. */
  public static MemoryMode requested(List<String> forkArgs, Path thpEnabled) {
    boolean thp = false;
    boolean numa = false;
    for (String arg : forkArgs) {
      if (arg.equals(ForkFlags.THP_ON)) thp = true;
      else if (arg.equals(ForkFlags.THP_OFF)) thp = false;
      else if (arg.equals(ForkFlags.NUMA_ON)) numa = true;
      else if (arg.equals(ForkFlags.NUMA_OFF)) numa = false;
    }
    return new MemoryMode(kernelMode(thpEnabled), thp, numa);
  }

  /** What this JVM is running with, as HotSpot reports its flags after its own adjustments. */
  public static MemoryMode effective() {
    HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    return new MemoryMode(
        kernelMode(THP_ENABLED),
        Boolean.parseBoolean(hotspot.getVMOption("UseTransparentHugePages").getValue()),
        Boolean.parseBoolean(hotspot.getVMOption("UseNUMA").getValue()));
  }

  /** The bracketed word of a {@code transparent_hugepage/enabled} file, or {@code unavailable}. */
  static String kernelMode(Path thpEnabled) {
    try {
      Matcher m = SELECTED.matcher(Files.readString(thpEnabled));
      return m.find() ? m.group(1) : "unavailable";
    } catch (IOException | RuntimeException e) {
      return "unavailable";
    }
  }

  /** One field for a result row, e.g. {@code thp=madvise jvm-thp=off numa=off}. */
  public String describe() {
    return "thp=" + thpMode + " jvm-thp=" + (transparentHugePages ? "on" : "off") + " numa=" + (useNuma ? "on" : "off");
  }
}
