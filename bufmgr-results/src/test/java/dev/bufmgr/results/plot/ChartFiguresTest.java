package dev.bufmgr.results.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.results.report.ResultRow;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYSeries;

/** The issue-35 chart defects, each against a hand-made input whose right drawing is known. */
class ChartFiguresTest {
  @Test
  void seriesThatCoincideAreDrawnOnceAndNamedTogether() {
    double[] x = {1000, 2000, 4000};
    LineChart c = LineChart.of("t", "frames", "miss ratio")
        .series("lru-pool", x, new double[] {0.5, 0.4, 0.3})
        .series("lru", x, new double[] {0.5, 0.4, 0.3})
        .series("opt:bypass=false", x, new double[] {0.30, 0.20, 0.1000001})
        .series("opt", x, new double[] {0.30, 0.20, 0.1})
        .series("gclock", x, new double[] {0.45, 0.35, 0.25});
    List<String> legend = new ArrayList<>();
    for (XYSeries s : c.chart().getSeriesCollection()) if (s.isShowInLegend()) legend.add(s.getLabel().replace("\n  ", " "));
    assertEquals(List.of("lru = lru-pool", "opt \u2248 opt:bypass=false", "gclock"), legend);
  }

  @Test
  void theMissRatioAxisIsFittedToTheCurves() {
    List<ResultRow> rows = new ArrayList<>();
    for (int f : new int[] {1000, 2000, 4000}) rows.add(new ResultRow().put("policy", "lru").put("frames", f).put("hitRatio", 0.5 + f / 100_000.0));
    var styler = MissRatioChart.chart("t", rows, AxisScale.AUTO).chart().getStyler();
    assertEquals(null, styler.getYAxisMin(), "no axis forced to 0");
  }

  @Test
  void moreThanEightCurvesBecomePanelsSharingTheBounds() {
    List<ResultRow> rows = new ArrayList<>();
    List<String> policies = List.of("arc", "car", "clockpro", "gclock", "hotcool", "lirs", "lru-k", "s3fifo", "sieve", "slru", "lru", "opt");
    for (int k = 0; k < policies.size(); k++) {
      for (int f : new int[] {1000, 2000, 4000}) {
        rows.add(new ResultRow().put("policy", policies.get(k)).put("frames", f).put("hitRatio", 0.3 + 0.02 * k + f / 100_000.0));
      }
    }
    LineChart fig = (LineChart) MissRatioChart.figure("t", rows, AxisScale.AUTO);
    SmallMultiples panels = fig.panels();
    assertTrue(panels != null, "12 curves split");
    assertEquals(2 * 640, fig.width(), "10 policies and 2 references: two panels of 5 + 2");
  }

  @Test
  void moreThanEightBarSeriesBecomePanels() {
    List<String> policies = List.of("arc", "car", "clockpro", "gclock", "hotcool", "lirs", "lru-k", "s3fifo", "sieve", "slru", "lru", "opt");
    BarChart bars = BarChart.of("t", "y", List.of("a", "b"));
    for (int k = 0; k < policies.size(); k++) bars.series(policies.get(k), List.of(0.1 * k, 0.2));
    assertTrue(bars.panels() != null, "12 series split");
    assertEquals(2 * 640, bars.width(), "10 policies and 2 references: two panels of 5 + 2");
    BarChart eight = BarChart.of("t", "y", List.of("a"));
    for (String p : policies.subList(0, 8)) eight.series(p, List.of(1.0));
    assertEquals(null, eight.panels());
  }

  @Test
  void crowdedCategoryLabelsAreSlanted() {
    List<String> few = List.of("on", "off");
    List<String> many = new ArrayList<>();
    for (int i = 0; i < 16; i++) many.add("fpw on, bgwriter on, target 0." + i + " / greedy");
    assertEquals(0, BarChart.of("t", "y", few).series("lru", List.of(1, 2)).rotation());
    List<Integer> ones = new ArrayList<>();
    for (int i = 0; i < 16; i++) ones.add(1);
    BarChart crowded = BarChart.of("t", "y", many).series("lru", ones);
    assertEquals(45, crowded.rotation(), "16 categories of about 45 pixels each: slanted labels stay apart");
    // XChart shows every label only when a category is at least its tick-mark spacing hint wide
    // (74 pixels by default): 16 categories share the plot's 900 - 90 - 91 pixels.
    assertTrue(crowded.tickSpacingHint() <= (900 - 90 - 91) / 16, "every category labelled");
    List<String> twelve = List.of("arc", "car", "clockpro", "gclock", "hotcool", "lirs", "lru-k", "lru-pool", "s3fifo", "sieve", "slru", "twoq");
    List<Integer> twelveOnes = twelve.stream().map(x -> 1).toList();
    BarChart selectors = BarChart.of("t", "y", twelve).series("lru", twelveOnes);
    assertTrue(selectors.chart().getStyler().getXAxisTickMarkSpacingHint() < 50, "12 selectors: none left out");
  }

  /** XChart centres the title over the plot, left of the legend, and cuts what does not fit: a long title shrinks. */
  @Test
  void aTitleWiderThanItsRoomShrinks() {
    double[] x = {1, 2, 3};
    String longTitle = "Transactions per second (no steady state: 2,930 tps in the first fifth of the measured time, 3,898 in the last)";
    var shortOne = LineChart.of("Transactions per second", "s", "tps").series("gclock / greedy", x, x).chart().getStyler();
    var longOne = LineChart.of(longTitle, "s", "tps").series("gclock / greedy", x, x).chart().getStyler();
    assertEquals(new org.knowm.xchart.style.XYStyler().getChartTitleFont().getSize(), shortOne.getChartTitleFont().getSize());
    assertTrue(longOne.getChartTitleFont().getSize() < shortOne.getChartTitleFont().getSize(), "shrunk");
  }

  @Test
  void vectorFormatsAreWritten() {
    LineChart c = LineChart.of("t", "x", "y").series("lru", new double[] {1, 2}, new double[] {1, 2});
    assertTrue(new String(c.bytes(ChartFormat.SVG), StandardCharsets.UTF_8).contains("<svg"));
    assertTrue(new String(c.bytes(ChartFormat.PDF), 0, 5, StandardCharsets.US_ASCII).equals("%PDF-"));
    byte[] png = c.png();
    assertEquals(0x89, png[0] & 0xFF);
    assertEquals(EnumSet.allOf(ChartFormat.class), ChartFormat.parse("all"));
    assertEquals(EnumSet.of(ChartFormat.PNG, ChartFormat.SVG), ChartFormat.parse("svg"));
    assertThrows(IllegalArgumentException.class, () -> ChartFormat.parse("gif"));
  }

  @Test
  void panelsKeepTheirSizeInTheGrid() {
    LineChart a = LineChart.of("a", "x", "y").series("lru", new double[] {1, 2}, new double[] {1, 2}).size(300, 200);
    SmallMultiples m = SmallMultiples.of("both", List.of(a, a, a), 2);
    assertEquals(600, m.width());
    assertTrue(m.height() > 400);
    assertTrue(m.png().length > 0);
  }
}
