package dev.bufmgr.workloads.plot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A line chart as PNG bytes: one series per name, each given as x and y arrays. Rendered
 * headless. Series take solid, dashed, dotted and dash-dotted lines in turn, so lines that
 * coincide stay visible.
 */
public final class LineChart {
  private static final java.awt.BasicStroke[] LINES = {
    SeriesLines.SOLID, SeriesLines.DASH_DASH, SeriesLines.DOT_DOT, SeriesLines.DASH_DOT
  };

  private LineChart() {}

  /**
   * The PNG bytes of a chart.
   *
   * @param series per series name, {@code {x[], y[]}} of equal length
   */
  public static byte[] png(String title, String xTitle, String yTitle, Map<String, double[][]> series) {
    System.setProperty("java.awt.headless", "true");
    XYChart chart = new XYChartBuilder().width(900).height(560).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setXAxisDecimalPattern("#,##0.##");
    int i = 0;
    for (Map.Entry<String, double[][]> e : series.entrySet()) {
      chart.addSeries(e.getKey(), e.getValue()[0], e.getValue()[1]).setMarker(SeriesMarkers.NONE)
          .setLineStyle(LINES[i++ % LINES.length]);
    }
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot render chart '" + title + "': " + e.getMessage(), e);
    }
  }
}
