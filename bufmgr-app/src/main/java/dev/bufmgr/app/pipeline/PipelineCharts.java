package dev.bufmgr.app.pipeline;

import dev.bufmgr.pipeline.run.PipelineRunner;
import dev.bufmgr.pipeline.IntervalRow;
import dev.bufmgr.results.plot.Figure;
import dev.bufmgr.results.plot.LineChart;
import dev.bufmgr.results.plot.SmallMultiples;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The time series of pipeline runs as charts (x: seconds of the run's clock, at each interval's
 * end): throughput, latency p99 and dirty buffers one line per run; log volume, the device's busy
 * shares and data-page writes by source one panel per run ({@link SmallMultiples}), their sources
 * as the lines. Every chart shades the warm-up (intervals not measured) and marks the intervals in
 * which a checkpoint started; the throughput chart says so in its title when the measured time
 * never settled (its last fifth more than a quarter off its first).
 */
public final class PipelineCharts {
  /** Lines a chart draws at most; more runs are split over panels. */
  private static final int MAX_SERIES = 8;

  private PipelineCharts() {}

  /** Chart file names (.png) to figures. */
  public static Map<String, Figure> of(List<PipelineRunner.Outcome> outcomes, String clock) {
    Map<String, Figure> charts = new LinkedHashMap<>();
    String x = "seconds (" + clock + " clock)";
    charts.put("tps.png", perRun(outcomes, "Transactions per second" + drift(outcomes), x, "transactions/s", IntervalRow::throughput));
    charts.put("latency-p99.png", perRun(outcomes, "Transaction latency, 99th percentile per interval", x, "ms",
        i -> i.transactionP99Nanos() / 1e6));
    charts.put("dirty-buffers.png", perRun(outcomes, "Dirty buffers at each interval's end", x, "buffers", i -> i.dirtyBuffers()));
    charts.put("wal.png", bySource(outcomes, "Log volume: all records and full-page images", x, "MB/s", ordered(
        "all records", i -> i.walBytes() / seconds(i) / 1e6, "full-page images", i -> i.imageBytes() / seconds(i) / 1e6)));
    charts.put("device.png", bySource(outcomes, "Device busy share: log flushes and data-page writes", x, "share of the interval", ordered(
        "log flushes", IntervalRow::logBusy, "page writes", IntervalRow::pageBusy)));
    Map<String, ToDoubleFunction<IntervalRow>> sources = new LinkedHashMap<>();
    sources.put("backends", i -> i.backendWrites() / seconds(i));
    sources.put("checkpointer", i -> i.checkpointWrites() / seconds(i));
    sources.put("bgwriter", i -> i.bgwriterWrites() / seconds(i));
    charts.put("writes.png", bySource(outcomes, "Data-page writes by who wrote them", x, "pages/s", sources));
    return charts;
  }

  /** One line per run; panels of at most {@value #MAX_SERIES} runs when there are more. */
  private static Figure perRun(List<PipelineRunner.Outcome> outcomes, String title, String x, String y, ToDoubleFunction<IntervalRow> f) {
    List<String> labels = PipelineSummary.labels(outcomes);
    int panels = (outcomes.size() + MAX_SERIES - 1) / MAX_SERIES;
    List<LineChart> charts = new ArrayList<>();
    for (int p = 0; p < panels; p++) {
      List<PipelineRunner.Outcome> part = outcomes.subList(p * outcomes.size() / panels, (p + 1) * outcomes.size() / panels);
      LineChart chart = LineChart.of(panels == 1 ? title : "runs " + (p * outcomes.size() / panels + 1) + " to "
          + ((p + 1) * outcomes.size() / panels), x, y);
      for (PipelineRunner.Outcome o : part) chart.series(labels.get(outcomes.indexOf(o)), xs(o), ys(o, f));
      charts.add(marked(chart, part));
    }
    return panels == 1 ? charts.getFirst() : SmallMultiples.of(title, sized(charts), 2);
  }

