package dev.bufmgr.app.commit;

import dev.bufmgr.results.plot.AxisScale;
import dev.bufmgr.results.plot.BarChart;
import dev.bufmgr.results.plot.Figure;
import dev.bufmgr.results.plot.LineChart;
import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The experiment's charts, drawn by the plot package (headless), by PNG file name. */
final class GroupCommitCharts {
  private GroupCommitCharts() {}

  /** fixedpoint.png, timer-sweep.png, sqrt-timer.png and open-loop.png, in that order. */
  static Map<String, Figure> all(List<ResultRow> fixedPoint, List<ResultRow> sweep, List<ResultRow> open) {
    Map<String, Figure> charts = new LinkedHashMap<>();
    LineChart fp = LineChart.of("Self-clocking fixed point: greedy batch vs closed form", "clients N", "mean batch")
        .xScale(AxisScale.LOG).yScale(AxisScale.LOG);
    fp.series("simulated", col(fixedPoint, "clients"), col(fixedPoint, "batch"));
    fp.series("closed form K*", col(fixedPoint, "clients"), col(fixedPoint, "predictedBatch"));
    charts.put("fixedpoint.png", fp);

    LineChart gap = LineChart.of("Greedy vs best oracle-tuned timer", "load lambda (commits/s)", "greedy response gap (%)")
        .xScale(AxisScale.LOG);
    LineChart sqrt = LineChart.of("Square-root timer fed measured lambda", "lambda / lambda*", "timer response / greedy response")
        .xScale(AxisScale.LOG);
    for (Map.Entry<String, List<ResultRow>> e : byDevice(sweep).entrySet()) {
      double[] lambda = col(e.getValue(), "lambda");
      gap.series(e.getKey(), lambda, col(e.getValue(), "greedyGapPct"));
      double[] rel = new double[lambda.length];
      double[] star = col(e.getValue(), "lambdaStar");
      for (int i = 0; i < rel.length; i++) rel[i] = lambda[i] / star[i];
      sqrt.series(e.getKey(), rel, col(e.getValue(), "sqrtOverGreedy"));
    }
    charts.put("timer-sweep.png", gap);
    charts.put("sqrt-timer.png", sqrt);

    List<String> names = new ArrayList<>();
    List<Double> ratios = new ArrayList<>();
    for (ResultRow r : open) {
      names.add((String) r.get("role"));
      ratios.add(r.number("ratioToOptimum"));
    }
    charts.put("open-loop.png", BarChart.of("Open loop with rate shifts: cost / offline optimum", "cost ratio", names)
        .xTitle("policy").series("ratio to optimum", ratios).legend(false));
    return charts;
  }

  private static Map<String, List<ResultRow>> byDevice(List<ResultRow> rows) {
    Map<String, List<ResultRow>> m = new LinkedHashMap<>();
    for (ResultRow r : rows) m.computeIfAbsent((String) r.get("device"), k -> new ArrayList<>()).add(r);
    return m;
  }

  private static double[] col(List<ResultRow> rows, String field) {
    double[] v = new double[rows.size()];
    for (int i = 0; i < v.length; i++) v[i] = rows.get(i).number(field);
    return v;
  }
}
