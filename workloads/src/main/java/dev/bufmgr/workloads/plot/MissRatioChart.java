package dev.bufmgr.workloads.plot;

import dev.bufmgr.workloads.report.ResultRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Miss-ratio curves as a PNG: miss ratio (1 - hitRatio) against pool size in frames, one series
 * per policy, from result rows with the fields policy, frames and hitRatio. Rendered headless.
 */
public final class MissRatioChart {
  private MissRatioChart() {}

  /** The PNG bytes of the chart titled {@code title}. */
  public static byte[] png(String title, List<ResultRow> rows) {
    System.setProperty("java.awt.headless", "true");
    Map<String, List<double[]>> series = new LinkedHashMap<>();
    for (ResultRow r : rows) {
      series.computeIfAbsent(String.valueOf(r.get("policy")), k -> new ArrayList<>())
          .add(new double[] {r.number("frames"), 1 - r.number("hitRatio")});
    }
    XYChart chart = new XYChartBuilder().width(900).height(560).title(title)
        .xAxisTitle("pool size (frames)").yAxisTitle("miss ratio").build();
    chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideE);
    chart.getStyler().setYAxisMin(0.0);
    for (Map.Entry<String, List<double[]>> e : series.entrySet()) {
      List<double[]> pts = e.getValue();
      pts.sort((a, b) -> Double.compare(a[0], b[0]));
      double[] x = pts.stream().mapToDouble(p -> p[0]).toArray();
      double[] y = pts.stream().mapToDouble(p -> p[1]).toArray();
      chart.addSeries(e.getKey(), x, y).setMarker(SeriesMarkers.CIRCLE);
    }
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot render chart '" + title + "': " + e.getMessage(), e);
    }
  }
}
