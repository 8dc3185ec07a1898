package dev.bufmgr.report;

import dev.bufmgr.results.plot.AxisScale;
import dev.bufmgr.results.plot.BarChart;
import dev.bufmgr.results.plot.Figure;
import dev.bufmgr.results.plot.LineChart;
import dev.bufmgr.results.plot.PercentileChart;
import dev.bufmgr.sweep.SweepSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A report's charts by PNG file name (each written in every format asked for): the reduction's percentiles and box plots at the
 * shown sizes, the mean reduction per dataset at each shown size, the win fraction per size, and
 * each chosen trace's miss-ratio curves. Every number drawn is a row of {@link ReportTable}.
 */
final class ReportCharts {
  private final CrossTrace ct;
  private final PolicyNames names;
  private final TraceNames traces;

  ReportCharts(CrossTrace ct, PolicyNames names, TraceNames traces) {
    this.ct = ct;
    this.names = names;
    this.traces = traces;
  }

  /** The charts, by file name, in order. */
  Map<String, Figure> all(List<String> shownSizes, List<String> curveTraces) {
    Map<String, Figure> out = new LinkedHashMap<>();
    if (!shownSizes.isEmpty()) {
      out.put("percentiles.png", percentiles(shownSizes, PercentileChart.Style.DOTS));
      out.put("boxes.png", percentiles(shownSizes, PercentileChart.Style.BOXES));
      for (String size : shownSizes) out.put("datasets-" + TraceNames.fileSafe(size) + ".png", datasets(size));
    }
    out.put("wins.png", wins());
    for (String t : curveTraces) out.put("trace-" + traces.forFile(t) + ".png", curves(t));
    return out;
  }

  /** The policies whose reduction is drawn: every policy but the baseline. */
  private List<String> reduced() {
    return ct.policies().stream().filter(p -> !p.equals(ct.baseline())).toList();
  }

  private Figure percentiles(List<String> sizes, PercentileChart.Style style) {
    String what = style == PercentileChart.Style.DOTS ? "percentiles over traces" : "P10, P25, median, mean, P75, P90 over traces";
    PercentileChart chart = PercentileChart.of("Miss-ratio reduction from " + names.label(ct.baseline()) + ": " + what,
        "(mr_" + names.label(ct.baseline()) + " - mr) / mr_" + names.label(ct.baseline()), style);
    for (String size : sizes) {
      Map<String, double[]> rows = new LinkedHashMap<>();
      int least = Integer.MAX_VALUE;
      int most = 0;
      for (String p : reduced()) {
        CrossTrace.Distribution d = ct.distribution(size, p);
        rows.put(names.label(p), d == null ? null : d.values());
        if (d != null) {
          least = Math.min(least, d.traces());
          most = Math.max(most, d.traces());
        }
      }
      String count = most == 0 ? "no traces" : least == most ? most + " traces" : least + " to " + most + " traces";
      chart.panel("size " + size + " (" + count + ")", rows);
    }
    return chart;
  }

  private Figure datasets(String size) {
    List<String> datasets = ct.datasets().stream()
        .filter(d -> ct.datasetMeans().stream().anyMatch(m -> m.size().equals(size) && m.dataset().equals(d))).toList();
    BarChart chart = BarChart.of("Mean miss-ratio reduction from " + names.label(ct.baseline()) + " per dataset, size " + size,
        "mean reduction", datasets).xTitle("dataset");
    for (String p : reduced()) {
      List<Double> v = new ArrayList<>();
      for (String d : datasets) {
        v.add(ct.datasetMeans().stream().filter(m -> m.size().equals(size) && m.dataset().equals(d) && m.policy().equals(p))
            .mapToDouble(CrossTrace.DatasetMean::mean).findFirst().orElse(Double.NaN));
      }
      chart.series(names.label(p), v);
    }
    return chart;
  }

  private Figure wins() {
    BarChart chart = BarChart.of("Win fraction: share of traces with the lowest miss ratio (ties shared)", "win fraction", ct.sizes())
        .xTitle(ct.sizes().stream().allMatch(s -> SweepSize.parse(s).isFraction())
            ? "cache size (fraction of each trace's footprint)" : "cache size");
    for (String p : ct.contenders()) {
      List<Double> v = new ArrayList<>();
      for (String size : ct.sizes()) {
        v.add(ct.wins().stream().filter(w -> w.size().equals(size) && w.policy().equals(p)).mapToDouble(CrossTrace.WinShare::share)
            .findFirst().orElse(Double.NaN));
      }
      chart.series(names.label(p), v);
    }
    return chart;
  }

  private Figure curves(String trace) {
    LineChart chart = LineChart.of("Miss ratio of " + traces.of(trace) + " (" + ct.datasetOf(trace) + ")", "cache size (frames)", "miss ratio")
        .xScale(AxisScale.LOG).yRange(0.0, null);
    for (String p : ct.policies()) {
      List<double[]> pts = new ArrayList<>();
      for (String size : ct.sizes()) {
        Double mr = ct.missRatio(trace, size, p);
        if (mr != null) pts.add(new double[] {ct.frames(trace, size), mr});
      }
      if (pts.isEmpty()) continue;
      pts.sort((a, b) -> Double.compare(a[0], b[0]));
      chart.series(names.label(p), pts.stream().mapToDouble(q -> q[0]).toArray(), pts.stream().mapToDouble(q -> q[1]).toArray());
    }
    return chart;
  }
}
