package dev.bufmgr.wal;

/**
 * The flush cost F0 a policy works with: either given, or measured online as an exponentially
 * weighted moving average of flush durations (the first measurement seeds it).
 */
final class FlushCostEstimate {
  private static final double ALPHA = 0.125;
  private final boolean given;
  private double nanos;
  private boolean known;

  private FlushCostEstimate(boolean given, double nanos) {
    this.given = given;
    this.nanos = nanos;
    this.known = given;
  }

  static FlushCostEstimate given(double nanos) {
    return new FlushCostEstimate(true, nanos);
  }

  static FlushCostEstimate measured() {
    return new FlushCostEstimate(false, 0);
  }

  boolean known() {
    return known;
  }

  double nanos() {
    return nanos;
  }

  boolean isGiven() {
    return given;
  }

  void observe(long durationNanos) {
    if (given) return;
    if (!known) {
      nanos = durationNanos;
      known = true;
    } else {
      nanos += ALPHA * (durationNanos - nanos);
    }
  }
}
