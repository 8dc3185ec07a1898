package dev.bufmgr.results.plot;

import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Miss-ratio curves as a PNG: miss ratio (1 - hitRatio) against pool size in frames, one series
 * per policy, from result rows with the fields policy, frames and hitRatio. A {@link LineChart}:
 * every policy in its {@link SeriesStyle}; the size axis logarithmic when the sizes are
 * log-spaced (or when the caller says so); the miss-ratio axis fitted to the curves, not from 0, so
 * that close curves stay apart.
 */
public final class MissRatioChart {
  private MissRatioChart() {}

  /** The PNG bytes of the chart titled {@code title}, the size axis chosen from the sizes. */
  public static byte[] png(String title, List<ResultRow> rows) {
    return png(title, rows, AxisScale.AUTO);
  }

  /** The PNG bytes of the figure titled {@code title} with this size axis ({@link #figure}). */
  public static byte[] png(String title, List<ResultRow> rows, AxisScale sizes) {
    return figure(title, rows, sizes).png();
  }

  /** {@link #figure(String, List, AxisScale)} with the size axis chosen from the sizes. */
  public static Figure figure(String title, List<ResultRow> rows) {
    return figure(title, rows, AxisScale.AUTO);
  }

  /** Series a chart may show before {@link #figure} splits it into panels. */
  static final int MAX_SERIES = 8;

  /**
   * The figure: the chart when it draws at most {@value #MAX_SERIES} series ({@link Coincident}
   * series drawn once), else {@link SmallMultiples}: the policies split evenly over panels in
   * their order, each panel with the reference curves (LRU and OPT in either form) and every
   * panel on the same miss-ratio range, so that panels compare.
   */
  public static Figure figure(String title, List<ResultRow> rows, AxisScale sizes) {
    LineChart whole = chart(title, rows, sizes);
    Map<String, List<String>> drawn = whole.drawnSeries();
    if (drawn.size() <= MAX_SERIES) return whole;
    List<String> references = new ArrayList<>();
    List<String> others = new ArrayList<>();
    for (String name : drawn.keySet()) {
      String label = PolicyLabel.of(name);
      (label.equals("lru") || label.startsWith("opt") ? references : others).add(name);
    }
    int room = Math.max(1, MAX_SERIES - references.size());
    int panels = (others.size() + room - 1) / room;
    double[] all = whole.seriesByName().values().stream().flatMapToDouble(xy -> java.util.Arrays.stream(xy[1])).toArray();
    double[] yr = LineChart.range(all, null, null);
    double pad = (yr[1] - yr[0]) * 0.03;
    List<LineChart> charts = new ArrayList<>();
    for (int p = 0; p < panels; p++) {
      List<String> members = others.subList(p * others.size() / panels, (p + 1) * others.size() / panels);
      List<String> labels = members.stream().map(PolicyLabel::of).toList();
      LineChart panel = LineChart.of(String.join(", ", labels) + " against the bounds", "pool size (frames)", "miss ratio")
          .xScale(sizes).yRange(yr[0] - pad, yr[1] + pad).size(640, 460);
      for (String m : members) for (String n : drawn.get(m)) panel.series(n, whole.seriesByName().get(n)[0], whole.seriesByName().get(n)[1]);
      for (String r : references) for (String n : drawn.get(r)) panel.series(n, whole.seriesByName().get(n)[0], whole.seriesByName().get(n)[1]);
      charts.add(panel);
    }
    return SmallMultiples.of(whole.title(), charts, Math.min(3, charts.size()));
  }

  /** The chart, not yet rendered. */
  public static LineChart chart(String title, List<ResultRow> rows, AxisScale sizes) {
    Map<String, List<double[]>> series = new LinkedHashMap<>();
    for (ResultRow r : rows) {
      series.computeIfAbsent(String.valueOf(r.get("policy")), k -> new ArrayList<>())
          .add(new double[] {r.number("frames"), 1 - r.number("hitRatio")});
    }
    LineChart chart = LineChart.of(title, "pool size (frames)", "miss ratio").xScale(sizes);
    for (Map.Entry<String, List<double[]>> e : series.entrySet()) {
      List<double[]> pts = e.getValue();
      pts.sort((a, b) -> Double.compare(a[0], b[0]));
      chart.series(e.getKey(), pts.stream().mapToDouble(p -> p[0]).toArray(), pts.stream().mapToDouble(p -> p[1]).toArray());
    }
    return chart;
  }
}
