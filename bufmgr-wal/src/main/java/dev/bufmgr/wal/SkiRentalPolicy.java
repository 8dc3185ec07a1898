package dev.bufmgr.wal;

import dev.bufmgr.core.params.Durations;

/**
 * Ski-rental (rent-or-buy) release, as in the dynamic TCP acknowledgement problem (Dooly et al.
 * 2001; Karlin et al. 1994): keep waiting while the pending commits' accumulated waiting stays
 * below the flush cost F0, and flush the moment it reaches F0. Deterministically 2-competitive
 * against the offline optimum when flushes cost F0 and waiting costs its duration. F0 is given
 * or measured from flush durations; until it is known the policy flushes at once.
 */
public final class SkiRentalPolicy implements ReleasePolicy {
  private final FlushCostEstimate f0;

  /** @param f0Nanos the flush cost, or a negative value to measure it */
  public SkiRentalPolicy(double f0Nanos) {
    this.f0 = f0Nanos < 0 ? FlushCostEstimate.measured() : FlushCostEstimate.given(f0Nanos);
  }

  @Override
  public String name() {
    return f0.isGiven() ? "ski:f0=" + Durations.format(f0.nanos()) : "ski";
  }

  @Override
  public void onFlushComplete(long start, long end, int commits, long bytes) {
    f0.observe(end - start);
  }

  @Override
  public long releaseAt(long now, Backlog backlog) {
    if (!f0.known()) return now;
    // n*t - sum(a) = F0  <=>  t = (F0 + sum(a)) / n
    double t = (f0.nanos() + (double) backlog.arrivalSum()) / backlog.pending();
    return Math.max(now, (long) Math.ceil(t));
  }
}
