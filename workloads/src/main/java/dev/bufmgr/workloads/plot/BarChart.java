package dev.bufmgr.workloads.plot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/** A grouped bar chart as PNG bytes: categories on the x axis, one bar series per name. Rendered headless. */
public final class BarChart {
  private BarChart() {}

  /**
   * The PNG bytes of a chart.
   *
   * @param categories the x-axis categories, in order
   * @param series per series name, one value per category
   */
  public static byte[] png(String title, String yTitle, List<String> categories, Map<String, List<Double>> series) {
    System.setProperty("java.awt.headless", "true");
    CategoryChart chart = new CategoryChartBuilder().width(900).height(560).title(title).yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    for (Map.Entry<String, List<Double>> e : series.entrySet()) chart.addSeries(e.getKey(), categories, e.getValue());
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot render chart '" + title + "': " + e.getMessage(), e);
    }
  }
}
