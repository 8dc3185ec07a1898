package dev.bufmgr.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class KeySamplesTest {

  @Test
  void zipfDrawsFollowTheDistribution() {
    int keys = 1000;
    double theta = 0.99;
    int length = 400_000;
    int[] drawn = KeySamples.zipf(keys, theta, length, 7);
    long[] counts = new long[keys];
    for (int k : drawn) counts[k]++;
    Arrays.sort(counts);
    double zeta = 0;
    for (int i = 1; i <= keys; i++) zeta += Math.pow(i, -theta);

    // The two most popular ranks have exactly the Zipf probabilities under Gray et al.'s method.
    assertEquals(1 / zeta, counts[keys - 1] / (double) length, 0.005);
    assertEquals(Math.pow(2, -theta) / zeta, counts[keys - 2] / (double) length, 0.005);
  }

  @Test
  void zipfDrawsRepeatForASeedAndScatterThePopularKeys() {
    int[] a = KeySamples.zipf(1000, 0.99, 50_000, 3);
    int[] b = KeySamples.zipf(1000, 0.99, 50_000, 3);
    long[] counts = new long[1000];
    for (int k : a) counts[k]++;
    int hotAmongFirstTen = 0;
    for (int k = 0; k < 10; k++) if (counts[k] > 50_000 / 100) hotAmongFirstTen++;

    assertArrayEquals(a, b);
    assertTrue(Arrays.stream(a).allMatch(k -> k >= 0 && k < 1000));
    assertTrue(hotAmongFirstTen < 5, hotAmongFirstTen + " of keys 0..9 are hot: the ranks are not scrambled");
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
    assertThrows(IllegalArgumentException.class, () -> KeySamples.zipf(10, 1.0, 10, 1));
    assertThrows(IllegalArgumentException.class, () -> KeySamples.Distribution.parse("normal"));
    assertEquals(KeySamples.Distribution.ZIPF, KeySamples.Distribution.parse(" Zipf "));
  }
}
