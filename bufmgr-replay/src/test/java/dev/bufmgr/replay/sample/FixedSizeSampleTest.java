package dev.bufmgr.replay.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Fixed-size SHARDS never holds more than s_max pages and ends as a bottom-k sketch: the pages
 * whose values lie below the (s_max + 1)-th smallest value of all pages below the starting
 * threshold, computed here by sorting the JDK's hash values.
 */
class FixedSizeSampleTest {
  @ParameterizedTest
  @CsvSource({"1000, 1.0, 16777216", "100, 1.0, 16777216", "1000, 0.1, 16777216", "50, 1.0, 256"})
  void neverExceedsItsPagesAndEndsAsTheBottomK(int maxPages, double rate, long modulus) {
    Sampling s = new Sampling(rate, maxPages, modulus);
    FixedSizeSample sample = new FixedSizeSample(s);
    int distinct = 200_000;
    SplittableRandom order = new SplittableRandom(9);
    for (int i = 0; i < 600_000; i++) {
      long page = i < distinct ? i : order.nextInt(distinct);
      sample.offer(Sampling.hash(page));
      assertTrue(sample.pages() <= maxPages, "held " + sample.pages() + " after request " + i);
    }
    long[] values = new long[distinct];
    int below = 0;
    for (long p = 0; p < distinct; p++) {
      long v = new SplittableRandom(p).nextLong() & (modulus - 1);
      if (v < s.initialThreshold()) values[below++] = v;
    }
    long[] sorted = Arrays.copyOf(values, below);
    Arrays.sort(sorted);
    long expectedThreshold = below > maxPages ? sorted[maxPages] : s.initialThreshold();
    long expectedPages = Arrays.stream(sorted).filter(v -> v < expectedThreshold).count();
    assertEquals(expectedThreshold, sample.threshold());
    assertEquals(expectedPages, sample.pages());
  }
}
