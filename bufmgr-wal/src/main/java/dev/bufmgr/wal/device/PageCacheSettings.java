package dev.bufmgr.wal.device;

import dev.bufmgr.core.params.ByteSizes;
import dev.bufmgr.core.params.Durations;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Spec;
import java.util.List;

/**
 * The operating system's page cache between the buffer pool and the device ({@link PageCache}):
 * its size, the cost of a buffered write, Linux's writeback rules (Documentation/admin-guide/
 * sysctl/vm.rst: {@code dirty_background_bytes}, {@code dirty_expire_centisecs}, {@code
 * dirty_writeback_centisecs}), PostgreSQL's {@code checkpoint_flush_after}, {@code
 * bgwriter_flush_after} and {@code backend_flush_after}, and the device time of a read that
 * misses it. Parsed from {@code size=SIZE,copy=D,background=SIZE,expire=D,writeback=D,
 * checkpointFlushAfter=SIZE,bgwriterFlushAfter=SIZE,backendFlushAfter=SIZE,read=D,prewarm=on|off,batch=SIZE}
 * (any subset), or {@code 0}/{@code off} for none (the direct model: every page write on the
 * device).
 *
 * <p>Defaults: {@code expire=30s} and {@code writeback=5s} are the kernel's; {@code
 * background=2GB} is this kind of machine's {@code dirty_background_ratio} of 10% of its about 21
 * GB of available memory (vm.rst: the ratio applies to available memory), {@code size=16GB} its
 * free memory; {@code copy=10us} the time PostgreSQL 15's backends spent per buffered write on
 * this machine (pg_stat_database blk_write_time over pg_stat_bgwriter buffers_backend: 9.6 and
 * 13.1 us in reports/pg-calibration); the flush-after sizes are PostgreSQL's Linux defaults (256kB,
 * 512kB, 0); a read that misses costs what a log flush's fixed cost does plus its bytes; {@code
 * prewarm=on} starts the cache holding every page it has room for (after {@code pgbench -i} the
 * tables sit in the kernel's cache), so only a page pushed out costs a read; {@code batch=1280kB}
 * is the block layer's default {@code max_sectors_kb} (1280 KiB; a device may allow more: this
 * machine's root disk reports 4096).
 *
 * @param sizeBytes bytes the cache holds (clean and dirty), at least one page
 * @param copyNanos the caller's cost of one buffered page write (the copy into the cache)
 * @param backgroundBytes dirty bytes above which the flusher writes back at once ({@code dirty_background_bytes})
 * @param expireNanos age after which a dirty page is written back ({@code dirty_expire_centisecs})
 * @param writebackNanos how often the flusher wakes to look ({@code dirty_writeback_centisecs})
 * @param checkpointFlushAfter bytes the checkpointer writes before asking for their writeback (0: never)
 * @param bgwriterFlushAfter the same for the background writer
 * @param backendFlushAfter the same for client backends
 * @param readNanos device time of a page read that misses, or -1 for a log flush's fixed cost
 * @param prewarm whether pages never seen hit while the cache has room
 * @param batchBytes the most bytes the cache puts on the device at once (one block-layer request,
 *     {@code /sys/block/DEV/queue/max_sectors_kb}; a log flush waits behind at most one), at
 *     least one page
 */
