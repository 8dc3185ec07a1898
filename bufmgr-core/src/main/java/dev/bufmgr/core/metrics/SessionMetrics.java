package dev.bufmgr.core.metrics;

import org.HdrHistogram.Histogram;

/**
 * The counters of one pool session (one thread). Plain fields with a single writer, so counting
 * costs no atomic operation on the hit path; {@link PoolMetrics} merges sessions. Values read by
 * another thread while the session runs may be stale; they are exact once the thread has been
 * joined.
 */
public final class SessionMetrics {
  private static final long MAX_TRACKED_NANOS = 3_600_000_000_000L;

  long hits;
  long misses;
  long evictions;
  long dirtyEvictions;
  long writeBacks;
  long ringReuses;
  long ringRejections;
  long victimRetries;
  long failedCas;
  final long[] classHits;
  final long[] classMisses;
  final TicksHistogram ticks = new TicksHistogram();
  final Histogram victimNanos = new Histogram(1, MAX_TRACKED_NANOS, 2);

  /** Counters for {@code pageClasses} page classes (0..pageClasses-1). */
  public SessionMetrics(int pageClasses) {
    this.classHits = new long[pageClasses];
    this.classMisses = new long[pageClasses];
  }

  /** A request for a page of class {@code pageClass} found it resident. */
  public void hit(int pageClass) {
    hits++;
    classHits[pageClass]++;
  }

  /** {@code n} requests for pages of class {@code pageClass} found them resident. */
  public void hits(int pageClass, long n) {
    hits += n;
    classHits[pageClass] += n;
  }

  /** A request for a page of class {@code pageClass} had to load it. */
  public void miss(int pageClass) {
    misses++;
    classMisses[pageClass]++;
  }

  /** A page left a buffer to make room; {@code dirty} when it was written back first. */
  public void eviction(boolean dirty) {
    evictions++;
    if (dirty) dirtyEvictions++;
  }

  /** A dirty page was written back to free its buffer (the eviction may still be abandoned). */
  public void writeBack() {
    writeBacks++;
  }

  /** A ring reused one of its own buffers instead of asking the selector. */
  public void ringReuse() {
    ringReuses++;
  }

  /** A BULKREAD ring refused a dirty buffer whose write needed a WAL flush. */
  public void ringRejection() {
    ringRejections++;
  }

  /** A claimed victim had to be given up (pinned or dirtied meanwhile, or the page loaded by another thread). */
  public void victimRetry() {
    victimRetries++;
  }

  /** A victim search examined {@code ticks} positions and, when timed, took {@code nanos} (else negative). */
  public void victimSearch(long ticks, long nanos) {
    this.ticks.record(ticks);
    if (nanos >= 0) victimNanos.recordValue(Math.min(Math.max(nanos, 1), MAX_TRACKED_NANOS));
  }

  /** A victim search's compare-and-sets lost {@code n} times to other threads' changes. */
  public void failedCas(long n) {
    failedCas += n;
  }

  /** Failed compare-and-sets of this session's victim searches so far. */
  public long failedCasTotal() {
    return failedCas;
  }

  /**
   * A copy of this session's victim-search latencies so far (nanoseconds, 2 significant digits);
   * empty when the pool does not time searches. Read it on the session's own thread.
   */
  public Histogram victimSearchNanos() {
    return victimNanos.copy();
  }

  /** The number of page classes counted. */
  public int pageClasses() {
    return classHits.length;
  }

  /** Hits so far. */
  public long hits() {
    return hits;
  }

  /** Misses so far. */
  public long misses() {
    return misses;
  }

  /** Misses served by reusing a buffer of the session's ring so far. */
  public long ringReuses() {
    return ringReuses;
  }

  /** Evictions so far. */
  public long evictions() {
    return evictions;
  }

  /** Dirty pages written back by this session's misses so far. */
  public long writeBacks() {
    return writeBacks;
  }

  /** Victim searches so far. */
  public long victimSearches() {
    return ticks.count();
  }

  /** Positions examined by all victim searches so far. */
  public long ticksTotal() {
    return ticks.total();
  }
}
