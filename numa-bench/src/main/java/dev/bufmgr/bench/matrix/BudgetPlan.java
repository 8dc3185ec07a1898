package dev.bufmgr.bench.matrix;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * How a matrix fits a time budget. Points are planned into {@value #PLAN_SHARE} of the budget (the
 * rest is the margin for the runner's own start, the charts, and forks slower than estimated on a
 * busy host; the runner also starts no point that its estimate says would end past the budget).
 * The matrix's own settings when its estimate fits; otherwise
 * each setting trimmed toward {@link JmhSettings#FLOOR} in steps (measured iterations and their
 * length first, then warmup) until it fits; when even the floor does not fit every point, the
 * floor with the longest prefix of the points that fits. A budget below one point at the floor is
 * refused.
 *
 * @param settings the settings every point runs with
 * @param points the points that run
 * @param dropped how many of the matrix's points do not run
 * @param estimatedSeconds the estimate of the points that run
 * @param trimmed what was trimmed, in words (empty when nothing was)
 */
public record BudgetPlan(JmhSettings settings, List<Point> points, int dropped, double estimatedSeconds, String trimmed) {

  /** The share of the budget the points are planned into. */
  public static final double PLAN_SHARE = 0.85;

  /** The trimming steps after the matrix's own settings, each a cap on every setting. */
  private static final List<JmhSettings> STEPS = List.of(
      new JmhSettings(1, 2, 2, 3, 2), new JmhSettings(1, 2, 1, 3, 1), new JmhSettings(1, 1, 1, 2, 1),
      JmhSettings.FLOOR);

  /**
   * The plan for {@code matrix} within {@code budget}.
   *
   * @param fixed settings that replace the matrix's and are never trimmed ({@code --quick}), or null
   * @throws UsageException when the budget is below one point
   */
  public static BudgetPlan fit(Matrix matrix, Duration budget, JmhSettings fixed) {
    double limit = PLAN_SHARE * budget.toMillis() / 1000.0;
    List<Point> points = matrix.points();
    if (fixed != null) return prefix(matrix, fixed, limit, budget, "");
    JmhSettings own = matrix.settings();
    if (matrix.seconds(own) <= limit) return new BudgetPlan(own, points, 0, matrix.seconds(own), "");
    for (JmhSettings step : STEPS) {
      JmhSettings s = own.atMost(step);
      if (matrix.seconds(s) <= limit) {
        return new BudgetPlan(s, points, 0, matrix.seconds(s), trimmedSettings(own, s, matrix, budget));
      }
    }
    JmhSettings floor = own.atMost(JmhSettings.FLOOR);
    return prefix(matrix, floor, limit, budget, trimmedSettings(own, floor, matrix, budget));
  }

  private static BudgetPlan prefix(Matrix matrix, JmhSettings s, double limit, Duration budget, String trimmedSettings) {
    List<Point> points = matrix.points();
    double total = 0;
    int kept = 0;
    while (kept < points.size() && total + s.seconds(points.get(kept).methods()) <= limit) {
      total += s.seconds(points.get(kept).methods());
      kept++;
    }
    if (kept == 0) {
      throw new UsageException(String.format(Locale.ROOT,
          "--budget %s is below one point of matrix %s (about %.0f s at %s, planned into %.0f%% of the budget)",
          Budget.format(budget), matrix.name(), s.seconds(points.get(0).methods()), s.describe(), 100 * PLAN_SHARE));
    }
    String note = trimmedSettings;
    if (kept < points.size()) {
      String drop = String.format(Locale.ROOT, "only the first %d of %d points run (the last %d, from %s on, do not fit)",
          kept, points.size(), points.size() - kept, points.get(kept).describe());
      note = note.isEmpty() ? drop : note + "; " + drop;
    }
    return new BudgetPlan(s, points.subList(0, kept), points.size() - kept, total, note);
  }

  private static String trimmedSettings(JmhSettings own, JmhSettings s, Matrix matrix, Duration budget) {
    return String.format(Locale.ROOT, "the matrix's %s (about %.0f s) exceed %.0f%% of the %s budget: trimmed to %s",
        own.describe(), matrix.seconds(own), 100 * PLAN_SHARE, Budget.format(budget), s.describe());
  }
}
