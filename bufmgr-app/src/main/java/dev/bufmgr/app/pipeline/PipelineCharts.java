package dev.bufmgr.app.pipeline;

import dev.bufmgr.pipeline.run.PipelineRunner;
import dev.bufmgr.pipeline.IntervalRow;
import dev.bufmgr.results.plot.LineChart;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The time series of pipeline runs as PNG charts, one line per run (x: seconds of the run's
 * clock, at each interval's end): throughput, latency p99, log volume, dirty buffers, the
 * device's busy shares, and data-page writes by source.
 */
public final class PipelineCharts {
  private PipelineCharts() {}

  /** Chart file names to PNG bytes. */
  public static Map<String, byte[]> of(List<PipelineRunner.Outcome> outcomes, String clock) {
    Map<String, byte[]> charts = new LinkedHashMap<>();
    String x = "seconds (" + clock + " clock)";
    charts.put("tps.png", LineChart.png("Transactions per second", x, "transactions/s",
        series(outcomes, "", IntervalRow::throughput)));
    charts.put("latency-p99.png", LineChart.png("Transaction latency, 99th percentile per interval", x, "ms",
        series(outcomes, "", i -> i.transactionP99Nanos() / 1e6)));
    Map<String, double[][]> wal = series(outcomes, " all", i -> i.walBytes() / seconds(i) / 1e6);
    wal.putAll(series(outcomes, " images", i -> i.imageBytes() / seconds(i) / 1e6));
    charts.put("wal.png", LineChart.png("Log volume (all records, and full-page images)", x, "MB/s", wal));
    charts.put("dirty-buffers.png", LineChart.png("Dirty buffers at each interval's end", x, "buffers",
        series(outcomes, "", i -> i.dirtyBuffers())));
    Map<String, double[][]> device = series(outcomes, " log", IntervalRow::logBusy);
    device.putAll(series(outcomes, " pages", IntervalRow::pageBusy));
    charts.put("device.png", LineChart.png("Device busy share: log flushes and data-page writes", x, "share of the interval", device));
    Map<String, double[][]> writes = series(outcomes, " backends", i -> i.backendWrites() / seconds(i));
    writes.putAll(series(outcomes, " checkpointer", i -> i.checkpointWrites() / seconds(i)));
    writes.putAll(series(outcomes, " bgwriter", i -> i.bgwriterWrites() / seconds(i)));
    charts.put("writes.png", LineChart.png("Data-page writes by who wrote them", x, "pages/s", writes));
    return charts;
  }

  private static double seconds(IntervalRow i) {
    return (i.endNanos() - i.startNanos()) / 1e9;
  }

  private static Map<String, double[][]> series(List<PipelineRunner.Outcome> outcomes, String suffix, ToDoubleFunction<IntervalRow> y) {
    Map<String, double[][]> m = new LinkedHashMap<>();
    List<String> labels = PipelineSummary.labels(outcomes);
    for (int k = 0; k < outcomes.size(); k++) {
      List<IntervalRow> rows = outcomes.get(k).result().series();
      double[] xs = new double[rows.size()];
      double[] ys = new double[rows.size()];
      for (int i = 0; i < rows.size(); i++) {
        xs[i] = rows.get(i).endNanos() / 1e9;
        double v = y.applyAsDouble(rows.get(i));
        ys[i] = v;
      }
      m.put(labels.get(k) + suffix, new double[][] {xs, ys});
    }
    return m;
  }
}
