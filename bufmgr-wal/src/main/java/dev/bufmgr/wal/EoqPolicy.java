package dev.bufmgr.wal;

import dev.bufmgr.core.params.Durations;

/**
 * The EOQ square-root timer: a timer with T = sqrt(2 F0 / lambda), where lambda (commit arrival
 * rate) is measured online as the inverse of an exponentially weighted mean inter-arrival gap,
 * and F0 is given or measured from flush durations. It minimises F0/(lambda T) + T/2 for Poisson
 * arrivals (seeds/000: above lambda* = 2/F0, T &lt; F0 and it collapses onto greedy). Until both
 * are measured it flushes at once.
 */
public final class EoqPolicy implements ReleasePolicy {
  private final double alpha;
  private final FlushCostEstimate f0;
  private long lastArrival = Long.MIN_VALUE;
  private double meanGap = Double.NaN;

  /**
   * @param f0Nanos the flush cost, or a negative value to measure it
   * @param alpha weight of a new inter-arrival gap in the moving average, in (0, 1]
   */
  public EoqPolicy(double f0Nanos, double alpha) {
    if (!(alpha > 0 && alpha <= 1)) throw new IllegalArgumentException("eoq alpha must be in (0, 1]");
    this.alpha = alpha;
    this.f0 = f0Nanos < 0 ? FlushCostEstimate.measured() : FlushCostEstimate.given(f0Nanos);
  }

  @Override
  public String name() {
    return f0.isGiven() ? "eoq:f0=" + Durations.format(f0.nanos()) : "eoq";
  }

  @Override
  public void onArrival(long now, Backlog backlog) {
    if (lastArrival != Long.MIN_VALUE) {
      double gap = now - lastArrival;
      meanGap = Double.isNaN(meanGap) ? gap : meanGap + alpha * (gap - meanGap);
    }
    lastArrival = now;
  }

  @Override
  public void onFlushComplete(long start, long end, int commits, long bytes) {
    f0.observe(end - start);
  }

  /** The current timer T in nanoseconds, or NaN before lambda and F0 are known. */
  public double timerNanos() {
    if (!f0.known() || Double.isNaN(meanGap)) return Double.NaN;
    return Math.sqrt(2 * f0.nanos() * meanGap);
  }

  @Override
  public long releaseAt(long now, Backlog backlog) {
    double t = timerNanos();
    if (Double.isNaN(t)) return now;
    return Math.max(now, backlog.oldestArrival() + (long) Math.ceil(t));
  }
}
