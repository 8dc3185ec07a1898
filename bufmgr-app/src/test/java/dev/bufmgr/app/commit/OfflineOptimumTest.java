package dev.bufmgr.app.commit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/** The dynamic program against brute force over every set partition of small instances. */
class OfflineOptimumTest {

  @Test
  void handWorkedInstance() {
    // Arrivals 0, 1, 10 with F0 = 3: {0,1} at 1 costs 3 + 1, {10} costs 3: total 7.
    OfflineOptimum.Solution s = OfflineOptimum.solve(new long[] {0, 1, 10}, 3);
    assertEquals(7.0, s.totalCost(), 1e-9);
    assertEquals(2, s.batches());
    // F0 = 100: one batch at 10 costs 100 + 10 + 9 = 119.
    assertEquals(119.0, OfflineOptimum.solve(new long[] {0, 1, 10}, 100).totalCost(), 1e-9);
  }

  @RepeatedTest(40)
  void matchesBruteForceOverAllPartitions(RepetitionInfo rep) {
    SplittableRandom rng = new SplittableRandom(rep.getCurrentRepetition());
    int n = 1 + rng.nextInt(8);
    long[] a = new long[n];
    for (int i = 0; i < n; i++) a[i] = rng.nextInt(50);
    Arrays.sort(a);
    double f0 = 1 + rng.nextInt(40);
    assertEquals(bruteForce(a, f0), OfflineOptimum.solve(a, f0).totalCost(), 1e-9, Arrays.toString(a) + " f0=" + f0);
  }

  /** Tries every partition of the commits into batches (not only contiguous ones). */
  private static double bruteForce(long[] a, double f0) {
    return partitions(a, f0, new int[a.length], 0, 0);
  }

  private static double partitions(long[] a, double f0, int[] label, int i, int used) {
    if (i == a.length) return cost(a, f0, label, used);
    double best = Double.POSITIVE_INFINITY;
    for (int b = 0; b <= used; b++) {
      label[i] = b;
      best = Math.min(best, partitions(a, f0, label, i + 1, Math.max(used, b + 1)));
    }
    return best;
  }

  private static double cost(long[] a, double f0, int[] label, int batches) {
    double total = batches * f0;
    for (int b = 0; b < batches; b++) {
      long flushAt = Long.MIN_VALUE;
      for (int i = 0; i < a.length; i++) if (label[i] == b) flushAt = Math.max(flushAt, a[i]);
      for (int i = 0; i < a.length; i++) if (label[i] == b) total += flushAt - a[i];
    }
    return total;
  }
}