  /** One panel per run, its sources as the lines. */
  private static Figure bySource(List<PipelineRunner.Outcome> outcomes, String title, String x, String y,
      Map<String, ToDoubleFunction<IntervalRow>> sources) {
    List<String> labels = PipelineSummary.labels(outcomes);
    List<LineChart> charts = new ArrayList<>();
    for (int k = 0; k < outcomes.size(); k++) {
      PipelineRunner.Outcome o = outcomes.get(k);
      LineChart chart = LineChart.of(outcomes.size() == 1 ? title : labels.get(k), x, y);
      for (Map.Entry<String, ToDoubleFunction<IntervalRow>> s : sources.entrySet()) chart.series(s.getKey(), xs(o), ys(o, s.getValue()));
      charts.add(marked(chart, List.of(o)));
    }
    return charts.size() == 1 ? charts.getFirst() : SmallMultiples.of(title, sized(charts), Math.min(3, charts.size()));
  }

  private static List<LineChart> sized(List<LineChart> charts) {
    for (LineChart c : charts) c.size(600, 400);
    return charts;
  }

  /** The warm-up shaded and the checkpoint starts marked, both from the runs' intervals. */
  private static LineChart marked(LineChart chart, List<PipelineRunner.Outcome> runs) {
    double warmupEnd = 0;
    double start = Double.POSITIVE_INFINITY;
    TreeSet<Double> checkpoints = new TreeSet<>();
    for (PipelineRunner.Outcome o : runs) {
      for (IntervalRow i : o.result().series()) {
        start = Math.min(start, i.startNanos() / 1e9);
        if (!i.measured()) warmupEnd = Math.max(warmupEnd, i.endNanos() / 1e9);
        if (i.checkpointsStarted() > 0) checkpoints.add(i.startNanos() / 1e9);
      }
    }
    if (warmupEnd > start) chart.shade(start, warmupEnd, "warm-up (not measured)");
    if (!checkpoints.isEmpty()) {
      chart.markX(checkpoints.stream().mapToDouble(Double::doubleValue).toArray(), "checkpoint started");
    }
    return chart;
  }

  /** A run whose measured throughput moved more than this share between its first and last fifth never settled. */
  static final double UNSTEADY = 0.10;

  /**
   * The mean throughput of a run's first and last fifth of measured intervals, {@code {first,
   * last}}, when they differ by more than {@value #UNSTEADY} of the first (the run never reached a
   * steady state); else null, as for a run of fewer than five measured intervals.
   */
  static double[] unsteady(PipelineRunner.Outcome o) {
    List<IntervalRow> measured = o.result().series().stream().filter(IntervalRow::measured).toList();
    int fifth = measured.size() / 5;
    if (fifth < 1) return null;
    double a = measured.subList(0, fifth).stream().mapToDouble(IntervalRow::throughput).average().orElse(Double.NaN);
    double b = measured.subList(measured.size() - fifth, measured.size()).stream().mapToDouble(IntervalRow::throughput).average().orElse(Double.NaN);
    return Math.abs(b - a) / Math.max(a, 1e-9) > UNSTEADY ? new double[] {a, b} : null;
  }

  /** A note for the throughput chart's title naming the run that moved most when some run never settled ({@link #unsteady}). */
  static String drift(List<PipelineRunner.Outcome> outcomes) {
    double[] worst = null;
    for (PipelineRunner.Outcome o : outcomes) {
      double[] d = unsteady(o);
      if (d != null && (worst == null || Math.abs(d[1] - d[0]) / d[0] > Math.abs(worst[1] - worst[0]) / worst[0])) worst = d;
    }
    if (worst == null) return "";
    return String.format(Locale.ROOT, " (no steady state: %,.0f tps in the first fifth of the measured time, %,.0f in the last)", worst[0], worst[1]);
  }

  private static Map<String, ToDoubleFunction<IntervalRow>> ordered(
      String a, ToDoubleFunction<IntervalRow> fa, String b, ToDoubleFunction<IntervalRow> fb) {
    Map<String, ToDoubleFunction<IntervalRow>> m = new LinkedHashMap<>();
    m.put(a, fa);
    m.put(b, fb);
    return m;
  }

  private static double seconds(IntervalRow i) {
    return (i.endNanos() - i.startNanos()) / 1e9;
  }

  private static double[] xs(PipelineRunner.Outcome o) {
    return o.result().series().stream().mapToDouble(i -> i.endNanos() / 1e9).toArray();
  }

  private static double[] ys(PipelineRunner.Outcome o, ToDoubleFunction<IntervalRow> f) {
    return o.result().series().stream().mapToDouble(f).toArray();
  }
}
