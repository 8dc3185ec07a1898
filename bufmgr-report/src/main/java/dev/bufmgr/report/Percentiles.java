package dev.bufmgr.report;

import java.util.Arrays;

/**
 * Percentiles and means of a sample, with numpy's default definition ({@code numpy.percentile},
 * {@code method='linear'}, which libCacheSim's plot scripts use): for {@code n} sorted values
 * {@code x[0..n-1]} the p-th percentile lies at position {@code h = (n - 1) p / 100} and is
 * {@code x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h])}, so P0 is the least value,
 * P100 the greatest, and P50 the median.
 */
public final class Percentiles {
  private Percentiles() {}

  /**
   * The {@code p}-th percentile (0..100) of {@code values}, which need not be sorted.
   *
   * @throws IllegalArgumentException when there is no value or {@code p} lies outside 0..100
   */
  public static double of(double[] values, double p) {
    if (values.length == 0) throw new IllegalArgumentException("a percentile of no values");
    if (!(p >= 0 && p <= 100)) throw new IllegalArgumentException("percentile " + p + " outside 0..100");
    double[] x = values.clone();
    Arrays.sort(x);
    double h = (x.length - 1) * p / 100;
    int lo = (int) Math.floor(h);
    if (lo >= x.length - 1) return x[x.length - 1];
    return x[lo] + (h - lo) * (x[lo + 1] - x[lo]);
  }

  /** The arithmetic mean of {@code values} (NaN when there is none). */
  public static double mean(double[] values) {
    if (values.length == 0) return Double.NaN;
    double sum = 0;
    for (double v : values) sum += v;
    return sum / values.length;
  }
}
