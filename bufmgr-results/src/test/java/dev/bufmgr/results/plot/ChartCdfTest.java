package dev.bufmgr.results.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The CDF the ticks experiment draws. */
class ChartCdfTest {
  @Test
  void cumulativeFractionsEndAtOne() {
    Cdf c = Cdf.of(new long[][] {{1, 2, 5}, {2, 1, 1}});
    assertArrayEquals(new double[] {1, 2, 5}, c.values());
    assertArrayEquals(new double[] {0.5, 0.75, 1.0}, c.fractions());
    assertEquals(1.0, c.fractions()[2]);
  }

  @Test
  void stepsRiseAtEachValue() {
    double[][] s = Cdf.of(new long[][] {{1, 2, 5}, {2, 1, 1}}).steps();
    assertArrayEquals(new double[] {1, 2, 2, 5, 5}, s[0]);
    assertArrayEquals(new double[] {0.5, 0.5, 0.75, 0.75, 1.0}, s[1]);
  }

  @Test
  void valuesMustAscend() {
    assertThrows(IllegalArgumentException.class, () -> Cdf.of(new long[][] {{2, 1}, {1, 1}}));
  }
}
