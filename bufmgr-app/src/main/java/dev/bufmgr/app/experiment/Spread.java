package dev.bufmgr.app.experiment;

import dev.bufmgr.results.Tables;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleFunction;

/**
 * One experiment cell over several seeds: its mean and range, and the rule every experiment's
 * summary names a winner by. A candidate wins only when its whole range lies on the better side
 * of every other candidate's range; when any two ranges meet, the summary says there is no
 * difference beyond the spread instead of ranking means that one seed more could reorder.
 *
 * @param mean the mean over the seeds
 * @param min the smallest value
 * @param max the largest value
 * @param n the number of seeds
 */
public record Spread(double mean, double min, double max, int n) {

  /** Seeds an experiment runs per cell: at least 3 in a quick run, 5 otherwise. */
  public static int seeds(boolean quick) {
    return quick ? 3 : 5;
  }

  /** The spread of {@code values} (one per seed; NaNs are left out, all NaN gives a NaN cell). */
  public static Spread of(List<Double> values) {
    double sum = 0;
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    int n = 0;
    for (double v : values) {
      if (Double.isNaN(v)) continue;
      sum += v;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
      n++;
    }
    if (n == 0) return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
    return new Spread(sum / n, lo, hi, n);
  }

  /** Whether this range and {@code other}'s share a value (touching ends count as sharing). */
  public boolean overlaps(Spread other) {
    return !(max < other.min || other.max < min);
  }

  /** "mean (min..max)", each number written by {@code format}. */
  public String format(DoubleFunction<String> format) {
    if (n == 0) return "n/a";
    return format.apply(mean) + " (" + format.apply(min) + ".." + format.apply(max) + ")";
  }

  /** "mean (min..max)" with {@code decimals} decimals. */
  public String num(int decimals) {
    return format(v -> Tables.num(v, decimals));
  }

  /** "mean (min..max)" as percentages. */
  public String pct() {
    return format(Tables::pct);
  }

  /**
   * The candidate whose range lies entirely above (or, with {@code higherIsBetter} false, below)
   * every other candidate's range, or {@code null} when there is none: the best mean's range meets
   * another's, fewer than two candidates have values, or a cell has fewer than two seeds.
   */
  public static <K> K winner(Map<K, Spread> cells, boolean higherIsBetter) {
    K best = null;
    Spread top = null;
    int candidates = 0;
    for (Map.Entry<K, Spread> e : cells.entrySet()) {
      Spread s = e.getValue();
      if (s.n == 0) continue;
      if (s.n < 2) return null;
      candidates++;
      if (top == null || (higherIsBetter ? s.mean > top.mean : s.mean < top.mean)) {
        best = e.getKey();
        top = s;
      }
    }
    if (candidates < 2) return null;
    for (Map.Entry<K, Spread> e : cells.entrySet()) {
      Spread s = e.getValue();
      if (e.getKey().equals(best) || s.n == 0) continue;
      boolean clear = higherIsBetter ? top.min > s.max : top.max < s.min;
      if (!clear) return null;
    }
    return best;
  }

  /** The words a summary uses: the winner's name in bold, or that no difference exceeds the spread. */
  public static <K> String verdict(Map<K, Spread> cells, boolean higherIsBetter) {
    K w = winner(cells, higherIsBetter);
    return w == null ? NO_DIFFERENCE : "**" + w + "**";
  }

  /**
   * A summary's words for {@code cells}: the winner in bold with its spread, or that there is no
   * difference beyond the spread, naming the best mean and its spread for the record.
   */
  public static <K> String judge(Map<K, Spread> cells, boolean higherIsBetter, DoubleFunction<String> format) {
    K w = winner(cells, higherIsBetter);
    if (w != null) return "**" + w + "** (" + cells.get(w).format(format) + ")";
    K best = null;
    for (Map.Entry<K, Spread> e : cells.entrySet()) {
      if (e.getValue().n == 0) continue;
      double m = e.getValue().mean;
      if (best == null || (higherIsBetter ? m > cells.get(best).mean : m < cells.get(best).mean)) best = e.getKey();
    }
    if (best == null) return NO_DIFFERENCE;
    return NO_DIFFERENCE + " (best mean " + best + ", " + cells.get(best).format(format) + ")";
  }

  /** What a summary says when no candidate's range clears every other's. */
  public static final String NO_DIFFERENCE = "no difference beyond the spread";
}
