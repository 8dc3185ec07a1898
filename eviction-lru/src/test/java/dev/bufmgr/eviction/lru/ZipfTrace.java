package dev.bufmgr.eviction.lru;

import java.util.Arrays;
import java.util.SplittableRandom;

/** A seeded Zipf request stream for the model checks: page i (from 0) drawn with weight 1 / (i + 1)^theta. */
final class ZipfTrace {
  private ZipfTrace() {}

  /** {@code requests} page ids over {@code pages} pages with skew {@code theta}, from {@code seed}. */
  static long[] of(long seed, int requests, int pages, double theta) {
    double[] cdf = new double[pages];
    double sum = 0;
    for (int i = 0; i < pages; i++) {
      sum += 1 / Math.pow(i + 1, theta);
      cdf[i] = sum;
    }
    SplittableRandom r = new SplittableRandom(seed);
    long[] out = new long[requests];
    for (int i = 0; i < requests; i++) {
      int at = Arrays.binarySearch(cdf, r.nextDouble() * sum);
      out[i] = at >= 0 ? at : Math.min(pages - 1, -at - 1);
    }
    return out;
  }
}
