package dev.bufmgr.results.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Log-spaced pool sizes get a log axis, linear ones do not; tick labels read 0.05. */
class ChartAxesTest {
  @Test
  void compareAndReplaySizesThatAreLogSpacedGetALogAxis() {
    // compare's zipf-with-scans sizes, and its LIRS sizes as --frames percentages become on sprite's pages.
    assertTrue(Axes.logSpaced(new double[] {2000, 5000, 10000, 20000, 40000}));
    double[] lirs = {60, 120, 300, 600, 1200, 2400};
    assertTrue(Axes.logSpaced(lirs));
    // mrc-trace's sizes: --points 10 from 0.5% to 50%.
    TreeSet<Integer> sizes = new TreeSet<>();
    for (int i = 0; i < 10; i++) sizes.add((int) Math.round(100_000 * 0.5 * Math.pow(100, i / 9.0) / 100));
    assertTrue(Axes.logSpaced(sizes.stream().mapToDouble(Integer::doubleValue).toArray()));
  }

  @Test
  void linearSizesKeepALinearAxis() {
    // compare's pgbench sizes, an evenly spaced sweep, too narrow a span, too few points.
    assertFalse(Axes.logSpaced(new double[] {1000, 2000, 3000, 4000, 6000, 8000}));
    assertFalse(Axes.logSpaced(new double[] {100, 200, 300, 400, 500, 600, 700, 800, 900, 1000}));
    assertFalse(Axes.logSpaced(new double[] {1000, 2000, 4000}));
    assertFalse(Axes.logSpaced(new double[] {10, 1000}));
    assertFalse(Axes.logSpaced(new double[] {0, 10, 100, 1000}));
  }

  @Test
  void theMissRatioChartTakesTheAxisFromItsSizes() {
    assertTrue(mrc(2000, 5000, 10000, 20000, 40000).chart().getStyler().isXAxisLogarithmic());
    assertFalse(mrc(1000, 2000, 3000, 4000, 6000, 8000).chart().getStyler().isXAxisLogarithmic());
    // A caller that knows its sizes are log-spaced says so.
    assertTrue(MissRatioChart.chart("t", rows(1000, 2000, 4000), AxisScale.LOG).chart().getStyler().isXAxisLogarithmic());
  }

  @Test
  void tickLabelsHaveALeadingZero() {
    Function<Double, String> f = Axes.tickFormat(0, 0.7, false);
    assertEquals("0.05", f.apply(0.05));
    assertEquals("0.60", f.apply(0.6));
    assertEquals("0.00", f.apply(0.0));
    assertEquals("0.00", f.apply(-0.0));
    assertEquals("10,000", Axes.tickFormat(0, 40_000, false).apply(10_000.0));
    assertEquals("0.05", Axes.tickFormat(0.01, 0.7, true).apply(0.05));
    assertEquals("20,000", Axes.tickFormat(2000, 40_000, true).apply(20_000.0));
    assertEquals("", Axes.tickFormat(2000, 40_000, true).apply(3000.0), "short log axis: 1, 2, 5 only");
  }

  /**
   * The ticks experiment's latency axis (40 ns to 200,000,000 ns, about 90 pixels a decade): 100,000,000
   * (82 pixels wide) a third of a decade from the end label 200,000,000 would overprint it, and gives
   * way; 10,000,000 a decade and a third away does not, nor does 100 beside the end 40.
   */
  @Test
  void aDecadeLabelGivesWayToAnEndLabelItWouldTouch() {
    Function<Double, String> ns = Axes.tickFormat(40, 2e8, true, Axes.X_TICKS, true);
    assertEquals("200,000,000", ns.apply(2e8));
    assertEquals("", ns.apply(1e8));
    assertEquals("10,000,000", ns.apply(1e7));
    assertEquals("100", ns.apply(100.0));
    assertEquals("100,000,000", Axes.tickFormat(40, 2e8, true, Axes.Y_TICKS).apply(1e8), "a vertical axis stacks its labels");
  }

  /** Issue 35: the compare charts' size axis (2,000 to 40,000 frames) carried no label at its right end. */
  @Test
  void theEndsOfALogAxisAreLabelled() {
    Function<Double, String> sizes = Axes.tickFormat(2000, 40_000, true);
    assertEquals("40,000", sizes.apply(40_000.0));
    assertEquals("2,000", sizes.apply(2000.0));
    assertEquals("", sizes.apply(50_000.0 * 0.9), "no label crowding the end");
    Function<Double, String> wide = Axes.tickFormat(30, 80_000, true);
    assertEquals("80,000", wide.apply(80_000.0));
    assertEquals("1,000", wide.apply(1000.0));
    assertEquals("", wide.apply(2000.0), "over many decades only 10^k between the ends");
  }

  @Test
  void tickLabelsIgnoreTheDefaultLocale() {
    Locale saved = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      assertEquals("0.05", Axes.tickFormat(0, 0.7, false).apply(0.05));
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void everyChartUsesTheFormat() {
    // Miss ratios 0 to 0.7: the pattern that writes 0.05.
    var chart = mrc(1000, 2000, 3000).chart();
    assertEquals("#,##0.00##", chart.getStyler().getYAxisDecimalPattern());
    assertEquals("0.05", format(chart.getStyler().getYAxisDecimalPattern(), 0.05));
    assertEquals(Locale.ROOT, chart.getStyler().getLocale());
    var bars = BarChart.of("t", "share", List.of("a", "b")).series("lru", List.of(0.05, 0.7)).chart();
    assertEquals("0.05", format(bars.getStyler().getYAxisDecimalPattern(), 0.05));
    // A log axis formats through a function.
    var log = mrc(2000, 5000, 10000, 20000, 40000).chart();
    assertEquals("5,000", log.getStyler().getXAxisTickLabelsFormattingFunction().apply(5000.0));
  }

  @Test
  void thePatternAndTheFunctionAgree() {
    for (double v : new double[] {0, 0.05, 0.6, 0.125}) {
      assertEquals(Axes.tickFormat(0, 0.7, false).apply(v), format(Axes.decimalPattern(0, 0.7, Axes.Y_TICKS), v));
    }
    assertEquals("#,##0.##", Axes.decimalPattern(0, 40_000, Axes.Y_TICKS));
  }

  private static String format(String pattern, double v) {
    return new java.text.DecimalFormat(pattern, java.text.DecimalFormatSymbols.getInstance(Locale.ROOT)).format(v);
  }

  private static LineChart mrc(double... frames) {
    return MissRatioChart.chart("t", rows(frames), AxisScale.AUTO);
  }

  private static List<ResultRow> rows(double... frames) {
    List<ResultRow> rows = new ArrayList<>();
    for (String p : List.of("lru", "gclock")) {
      for (double f : frames) rows.add(new ResultRow().put("policy", p).put("frames", (long) f).put("hitRatio", 0.5));
    }
    return rows;
  }
}
