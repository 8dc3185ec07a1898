package dev.bufmgr.results.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;

/** Eight policies with their full names leave most of the chart to the plot. */
class ChartLegendTest {
  private static final List<String> EIGHT = List.of(
      "gclock:maxUsage=5,batch=1,hand=global", "gclock:maxUsage=3,batch=1,hand=global",
      "hotcool:batch=64,hand=global,promote=second", "hotcool:batch=64,hand=global,promote=repeat",
      "s3fifo:small=0.1,ghost=0.9,threshold=2,strategyCap=0.1", "s3fifo:small=0.1,ghost=0.9,threshold=1,strategyCap=0.1",
      "lru", "caffeine");

  @Test
  void longNamesWrapAtCommas() {
    String w = Charts.wrap("s3fifo:small=0.1,ghost=0.9,threshold=2,strategyCap=0.1");
    assertEquals("s3fifo:small=0.1,\n  ghost=0.9,threshold=2,\n  strategyCap=0.1", w);
    for (String line : w.split("\n")) assertTrue(line.length() <= Charts.LEGEND_CHARS, line);
    assertEquals("lru", Charts.wrap("lru"));
  }

  @Test
  void theLegendOfEightLongNamesTakesAtMostAThirdOfTheWidth() throws Exception {
    LineChart c = LineChart.of("eight", "pool size (frames)", "miss ratio");
    double[] x = {2000, 5000, 10000, 20000, 40000};
    for (int i = 0; i < EIGHT.size(); i++) {
      double[] y = new double[x.length];
      for (int k = 0; k < x.length; k++) y[k] = 0.6 / (1 + k) + 0.01 * i;
      c.series(EIGHT.get(i), x, y);
    }
    XYChart chart = c.chart();
    System.setProperty("java.awt.headless", "true");
    BufferedImage img = new BufferedImage(Charts.WIDTH, Charts.HEIGHT, BufferedImage.TYPE_INT_ARGB);
    Graphics2D g = img.createGraphics();
    chart.paint(g, Charts.WIDTH, Charts.HEIGHT);
    g.dispose();
    Rectangle2D legend = bounds(chart, "getLegend");
    Rectangle2D plot = bounds(chart, "getPlot");
    assertTrue(legend.getWidth() <= Charts.WIDTH / 3.0, "legend width " + legend.getWidth());
    assertTrue(legend.getHeight() <= Charts.HEIGHT, "legend height " + legend.getHeight());
    assertTrue(plot.getWidth() >= Charts.WIDTH * 0.6, "plot width " + plot.getWidth());
    assertTrue(plot.getX() + plot.getWidth() + legend.getWidth() <= Charts.WIDTH, "legend beside the plot: " + legend + " " + plot);
  }

  private static Rectangle2D bounds(XYChart chart, String part) throws Exception {
    Method m = Chart.class.getDeclaredMethod(part);
    m.setAccessible(true);
    Object p = m.invoke(chart);
    Method b = p.getClass().getMethod("getBounds");
    b.setAccessible(true);
    return (Rectangle2D) b.invoke(p);
  }
}
