package dev.bufmgr.core.metrics;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A snapshot of a pool's counters, merged over its sessions: hits and misses (in all and per page
 * class), evictions, dirty evictions, ring reuses and rejections, ticks per victim and, when the
 * pool timed them, victim-search latencies.
 */
public final class PoolMetrics {
  private final long hits;
  private final long misses;
  private final long evictions;
  private final long dirtyEvictions;
  private final long writeBacks;
  private final long ringReuses;
  private final long ringRejections;
  private final long victimRetries;
  private final long[] classHits;
  private final long[] classMisses;
  private final TicksHistogram ticks = new TicksHistogram();
  private final Histogram victimNanos;

  /** Merges the given sessions' counters. */
  public static PoolMetrics merge(Collection<SessionMetrics> sessions, int pageClasses) {
    return new PoolMetrics(sessions, pageClasses);
  }

  private PoolMetrics(Collection<SessionMetrics> sessions, int pageClasses) {
    long h = 0, m = 0, e = 0, d = 0, w = 0, rr = 0, rj = 0, vr = 0;
    classHits = new long[pageClasses];
    classMisses = new long[pageClasses];
    victimNanos = new Histogram(1, 3_600_000_000_000L, 2);
    for (SessionMetrics s : sessions) {
      h += s.hits;
      m += s.misses;
      e += s.evictions;
      d += s.dirtyEvictions;
      w += s.writeBacks;
      rr += s.ringReuses;
      rj += s.ringRejections;
      vr += s.victimRetries;
      for (int c = 0; c < pageClasses; c++) {
        classHits[c] += s.classHits[c];
        classMisses[c] += s.classMisses[c];
      }
      ticks.add(s.ticks);
      victimNanos.add(s.victimNanos);
    }
    hits = h;
    misses = m;
    evictions = e;
    dirtyEvictions = d;
    writeBacks = w;
    ringReuses = rr;
    ringRejections = rj;
    victimRetries = vr;
  }

  public long hits() {
    return hits;
  }

  public long misses() {
    return misses;
  }

  /** Hits plus misses. */
  public long requests() {
    return hits + misses;
  }

  /** Hits over requests; NaN when there was no request. */
  public double hitRatio() {
    return requests() == 0 ? Double.NaN : (double) hits / requests();
  }

  /** Pages that left a buffer to make room for another (victims and ring reuses). */
  public long evictions() {
    return evictions;
  }

  /** Evictions that wrote the page back first. */
  public long dirtyEvictions() {
    return dirtyEvictions;
  }

  /**
   * Dirty pages written back to free their buffer. At least {@link #dirtyEvictions()}: a written
   * buffer may still be given up when another thread pins it before it is taken over.
   */
  public long writeBacks() {
    return writeBacks;
  }

  /** Buffers a ring reused without asking the selector. */
  public long ringReuses() {
    return ringReuses;
  }

  /** Dirty buffers a BULKREAD ring refused because their write needed a WAL flush. */
  public long ringRejections() {
    return ringRejections;
  }

  /** Claimed victims given up because another thread pinned or dirtied them, or loaded the page first. */
  public long victimRetries() {
    return victimRetries;
  }

  /** The number of page classes counted. */
  public int pageClasses() {
    return classHits.length;
  }

  /** Hits on pages of class {@code c}. */
  public long hits(int c) {
    return classHits[c];
  }

  /** Misses on pages of class {@code c}. */
  public long misses(int c) {
    return classMisses[c];
  }

  /** Victim searches done by the selector (ring reuses and free buffers need none). */
  public long victimSearches() {
    return ticks.count();
  }

  /** Mean positions examined per victim; NaN when there was no search. */
  public double ticksPerVictimMean() {
    return ticks.mean();
  }

  /** The q-quantile of ticks per victim (see {@link TicksHistogram#percentile}). */
  public double ticksPerVictimPercentile(double q) {
    return ticks.percentile(q);
  }

  /** The most positions one search examined. */
  public long ticksPerVictimMax() {
    return ticks.max();
  }

  /** The ticks-per-victim distribution. */
  public TicksHistogram ticksHistogram() {
    return ticks;
  }

  /** The q-quantile of victim-search latency in nanoseconds; NaN when searches were not timed. */
  public double victimSearchNanosPercentile(double q) {
    return victimNanos.getTotalCount() == 0 ? Double.NaN : victimNanos.getValueAtPercentile(q * 100.0);
  }

  /**
   * The recorded victim-search latencies as {@code {nanos, counts}}, ascending, one entry per
   * occupied histogram bucket (2 significant digits) valued at the bucket's highest equivalent
   * value; both arrays empty when searches were not timed.
   */
  public long[][] victimSearchNanosDistribution() {
    List<Long> values = new ArrayList<>();
    List<Long> counts = new ArrayList<>();
    for (HistogramIterationValue v : victimNanos.recordedValues()) {
      values.add(victimNanos.highestEquivalentValue(v.getValueIteratedTo()));
      counts.add(v.getCountAtValueIteratedTo());
    }
    return new long[][] {
      values.stream().mapToLong(Long::longValue).toArray(), counts.stream().mapToLong(Long::longValue).toArray()
    };
  }

  /** The longest victim search in nanoseconds; NaN when searches were not timed. */
  public double victimSearchNanosMax() {
    return victimNanos.getTotalCount() == 0 ? Double.NaN : victimNanos.getMaxValue();
  }
}