public record PageCacheSettings(long sizeBytes, long copyNanos, long backgroundBytes, long expireNanos, long writebackNanos,
    long checkpointFlushAfter, long bgwriterFlushAfter, long backendFlushAfter, long readNanos, boolean prewarm, long batchBytes) {

  private static final String FLAG = "--page-cache";

  /** The defaults (see the class comment). */
  public static final PageCacheSettings DEFAULTS = new PageCacheSettings(16L << 30, 10_000, 2L << 30, 30_000_000_000L,
      5_000_000_000L, 256 << 10, 512 << 10, 0, -1, true, 1280 << 10);

  /** @throws IllegalArgumentException naming the setting out of range */
  public PageCacheSettings {
    if (sizeBytes < 1) throw new IllegalArgumentException(FLAG + " size must be positive (0 or off: no page cache)");
    if (copyNanos < 0) throw new IllegalArgumentException(FLAG + " copy must be a non-negative duration");
    if (backgroundBytes < 1) throw new IllegalArgumentException(FLAG + " background must be positive");
    if (expireNanos < 0) throw new IllegalArgumentException(FLAG + " expire must be a non-negative duration");
    if (writebackNanos < 10_000_000L) throw new IllegalArgumentException(FLAG + " writeback must be at least 10ms (one centisecond)");
    if (checkpointFlushAfter < 0 || bgwriterFlushAfter < 0 || backendFlushAfter < 0) {
      throw new IllegalArgumentException(FLAG + " flush-after sizes must be >= 0");
    }
    if (readNanos < -1) throw new IllegalArgumentException(FLAG + " read must be a non-negative duration");
    if (batchBytes < 1) throw new IllegalArgumentException(FLAG + " batch must be positive");
  }

  private static final List<ParameterSpec> PARAMETERS = List.of(
      ParameterSpec.text("size", "16GB", "bytes the cache holds (kB, MB, GB)"),
      ParameterSpec.duration("copy", "10us", "cost of a buffered page write"),
      ParameterSpec.text("background", "2GB", "dirty_background_bytes"),
      ParameterSpec.duration("expire", "30s", "dirty_expire_centisecs"),
      ParameterSpec.duration("writeback", "5s", "dirty_writeback_centisecs"),
      ParameterSpec.text("checkpointFlushAfter", "256kB", "checkpoint_flush_after"),
      ParameterSpec.text("bgwriterFlushAfter", "512kB", "bgwriter_flush_after"),
      ParameterSpec.text("backendFlushAfter", "0", "backend_flush_after"),
      ParameterSpec.duration("read", null, "device time of a read that misses (default: a flush's fixed cost)").asOptional(),
      ParameterSpec.choice("prewarm", "on", List.of("on", "off"), "start holding every page there is room for"),
      ParameterSpec.text("batch", "1280kB", "the most bytes put on the device at once (max_sectors_kb)"));

  /**
   * Parses the settings (any subset of the parameters; the rest default), or {@code 0}/{@code
   * off} for none.
   *
   * @return the settings, or {@code null} for no page cache
   * @throws IllegalArgumentException naming {@code --page-cache} and the bad value
   */
  public static PageCacheSettings parse(String text) {
    String t = text.trim();
    if (t.equals("0") || t.equals("off")) return null;
    if (t.equals("on")) return DEFAULTS;
    Parameters p = Parameters.resolve(FLAG, Spec.settings(FLAG, "cache", t), PARAMETERS);
    long size = bytes("size", p.text("size"));
    if (size == 0) return null;
    return new PageCacheSettings(size, p.nanos("copy"), bytes("background", p.text("background")), p.nanos("expire"),
        p.nanos("writeback"), bytes("checkpointFlushAfter", p.text("checkpointFlushAfter")),
        bytes("bgwriterFlushAfter", p.text("bgwriterFlushAfter")), bytes("backendFlushAfter", p.text("backendFlushAfter")),
        p.has("read") ? p.nanos("read") : -1, p.text("prewarm").equals("on"), bytes("batch", p.text("batch")));
  }

  /** The flush-after size of a writer. */
  public long flushAfter(WriteSource source) {
    return switch (source) {
      case CHECKPOINTER -> checkpointFlushAfter;
      case BGWRITER -> bgwriterFlushAfter;
      case BACKEND -> backendFlushAfter;
    };
  }

  /** The spec that recreates it. */
  public String spec() {
    return "size=" + (sizeBytes >> 20) + "MB,copy=" + Durations.format(copyNanos) + ",background=" + (backgroundBytes >> 10)
        + "kB,expire=" + Durations.format(expireNanos) + ",writeback=" + Durations.format(writebackNanos)
        + ",checkpointFlushAfter=" + (checkpointFlushAfter >> 10) + "kB,bgwriterFlushAfter=" + (bgwriterFlushAfter >> 10)
        + "kB,backendFlushAfter=" + (backendFlushAfter >> 10) + "kB" + (readNanos >= 0 ? ",read=" + Durations.format(readNanos) : "")
        + ",prewarm=" + (prewarm ? "on" : "off") + ",batch=" + (batchBytes >> 10) + "kB";
  }

  private static long bytes(String name, String text) {
    return ByteSizes.parse(text, FLAG + " " + name, 0, 1L << 50);
  }
}
