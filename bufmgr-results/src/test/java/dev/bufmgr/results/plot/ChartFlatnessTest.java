package dev.bufmgr.results.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The flat-title rule fires on flat series only. */
class ChartFlatnessTest {
  private static final double[] X = {1, 2, 3, 4};

  @Test
  void equalSeriesSaySoWithTheReasonWhenGiven() {
    LineChart c = LineChart.of("Hot set resident", "requests", "fraction")
        .series("gclock", X, new double[] {1, 1, 1, 1}).series("s3fifo", X, new double[] {1, 1, 1, 1});
    assertEquals("Hot set resident (all series equal)", c.title());
    assertEquals("Hot set resident (flat: rings protect the pool from the scan)",
        c.flatReason("rings protect the pool from the scan").title());
    assertEquals("Hot set resident (flat: rings protect the pool from the scan)", c.chart().getTitle());
  }

  @Test
  void equalButMovingSeriesAreFlatAcrossPolicies() {
    LineChart c = LineChart.of("t", "x", "y")
        .series("gclock", X, new double[] {0.5, 0.7, 0.9, 0.8}).series("hotcool", X, new double[] {0.5, 0.7, 0.9, 0.8});
    assertEquals("t (all series equal)", c.title());
  }

  @Test
  void constantSeriesAtDifferentLevels() {
    assertEquals(" (every series constant)", Flatness.suffix(List.of(new double[] {1, 1, 1}, new double[] {2, 2, 2}), null, null));
  }

  @Test
  void anyVariationKeepsTheTitle() {
    LineChart c = LineChart.of("t", "x", "y").flatReason("rings protect the pool from the scan")
        .series("gclock", X, new double[] {1, 1, 1, 1}).series("s3fifo", X, new double[] {1, 1, 0.99, 1});
    assertEquals("t", c.title());
    assertEquals("t", LineChart.of("t", "x", "y").series("lru", X, new double[] {1, 2, 3, 4}).title(), "one varying series");
    assertEquals("", Flatness.suffix(List.of(new double[] {0.3}), null, null), "one point is no line");
    // Same y but another x is not the same series.
    assertEquals("t", LineChart.of("t", "x", "y").series("a", X, new double[] {1, 2, 3, 4})
        .series("b", new double[] {2, 3, 4, 5}, new double[] {1, 2, 3, 4}).title());
  }

  @Test
  void barChartsFollowTheSameRule() {
    List<String> cats = List.of("batch 1", "batch 16");
    assertEquals("p99 (all series equal)", BarChart.of("p99", "ticks", cats).series("gclock", List.of(3.0, 5.0))
        .series("hotcool", List.of(3.0, 5.0)).title());
    assertEquals("p99", BarChart.of("p99", "ticks", cats).series("gclock", List.of(3.0, 5.0))
        .series("hotcool", List.of(1.0, 2.0)).title());
  }
}
