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

  /**
   * The figure: the chart, drawn as panels when it has more than eight curves ({@link
   * LineChart#panels}: LRU and OPT in every panel, one miss-ratio range).
   */
  public static Figure figure(String title, List<ResultRow> rows, AxisScale sizes) {
    return chart(title, rows, sizes);
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
