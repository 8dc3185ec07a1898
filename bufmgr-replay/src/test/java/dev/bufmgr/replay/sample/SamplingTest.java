package dev.bufmgr.replay.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The sampling hash is the JDK's SplitMix64 ({@code new SplittableRandom(page).nextLong()}), and a
 * rate keeps its share of pages on consecutive ids, counted with the JDK's hash.
 */
class SamplingTest {
  @Test
  void theHashIsTheJdksSplitMix64OutputForThePageAsState() {
    for (long page : new long[] {0, 1, 2, 42, -1, Long.MIN_VALUE, 1L << 40, 123_456_789_012L}) {
      assertEquals(new SplittableRandom(page).nextLong(), Sampling.hash(page), "page " + page);
    }
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.001, 0.01, 0.1, 0.5})
  void aRateKeepsItsShareOfConsecutivePagesCountedIndependently(double rate) {
    int pages = 1_000_000;
    Sampling s = Sampling.ofRate(rate);
    long threshold = Math.round(rate * (1 << 24));
    int kept = 0;
    int keptByJdk = 0;
    for (long p = 0; p < pages; p++) {
      if (s.value(p) < s.initialThreshold()) kept++;
      if ((new SplittableRandom(p).nextLong() & ((1 << 24) - 1)) < threshold) keptByJdk++;
    }
    assertEquals(keptByJdk, kept);
    double expected = pages * (threshold / (double) (1 << 24));
    double sd = Math.sqrt(expected * (1 - rate));
    assertTrue(Math.abs(kept - expected) < 4 * sd, kept + " kept, expected " + expected + " +- " + sd);
  }

  @Test
  void parsesRatesPercentagesAndFixedSizes() {
    assertEquals(Sampling.ofRate(0.01), Sampling.parse("0.01"));
    assertEquals(Sampling.ofRate(0.01), Sampling.parse("1%"));
    assertEquals(Sampling.ofRate(1), Sampling.parse("1"));
    assertEquals(Sampling.ofMaxPages(8192), Sampling.parse("pages=8192"));
    Sampling s = Sampling.parse("0.1,pages=500");
    assertEquals(0.1, s.rate());
    assertEquals(500, s.maxPages());
    assertTrue(s.fixedSize());
    assertFalse(Sampling.parse("0.5").fixedSize());
    for (String t : new String[] {"0.01", "pages=8192", "0.1,pages=500"}) assertEquals(t, Sampling.parse(t).text());
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-0.1", "1.5", "150%", "abc", "", "NaN", "pages=0", "pages=-3", "pages=x", "0.1,size=5", "1e-12"})
  void refusesBadValuesInOneLine(String text) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sampling.parse(text));
    assertTrue(e.getMessage().startsWith("'" + text + "': "), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }
}
