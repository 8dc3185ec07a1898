package dev.bufmgr.workloads.synth;

/**
 * Zipf-distributed ranks in [0, n) with skew theta in (0, 1), by the rejection-free method of
 * Gray et al., "Quickly generating billion-record synthetic databases" (SIGMOD 1994), as YCSB's
 * ZipfianGenerator uses it: zeta(n, theta), eta and alpha are computed once, so each draw costs
 * one uniform number and one pow. Rank 0 is the most popular. Drawn through {@link ScrambledZipf}.
 */
final class ZipfianRanks {
  private final long n;
  private final double alpha;
  private final double zetaN;
  private final double eta;
  private final double secondThreshold;

  /** Precomputes the constants for {@code n} items and skew {@code theta}. */
  ZipfianRanks(long n, double theta) {
    if (n < 2) throw new IllegalArgumentException("zipf needs at least 2 pages, got " + n);
    if (!(theta > 0 && theta < 1)) throw new IllegalArgumentException("zipf theta must lie in (0, 1), got " + theta);
    this.n = n;
    this.alpha = 1.0 / (1.0 - theta);
    this.zetaN = zeta(n, theta);
    double zeta2 = zeta(2, theta);
    this.eta = (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetaN);
    this.secondThreshold = 1.0 + Math.pow(0.5, theta);
  }

  /** The generalized harmonic number: the sum of 1/i^theta for i = 1..n. */
  static double zeta(long n, double theta) {
    double sum = 0;
    for (long i = 1; i <= n; i++) sum += 1.0 / Math.pow(i, theta);
    return sum;
  }

  /** The rank for a uniform {@code u} in [0, 1). */
  long rank(double u) {
    double uz = u * zetaN;
    if (uz < 1.0) return 0;
    if (uz < secondThreshold) return 1;
    long r = (long) (n * Math.pow(eta * u - eta + 1, alpha));
    return Math.min(r, n - 1);
  }
}
