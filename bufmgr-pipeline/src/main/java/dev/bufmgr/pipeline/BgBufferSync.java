package dev.bufmgr.pipeline;

import static dev.bufmgr.core.buffer.BufferState.DIRTY;
import static dev.bufmgr.core.buffer.BufferState.has;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.CleaningView;

/**
 * The background writer's rounds, PostgreSQL's {@code BgBufferSync} (bufmgr.c), over any
 * selector's {@link CleaningView}. Each round estimates the coming allocations from a smoothed
 * count (fast attack, slow decay over {@value #SMOOTHING_SAMPLES} samples, times the multiplier)
 * and the density of reusable buffers ahead of the eviction point, raises the estimate to a
 * minimum progress that sweeps the whole pool in {@value #SCAN_WHOLE_POOL_MS} ms, and walks the
 * buffers the selector will examine next, from where the last round stopped (or from the
 * search's position when the search has passed it): a reusable dirty buffer is written, at most
 * {@code maxPages} a round (a round that hits the cap counts in {@code maxwritten_clean}); a
 * buffer in use or not next to go is skipped ({@code skip_recently_used}). After the walk the
 * density estimate is fed once more from the walk itself, as PostgreSQL does.
 *
 * <p>With several sweeps (a partitioned hand's stripes, S3-FIFO's queues) each has its own
 * state, the allocations and the cap are shared out in proportion to the sweeps' lengths, and
 * the round may hibernate only when every sweep says so. The arithmetic keeps PostgreSQL's types:
 * single-precision smoothed values and {@code scan_whole_pool_milliseconds}, an integer {@code
 * reusable_buffers_est} (the quotient truncated), and the multiplier a double ({@code
 * bgwriter_lru_multiplier} is a {@code double} GUC, so the smoothed allocation times 2.12 is
 * 53 from 25, where single precision gave 52). The allocations a round is told of are {@code
 * numBufferAllocs}'s: ring reuses are not among them ({@link
 * dev.bufmgr.core.pool.BufferPool#allocations}).
 *
 * <p>Not thread-safe: one background writer drives it (its counters may be read from another
 * thread, a moment old). The caller does the writes: {@link #next} names a buffer, the caller
 * writes it (or finds nothing to write) and reports with {@link #wrote}.
 */
public final class BgBufferSync {
  /** PostgreSQL's {@code smoothing_samples}. */
  public static final int SMOOTHING_SAMPLES = 16;
  /** PostgreSQL's {@code scan_whole_pool_milliseconds} (a {@code float} there). */
  public static final float SCAN_WHOLE_POOL_MS = 120000.0f;

  private final CleaningView view;
  private final Descriptors descriptors;
  private final BgWriterSettings settings;
  private final Sweep[] sweeps;
  private int current;
  private boolean mayHibernate;
  private int roundWritten;
  private int pending = -1;
  private volatile long buffersClean;
  private volatile long maxwrittenClean;
  private volatile long buffersAlloc;
  private volatile long rounds;

  /** One sweep's state: PostgreSQL's statics of {@code BgBufferSync}, and the round in progress. */
  static final class Sweep {
    boolean savedInfoValid;
    long prevStrategyPosition;
    long nextToClean;
    float smoothedAlloc;
    float smoothedDensity = 10.0f;
    int length;
    int recentAlloc;
    int bufsToLap;
    int numToScan;
    int reusableEst;
    int reusable;
    int upcomingAllocEst;
    int cap;
    int written;
    boolean done;
  }

  /** A writer's rounds over {@code view}, whose buffers are in {@code descriptors}. */
  public BgBufferSync(CleaningView view, Descriptors descriptors, BgWriterSettings settings) {
    this.view = view;
    this.descriptors = descriptors;
    this.settings = settings;
    this.sweeps = new Sweep[view.sweeps()];
    for (int s = 0; s < sweeps.length; s++) sweeps[s] = new Sweep();
  }

  /**
   * Begins a round: {@code recentAlloc} buffers were allocated since the last round (PostgreSQL's
   * {@code StrategySyncStart} count).
   */
  public void beginRound(long recentAlloc) {
    if (pending >= 0) throw new IllegalStateException("the last round's write of buffer " + pending + " was not reported");
    rounds++;
    buffersAlloc += recentAlloc;
    long total = 0;
    for (int s = 0; s < sweeps.length; s++) total += Math.max(0, view.length(s));
    mayHibernate = true;
    roundWritten = 0;
    current = 0;
    for (int s = 0; s < sweeps.length; s++) {
      Sweep w = sweeps[s];
      w.length = Math.max(0, view.length(s));
      double share = total == 0 ? 1.0 / sweeps.length : (double) w.length / total;
      w.recentAlloc = (int) Math.min(Integer.MAX_VALUE, Math.round(recentAlloc * share));
      w.cap = sweeps.length == 1 ? settings.maxPages() : Math.max(1, (int) Math.round(settings.maxPages() * share));
      plan(w, view.position(s));
    }
  }

