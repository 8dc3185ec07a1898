package dev.bufmgr.wal;

import org.HdrHistogram.Histogram;

/**
 * What a group-commit run measures inside its measurement window: acknowledged commits and
 * their latency (arrival to acknowledgement, nanoseconds, HdrHistogram with three significant
 * digits), each commit's wait before its flush started, and completed flushes with their batch
 * sizes. Not thread-safe.
 */
public final class CommitMetrics {
  private final Histogram latency = new Histogram(3);
  private long commits;
  private double latencySum;
  private double waitSum;
  private long waits;
  private long flushes;
  private long flushedCommits;

  /** An acknowledged commit with its latency in nanoseconds. */
  public void commit(long latencyNanos) {
    commits++;
    latencySum += latencyNanos;
    latency.recordValue(Math.max(0, latencyNanos));
  }

  /** A flushed commit that waited {@code waitNanos} between its arrival and its flush's start. */
  public void waited(long waitNanos) {
    waitSum += waitNanos;
    waits++;
  }

  /** A completed flush of {@code commits} commits. */
  public void flush(int commits) {
    flushes++;
    flushedCommits += commits;
  }

  /**
   * {@code commits} commits found durable without a flush of their own (an earlier flush wrote
   * past their records): they count towards commits per flush, not as a flush.
   */
  public void flushedWithout(int commits) {
    flushedCommits += commits;
  }

  /** Forgets everything (the end of a warm-up). */
  public void reset() {
    latency.reset();
    commits = 0;
    latencySum = 0;
    waitSum = 0;
    waits = 0;
    flushes = 0;
    flushedCommits = 0;
  }

  /** Acknowledged commits recorded. */
  public long commits() {
    return commits;
  }

  /** Completed flushes recorded. */
  public long flushes() {
    return flushes;
  }

  /**
   * Mean commits made durable per completed flush (those found durable without a flush of their
   * own included), or NaN without a flush.
   */
  public double meanBatch() {
    return flushes == 0 ? Double.NaN : (double) flushedCommits / flushes;
  }

  /** Mean latency in nanoseconds, or NaN without a commit. */
  public double meanLatencyNanos() {
    return commits == 0 ? Double.NaN : latencySum / commits;
  }

  /** Latency at quantile {@code q} (0..1) in nanoseconds, or NaN without a commit. */
  public double latencyQuantileNanos(double q) {
    return commits == 0 ? Double.NaN : latency.getValueAtPercentile(q * 100);
  }

  /** Largest latency in nanoseconds, or NaN without a commit. */
  public double maxLatencyNanos() {
    return commits == 0 ? Double.NaN : latency.getMaxValue();
  }

  /** Mean wait between arrival and flush start in nanoseconds, or NaN. */
  public double meanWaitNanos() {
    return waits == 0 ? Double.NaN : waitSum / waits;
  }
}
