package dev.bufmgr.workloads.commit;

import dev.bufmgr.workloads.report.ResultRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;

/** The experiment's PNG charts (XChart, headless). */
final class GroupCommitCharts {
  private GroupCommitCharts() {}

  /** Writes fixedpoint.png, timer-sweep.png, sqrt-timer.png and open-loop.png into {@code dir}. */
  static void write(Path dir, List<ResultRow> fixedPoint, List<ResultRow> sweep, List<ResultRow> open) {
    System.setProperty("java.awt.headless", "true");
    XYChart fp = xy("Self-clocking fixed point: greedy batch vs closed form", "clients N", "mean batch", true, true);
    fp.addSeries("simulated", col(fixedPoint, "clients"), col(fixedPoint, "batch"));
    fp.addSeries("closed form K*", col(fixedPoint, "clients"), col(fixedPoint, "predictedBatch"));
    save(fp, dir.resolve("fixedpoint.png"));

    XYChart gap = xy("Greedy vs best oracle-tuned timer", "load lambda (commits/s)", "greedy response gap (%)", true, false);
    XYChart sqrt = xy("Square-root timer fed measured lambda", "lambda / lambda*", "timer response / greedy response", true, false);
    for (Map.Entry<String, List<ResultRow>> e : byDevice(sweep).entrySet()) {
      double[] lambda = col(e.getValue(), "lambda");
      gap.addSeries(e.getKey(), lambda, col(e.getValue(), "greedyGapPct"));
      double[] rel = new double[lambda.length];
      double[] star = col(e.getValue(), "lambdaStar");
      for (int i = 0; i < rel.length; i++) rel[i] = lambda[i] / star[i];
      sqrt.addSeries(e.getKey(), rel, col(e.getValue(), "sqrtOverGreedy"));
    }
    save(gap, dir.resolve("timer-sweep.png"));
    save(sqrt, dir.resolve("sqrt-timer.png"));

    CategoryChart bars = new CategoryChartBuilder().width(900).height(500)
        .title("Open loop with rate shifts: cost / offline optimum").xAxisTitle("policy").yAxisTitle("cost ratio").build();
    List<String> names = new ArrayList<>();
    List<Number> ratios = new ArrayList<>();
    for (ResultRow r : open) {
      names.add((String) r.get("role"));
      ratios.add(r.number("ratioToOptimum"));
    }
    bars.addSeries("ratio to optimum", names, ratios);
    bars.getStyler().setLegendVisible(false);
    save(bars, dir.resolve("open-loop.png"));
  }

  private static XYChart xy(String title, String x, String y, boolean logX, boolean logY) {
    XYChart c = new XYChartBuilder().width(900).height(550).title(title).xAxisTitle(x).yAxisTitle(y).build();
    c.getStyler().setXAxisLogarithmic(logX);
    c.getStyler().setYAxisLogarithmic(logY);
    return c;
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

  // XChart 4.0.3 marks every BitmapEncoder method deprecated without a replacement; it is the
  // project's chosen PNG writer (DESIGN, Toolchain).
  @SuppressWarnings("deprecation")
  private static void save(Chart<?, ?> chart, Path file) {
    try {
      Files.write(file, BitmapEncoder.getBitmapBytes(chart, BitmapFormat.PNG));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write chart " + file, e);
    }
  }
}