  /** The first half of {@code BgBufferSync}: where to clean from, and how much. */
  private void plan(Sweep w, long strategyPosition) {
    int n = w.length;
    long strategyDelta;
    if (w.savedInfoValid) {
      strategyDelta = strategyPosition - w.prevStrategyPosition;
      long ahead = w.nextToClean - strategyPosition;
      if (ahead >= 0 && ahead <= n) {
        w.bufsToLap = (int) (n - ahead);
      } else {
        w.nextToClean = strategyPosition;
        w.bufsToLap = n;
      }
    } else {
      strategyDelta = 0;
      w.nextToClean = strategyPosition;
      w.bufsToLap = n;
    }
    w.prevStrategyPosition = strategyPosition;
    w.savedInfoValid = true;

    if (strategyDelta > 0 && w.recentAlloc > 0) {
      float scansPerAlloc = (float) strategyDelta / (float) w.recentAlloc;
      w.smoothedDensity += (scansPerAlloc - w.smoothedDensity) / SMOOTHING_SAMPLES;
    }
    int bufsAhead = n - w.bufsToLap;
    w.reusableEst = (int) ((float) bufsAhead / w.smoothedDensity);

    if (w.smoothedAlloc <= (float) w.recentAlloc) w.smoothedAlloc = w.recentAlloc;
    else w.smoothedAlloc += ((float) w.recentAlloc - w.smoothedAlloc) / SMOOTHING_SAMPLES;
    w.upcomingAllocEst = (int) (w.smoothedAlloc * settings.multiplier());
    if (w.upcomingAllocEst == 0) w.smoothedAlloc = 0;

    int minScanBuffers = (int) (n / (SCAN_WHOLE_POOL_MS / (float) (settings.delayNanos() / 1e6)));
    if (w.upcomingAllocEst < minScanBuffers + w.reusableEst) w.upcomingAllocEst = minScanBuffers + w.reusableEst;

    w.numToScan = w.bufsToLap;
    w.written = 0;
    w.reusable = w.reusableEst;
    w.done = false;
  }

  /**
   * The next buffer this round wants written: reusable now and dirty. The caller writes it (or
   * finds it no longer dirty, or busy) and reports with {@link #wrote}. Returns -1 when the round
   * is over.
   */
  public int next() {
    if (pending >= 0) throw new IllegalStateException("the write of buffer " + pending + " was not reported");
    while (current < sweeps.length) {
      Sweep w = sweeps[current];
      while (!w.done && w.numToScan > 0 && w.reusable < w.upcomingAllocEst) {
        long p = w.nextToClean++;
        w.numToScan--;
        int b = view.bufferAt(current, p);
        if (b < 0) continue;
        long st = descriptors.state(b);
        if (!view.reusable(b, st)) continue;
        if (has(st, DIRTY)) {
          pending = b;
          return b;
        }
        w.reusable++;
      }
      finishSweep(w);
      current++;
    }
    return -1;
  }

  /**
   * The buffer {@link #next} named was written ({@code written}), or turned out to need no write
   * (cleaned meanwhile: it counts as reusable) or to be busy with another I/O (neither).
   */
  public void wrote(boolean written, boolean busy) {
    if (pending < 0) throw new IllegalStateException("no write is pending");
    pending = -1;
    Sweep w = sweeps[current];
    if (busy) return;
    w.reusable++;
    if (!written) return;
    buffersClean++;
    roundWritten++;
    if (++w.written >= w.cap) {
      maxwrittenClean++;
      w.done = true;
    }
  }

  /** The second half of {@code BgBufferSync}: feed the density estimate from this walk. */
  private void finishSweep(Sweep w) {
    int newStrategyDelta = w.bufsToLap - w.numToScan;
    int newRecentAlloc = w.reusable - w.reusableEst;
    if (newStrategyDelta > 0 && newRecentAlloc > 0) {
      float scansPerAlloc = (float) newStrategyDelta / (float) newRecentAlloc;
      w.smoothedDensity += (scansPerAlloc - w.smoothedDensity) / SMOOTHING_SAMPLES;
    }
    if (!(w.bufsToLap == 0 && w.recentAlloc == 0)) mayHibernate = false;
  }

  /** Whether the finished round says the writer may hibernate ({@code BgBufferSync}'s result). */
  public boolean mayHibernate() {
    return mayHibernate;
  }

  /** Buffers written by the background writer ({@code buffers_clean}). */
  public long buffersClean() {
    return buffersClean;
  }

  /** Rounds that stopped at maxPages ({@code maxwritten_clean}). */
  public long maxwrittenClean() {
    return maxwrittenClean;
  }

  /** Buffers allocated, as the rounds were told ({@code buffers_alloc}). */
  public long buffersAlloc() {
    return buffersAlloc;
  }

  /** Rounds begun. */
  public long rounds() {
    return rounds;
  }

  /** Writes of the last (or current) round. */
  public int roundWritten() {
    return roundWritten;
  }

  /** A sweep's state, for tests of the arithmetic. */
  Sweep sweep(int s) {
    return sweeps[s];
  }
}
