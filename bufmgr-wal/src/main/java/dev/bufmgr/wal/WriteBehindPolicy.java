package dev.bufmgr.wal;

import dev.bufmgr.core.params.Durations;

/**
 * The adaptive write-behind buffer of seeds/004 (NornicDB): commits are acknowledged in memory
 * (not durable) and drained by one background flusher. A generation is flushed when it holds the
 * batch threshold or its oldest entry has waited the rotation delay. After every flush the delay
 * moves toward the measured drain latency (EWMA), clamped to [min, max] (default 5 ms..1 s), and
 * the threshold becomes drain throughput x delay, clamped to [minOps, maxOps] (default
 * 1,000..100,000).
 */
public final class WriteBehindPolicy implements ReleasePolicy {
  private final double alpha;
  private final long minDelay;
  private final long maxDelay;
  private final long minOps;
  private final long maxOps;
  private double delayNanos;
  private long threshold;

  /**
   * @param initialDelay the starting rotation delay in nanoseconds
   * @param alpha weight of a new drain latency in the delay's moving average, in (0, 1]
   * @param minDelay lower clamp of the delay
   * @param maxDelay upper clamp of the delay
   * @param minOps lower clamp of the batch threshold
   * @param maxOps upper clamp of the batch threshold (also the starting threshold)
   */
  public WriteBehindPolicy(
      long initialDelay, double alpha, long minDelay, long maxDelay, long minOps, long maxOps) {
    if (!(alpha > 0 && alpha <= 1)) throw new IllegalArgumentException("ewma alpha must be in (0, 1]");
    if (minDelay <= 0 || maxDelay < minDelay) {
      throw new IllegalArgumentException("ewma needs 0 < min <= max");
    }
    if (minOps < 1 || maxOps < minOps) {
      throw new IllegalArgumentException("ewma needs 1 <= minops <= maxops");
    }
    this.alpha = alpha;
    this.minDelay = minDelay;
    this.maxDelay = maxDelay;
    this.minOps = minOps;
    this.maxOps = maxOps;
    this.delayNanos = clamp(initialDelay, minDelay, maxDelay);
    this.threshold = maxOps;
  }

  @Override
  public String name() {
    return "ewma:min=" + Durations.format(minDelay) + ",max=" + Durations.format(maxDelay)
        + ",minops=" + minOps + ",maxops=" + maxOps;
  }

  @Override
  public boolean durable() {
    return false;
  }

  /** The current rotation delay in nanoseconds. */
  public double delayNanos() {
    return delayNanos;
  }

  /** The current batch threshold in commits. */
  public long threshold() {
    return threshold;
  }

  @Override
  public void onFlushComplete(long start, long end, int commits, long bytes) {
    long drain = Math.max(1, end - start);
    delayNanos = clamp(delayNanos + alpha * (drain - delayNanos), minDelay, maxDelay);
    double throughput = commits * 1e9 / drain;
    threshold = (long) clamp(throughput * delayNanos / 1e9, minOps, maxOps);
  }

  @Override
  public long releaseAt(long now, Backlog backlog) {
    if (backlog.pending() >= threshold) return now;
    return Math.max(now, backlog.oldestArrival() + (long) delayNanos);
  }

  private static double clamp(double v, double lo, double hi) {
    return Math.max(lo, Math.min(hi, v));
  }
}
