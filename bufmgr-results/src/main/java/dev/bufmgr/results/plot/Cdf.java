package dev.bufmgr.results.plot;

/**
 * An empirical cumulative distribution: at each recorded value, the fraction of samples at or
 * below it. Non-decreasing, ending at exactly 1.0 (when there is any sample).
 *
 * @param values the recorded values, ascending
 * @param fractions the cumulative fraction at each value
 */
public record Cdf(double[] values, double[] fractions) {
  /** The CDF of a distribution {@code {values ascending, counts}} (as the core's histograms give it). */
  public static Cdf of(long[][] distribution) {
    long[] v = distribution[0];
    long[] c = distribution[1];
    long total = 0;
    for (long n : c) total += n;
    double[] x = new double[v.length];
    double[] f = new double[v.length];
    long seen = 0;
    for (int i = 0; i < v.length; i++) {
      if (i > 0 && v[i] <= v[i - 1]) throw new IllegalArgumentException("values must ascend: " + v[i - 1] + ", " + v[i]);
      seen += c[i];
      x[i] = v[i];
      f[i] = (double) seen / total;
    }
    return new Cdf(x, f);
  }

  /** The number of points. */
  public int size() {
    return values.length;
  }

  /**
   * The CDF as a staircase for a line chart, {@code {x, y}}: at each value the line rises from the
   * previous fraction to this one, so no segment suggests samples between two recorded values.
   */
  public double[][] steps() {
    int n = values.length;
    double[] x = new double[Math.max(0, 2 * n - 1)];
    double[] y = new double[x.length];
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        x[2 * i - 1] = values[i];
        y[2 * i - 1] = fractions[i - 1];
      }
      x[2 * i] = values[i];
      y[2 * i] = fractions[i];
    }
    return new double[][] {x, y};
  }

  /** {@code {values, fractions}}, the points themselves. */
  public double[][] xy() {
    return new double[][] {values, fractions};
  }
}
