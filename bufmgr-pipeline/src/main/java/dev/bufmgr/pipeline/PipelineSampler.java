package dev.bufmgr.pipeline;

import static dev.bufmgr.core.buffer.BufferState.DIRTY;
import static dev.bufmgr.core.buffer.BufferState.has;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.wal.device.IoKind;
import dev.bufmgr.core.metrics.PoolMetrics;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.wal.WalInsert;
import dev.bufmgr.wal.WalStats;
import java.util.ArrayList;
import java.util.function.LongSupplier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Consumer;
import java.util.Map;
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * Turns a pipeline run's counters into its time series and its measured totals, the same way in
 * both clocks: the driver calls {@link #sample} at every interval boundary of its clock (and at
 * the warm-up's end and the run's end), {@link #startWindow} when the warm-up ends, and {@link
 * #result} at the end. It reads the transaction statistics, the log's counters, the pool's
 * metrics and descriptors, the checkpointer's counters and the device's busy time by kind.
 *
 * <p>Threading: one sampling thread (the simulation's, or the real-time driver's main thread);
 * the counters it reads may be a moment old while clients run, and are exact once they stopped.
 */
public final class PipelineSampler {
  private final TransactionStats stats;
  private final WalInsert wal;
  private final BufferPool[] pools;
  private final String[] names;
  private final CheckpointStats checkpoints;
  private final BgBufferSync[] bgwriters;
  private final ToLongFunction<IoKind> busy;
  /** The most intervals one run's series may hold (about 150 MB). */
  public static final int MAX_INTERVALS = 1_000_000;

  private static final Pattern FRAMES = Pattern.compile("pool\\.[^.]+\\.frames");

  private final List<IntervalRow> series = new ArrayList<>();
  private final Histogram txnTotal = new Histogram(3);
  private final Histogram commitTotal = new Histogram(3);
  private final Histogram waitTotal = new Histogram(3);
  private final Histogram syncCommitTotal = new Histogram(3);
  private LongSupplier cacheDirtyBytes = () -> 0;
  private LongSupplier writebackPages = () -> 0;
  private WriteTimes writeTimes = new WriteTimes();
  private final long origin;
  private Mark last;
  private Mark windowStart;
  private boolean measuring;
  private Consumer<IntervalRow> onInterval = row -> {};

  /** The counters at one moment. */
  private record Mark(long time, WalStats wal, Metrics pool, CheckpointStats.Snapshot ckpt,
      long logBusy, long pageBusy, long syncBusy, long readOnly, long clean, long maxwritten, long allocations,
      Map<String, Long> selector, long writebackPages, long backendWriteNanos) {}

  /**
   * @param bgwriter the background writer's rounds, or {@code null} without one
   * @param busy the device's busy nanoseconds so far, by kind
   * @param start the run's start on its clock
   */
  public PipelineSampler(TransactionStats stats, WalInsert wal, BufferPool pool, CheckpointStats checkpoints,
      BgBufferSync bgwriter, ToLongFunction<IoKind> busy, long start) {
    this(stats, wal, new BufferPool[] {pool}, null, checkpoints, new BgBufferSync[] {bgwriter}, busy, start);
  }

  /**
   * A sampler of several pools side by side ({@code --pools}): their counters summed, and each
   * pool's frames, hits, misses and evictions, and its selector's counts, among the selector
   * counts as {@code pool.NAME.frames}, ..., {@code pool.NAME.selector.*}.
   *
   * @param names the pools' names, or {@code null} for one pool whose selector counts are kept as they are
   * @param bgwriters each pool's background writer rounds, an entry {@code null} where it has none
   */
  public PipelineSampler(TransactionStats stats, WalInsert wal, BufferPool[] pools, String[] names, CheckpointStats checkpoints,
      BgBufferSync[] bgwriters, ToLongFunction<IoKind> busy, long start) {
    this.stats = stats;
    this.wal = wal;
    this.pools = pools.clone();
    this.names = names == null ? null : names.clone();
    this.checkpoints = checkpoints;
    this.bgwriters = bgwriters.clone();
    this.busy = busy;
    this.origin = start;
    this.last = mark(start);
    this.windowStart = last;
  }

  private Mark mark(long time) {
    PoolMetrics[] m = new PoolMetrics[pools.length];
    long clean = 0;
    long maxwritten = 0;
    long allocations = 0;
    for (int k = 0; k < pools.length; k++) {
      m[k] = pools[k].metrics();
      allocations += pools[k].allocations();
      if (bgwriters[k] != null) {
        clean += bgwriters[k].buffersClean();
        maxwritten += bgwriters[k].maxwrittenClean();
      }
    }
    return new Mark(time, wal.stats(), new Metrics(m), checkpoints.snapshot(), busy.applyAsLong(IoKind.LOG),
        busy.applyAsLong(IoKind.PAGE), busy.applyAsLong(IoKind.DATA_SYNC), stats.readOnlyStatements(),
        clean, maxwritten, allocations, selectorCounters(m), writebackPages.getAsLong(), writeTimes.backendNanos());
  }

  /** The one pool's selector counts, or each pool's counters and selector counts under its name. */
  private Map<String, Long> selectorCounters(PoolMetrics[] m) {
    if (names == null) return pools[0].selectorCounters();
    Map<String, Long> all = new LinkedHashMap<>();
    for (int k = 0; k < pools.length; k++) {
      String p = "pool." + names[k] + ".";
      all.put(p + "frames", (long) pools[k].descriptors().frames());
      all.put(p + "hits", m[k].hits());
      all.put(p + "misses", m[k].misses());
      all.put(p + "evictions", m[k].evictions());
      pools[k].selectorCounters().forEach((name, count) -> all.put(p + "selector." + name, count));
    }
    return all;
  }

  /** The counters of every pool at one moment, summed. */
  private record Metrics(PoolMetrics[] pools) {
    long hits() {
      return sum(PoolMetrics::hits);
    }

    long misses() {
      return sum(PoolMetrics::misses);
    }

    long writeBacks() {
      return sum(PoolMetrics::writeBacks);
    }

    long evictions() {
      return sum(PoolMetrics::evictions);
    }

    long dirtyEvictions() {
      return sum(PoolMetrics::dirtyEvictions);
    }

    int pageClasses() {
      return pools[0].pageClasses();
    }

    long hits(int c) {
      long n = 0;
      for (PoolMetrics p : pools) n += p.hits(c);
      return n;
    }

    long misses(int c) {
      long n = 0;
      for (PoolMetrics p : pools) n += p.misses(c);
      return n;
    }

    private long sum(ToLongFunction<PoolMetrics> f) {
      long n = 0;
      for (PoolMetrics p : pools) n += f.applyAsLong(p);
      return n;
    }
  }

  /**
   * Reads the page cache's dirty bytes and written-back pages from these (before the first
   * sample; nothing without a page cache).
   */
  public void pageCache(LongSupplier dirtyBytes, LongSupplier writebacks) {
    this.cacheDirtyBytes = dirtyBytes;
    this.writebackPages = writebacks;
    this.last = mark(last.time);
    this.windowStart = last;
  }

  /** Reads the backends' write time from {@code times} (before the first sample). */
  public void writeTimes(WriteTimes times) {
    this.writeTimes = times;
    this.last = mark(last.time);
    this.windowStart = last;
  }

  /** Hands every interval row to {@code sink} as it is closed (the real-time driver's durable series). */
  public void onInterval(Consumer<IntervalRow> sink) {
    this.onInterval = sink;
  }

  /** Whether the measurement window has begun. */
  public boolean measuring() {
    return measuring;
  }

  /** Closes the interval that ends at {@code now} (nothing when it is empty). */
  public void sample(long now) {
    if (now <= last.time) return;
    if (series.size() >= MAX_INTERVALS) {
      throw new IllegalArgumentException("the time series would grow past " + MAX_INTERVALS
          + " intervals; give a longer --interval");
    }
    TransactionStats.Interval iv = stats.interval();
    Mark m = mark(now);
    long len = now - last.time;
    WalStats w = m.wal.minus(last.wal);
    series.add(new IntervalRow(
        last.time - origin, now - origin, measuring,
        iv.transactions().getTotalCount(),
        quantile(iv.transactions(), 50), quantile(iv.transactions(), 99), quantile(iv.commits(), 99),
        iv.evictionWaits().getTotalCount(),
        w.bytes(), w.imageBytes(), dirtyBuffers(),
        share(m.logBusy - last.logBusy, len), share(m.pageBusy - last.pageBusy, len), share(m.syncBusy - last.syncBusy, len),
        m.pool.writeBacks() - last.pool.writeBacks(),
        m.ckpt.buffersWritten() - last.ckpt.buffersWritten(),
        m.clean - last.clean,
        m.ckpt.started() - last.ckpt.started(),
        cacheDirtyBytes.getAsLong(), m.writebackPages - last.writebackPages));
    onInterval.accept(series.getLast());
    if (measuring) {
      txnTotal.add(iv.transactions());
      commitTotal.add(iv.commits());
      waitTotal.add(iv.evictionWaits());
      syncCommitTotal.add(iv.syncCommits());
    }
    stats.recycle(iv);
    last = m;
  }

  /** Ends the warm-up at {@code now}: what follows is measured. */
  public void startWindow(long now) {
    sample(now);
    measuring = true;
    windowStart = last;
  }

  /** The measured totals, from the window's start to {@code now}, with the whole series. */
  public PipelineResult result(String clock, long now, long wallNanos) {
    sample(now);
    Mark end = last;
    Mark s = windowStart;
    long len = end.time - s.time;
    Metrics p = end.pool;
    Metrics p0 = s.pool;
    int classes = p.pageClasses();
    long[] hits = new long[classes];
    long[] misses = new long[classes];
    for (int c = 0; c < classes; c++) {
      hits[c] = p.hits(c) - p0.hits(c);
      misses[c] = p.misses(c) - p0.misses(c);
    }
    CheckpointStats.Snapshot ck = end.ckpt.minus(s.ckpt);
    Histogram outside = commitTotal.copy();
    outside.subtract(syncCommitTotal);
    return new PipelineResult(clock, len, txnTotal.getTotalCount(), end.readOnly - s.readOnly,
        Latencies.of(txnTotal), Latencies.of(commitTotal),
        p.hits() - p0.hits(), p.misses() - p0.misses(), hits, misses,
        end.wal.minus(s.wal),
        p.writeBacks() - p0.writeBacks(), ck.buffersWritten(), end.clean - s.clean, end.maxwritten - s.maxwritten,
        end.allocations - s.allocations,
        p.evictions() - p0.evictions(), p.dirtyEvictions() - p0.dirtyEvictions(),
        share(end.logBusy - s.logBusy, len), share(end.pageBusy - s.pageBusy, len), share(end.syncBusy - s.syncBusy, len),
        waitTotal.getTotalCount(), Latencies.of(waitTotal), ck, List.copyOf(series), wallNanos,
        difference(end.selector, s.selector), end.backendWriteNanos - s.backendWriteNanos,
        end.writebackPages - s.writebackPages, Latencies.of(syncCommitTotal), Latencies.of(outside));
  }

  /**
   * Each of the selector's counts at {@code end} less its value at {@code start}, in their order;
   * a pool's frames ({@code pool.NAME.frames}), a size rather than a count, as it is.
   */
  private static Map<String, Long> difference(Map<String, Long> end, Map<String, Long> start) {
    Map<String, Long> d = new LinkedHashMap<>();
    end.forEach((name, count) -> d.put(name, FRAMES.matcher(name).matches() ? count : count - start.getOrDefault(name, 0L)));
    return d;
  }

  private long dirtyBuffers() {
    long n = 0;
    for (BufferPool pool : pools) {
      Descriptors d = pool.descriptors();
      for (int b = 0; b < d.frames(); b++) if (has(d.state(b), DIRTY)) n++;
    }
    return n;
  }

  private static double share(long busyNanos, long len) {
    return len <= 0 ? Double.NaN : Math.min(1.0, (double) busyNanos / len);
  }

  private static double quantile(Histogram h, double percentile) {
    return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile);
  }
}
