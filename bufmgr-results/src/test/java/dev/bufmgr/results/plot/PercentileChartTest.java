package dev.bufmgr.results.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rows of percentiles in panels: the label column fits the longest name, a row without data is drawn as such, ticks are 1, 2, 5 steps. */
class PercentileChartTest {
  private static Map<String, double[]> rows(String longName) {
    Map<String, double[]> m = new LinkedHashMap<>();
    m.put("s3fifo", new double[] {-0.05, 0, 0.06, 0.07, 0.13, 0.16});
    m.put(longName, new double[] {0.03, 0.06, 0.11, 0.12, 0.18, 0.23});
    m.put("none", null);
    return m;
  }

  @Test
  void theLabelColumnWidensForALongNameAndRowsSetTheHeight() {
    BufferedImage narrow = PercentileChart.of("t", "x", PercentileChart.Style.DOTS).panel("a", rows("opt")).panel("b", rows("opt")).image();
    BufferedImage wide = PercentileChart.of("t", "x", PercentileChart.Style.BOXES).panel("a", rows("opt:bypass=false,demand=yes"))
        .panel("b", rows("opt:bypass=false,demand=yes")).image();
    assertTrue(wide.getWidth() > narrow.getWidth(), narrow.getWidth() + " " + wide.getWidth());
    assertEquals(narrow.getHeight(), wide.getHeight());
    Map<String, double[]> four = rows("opt");
    four.put("lru", new double[] {0, 0, 0, 0, 0, 0});
    assertTrue(PercentileChart.of("t", "x", PercentileChart.Style.DOTS).panel("a", four).image().getHeight() > narrow.getHeight());
  }

  @Test
  void aRowMustHaveSixValues() {
    assertThrows(IllegalArgumentException.class,
        () -> PercentileChart.of("t", "x", PercentileChart.Style.DOTS).panel("a", Map.of("lru", new double[] {0.1, 0.2})));
  }

  @Test
  void ticksAreOneTwoFiveSteps() {
    assertEquals(0.05, PercentileChart.step(0.28), 1e-12);
    assertEquals(0.1, PercentileChart.step(0.45), 1e-12);
    assertEquals(0.2, PercentileChart.step(0.9), 1e-12);
    assertEquals(1, PercentileChart.step(6), 1e-12);
  }
}
