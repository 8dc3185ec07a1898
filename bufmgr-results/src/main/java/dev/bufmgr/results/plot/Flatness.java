package dev.bufmgr.results.plot;

import java.util.List;

/**
 * The flat-chart rule: a chart whose series are all equal, or each constant, says so in its
 * title, with the reason when the caller knows it ("(flat: rings protect the pool from the
 * scan)"), else "(all series equal)" or "(every series constant)". A chart with any variation
 * keeps its title.
 */
public final class Flatness {
  private Flatness() {}

  /**
   * The title suffix for series with these y values: empty unless there are at least two series
   * and all are equal point by point (same x too where given), or every series is constant over
   * at least two points.
   *
   * @param xs the series' x values in the same order, or null (bar charts: the categories are shared)
   * @param reason why the chart is flat when it is, or null
   */
  public static String suffix(List<double[]> ys, List<double[]> xs, String reason) {
    if (ys.isEmpty()) return "";
    boolean equal = ys.size() >= 2;
    for (int s = 1; s < ys.size() && equal; s++) {
      equal = same(ys.get(0), ys.get(s)) && (xs == null || same(xs.get(0), xs.get(s)));
    }
    boolean constant = false;
    boolean allConstant = true;
    for (double[] y : ys) {
      if (y.length >= 2) constant = true;
      for (int i = 1; i < y.length && allConstant; i++) allConstant = close(y[0], y[i]);
    }
    constant &= allConstant;
    if (!equal && !constant) return "";
    if (reason != null && !reason.isBlank()) return " (flat: " + reason + ")";
    return equal ? " (all series equal)" : " (every series constant)";
  }

  private static boolean same(double[] a, double[] b) {
    if (a.length != b.length) return false;
    for (int i = 0; i < a.length; i++) if (!close(a[i], b[i])) return false;
    return true;
  }

  private static boolean close(double a, double b) {
    if (Double.isNaN(a) || Double.isNaN(b)) return Double.isNaN(a) && Double.isNaN(b);
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
  }
}
