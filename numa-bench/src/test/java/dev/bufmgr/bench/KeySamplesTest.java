package dev.bufmgr.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class KeySamplesTest {

  @Test
  void zipfCumulativeOfThreeKeysWithExponentOne() {
    // Weights 1, 1/2, 1/3; their sum is 11/6, so the cumulative shares are 6/11, 9/11, 11/11.
    double[] cdf = KeySamples.zipfCumulative(3, 1.0);

    assertEquals(6.0 / 11, cdf[0], 1e-12);
    assertEquals(9.0 / 11, cdf[1], 1e-12);
    assertEquals(1.0, cdf[2], 0.0);
  }

  @Test
  void keyAtPicksTheFirstKeyWhoseCumulativeShareExceedsTheDraw() {
    double[] cdf = {0.5, 0.75, 1.0};

    assertEquals(0, KeySamples.keyAt(cdf, 0.0));
    assertEquals(0, KeySamples.keyAt(cdf, 0.49));
    assertEquals(1, KeySamples.keyAt(cdf, 0.5));
    assertEquals(1, KeySamples.keyAt(cdf, 0.74));
    assertEquals(2, KeySamples.keyAt(cdf, 0.75));
    assertEquals(2, KeySamples.keyAt(cdf, 0.999));
  }

  @Test
  void zipfDrawsFollowTheDistribution() {
    int[] keys = KeySamples.zipf(3, 1.0, 200_000, 7);
    long[] counts = new long[3];
    for (int k : keys) counts[k]++;

    assertEquals(6.0 / 11, counts[0] / 200_000.0, 0.01);
    assertEquals(3.0 / 11, counts[1] / 200_000.0, 0.01);
    assertEquals(2.0 / 11, counts[2] / 200_000.0, 0.01);
  }

  @Test
  void uniformDrawsStayInRangeAndRepeatForASeed() {
    int[] a = KeySamples.uniform(10, 1000, 3);
    int[] b = KeySamples.uniform(10, 1000, 3);

    assertArrayEquals(a, b);
    assertTrue(Arrays.stream(a).allMatch(k -> k >= 0 && k < 10));
    assertEquals(10, Arrays.stream(a).distinct().count());
  }

  @Test
  void permutationHoldsEveryKeyOnce() {
    int[] p = KeySamples.permutation(1000, 11);
    int[] sorted = p.clone();
    Arrays.sort(sorted);

    for (int i = 0; i < 1000; i++) assertEquals(i, sorted[i]);
  }

  @Test
  void refusesEmptyKeySetsAndUnknownDistributions() {
    assertThrows(IllegalArgumentException.class, () -> KeySamples.uniform(0, 10, 1));
    assertThrows(IllegalArgumentException.class, () -> KeySamples.zipf(10, 0.0, 10, 1));
    assertThrows(IllegalArgumentException.class, () -> KeySamples.Distribution.parse("normal"));
    assertEquals(KeySamples.Distribution.ZIPF, KeySamples.Distribution.parse(" Zipf "));
  }
}
