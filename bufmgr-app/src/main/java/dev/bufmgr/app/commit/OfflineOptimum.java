package dev.bufmgr.app.commit;

/**
 * The offline optimum of the dynamic-acknowledgement cost model (Dooly, Goldman and Scott 2001;
 * seeds/000's open-loop baseline): commits arrive at known times; each flush costs F0; each
 * commit costs the time it waits until its flush starts. Batches are contiguous runs of arrivals,
 * each flushed at its last arrival (later only adds waiting). A dynamic program over the batch
 * boundaries: C(k) = min over i &lt;= k of C(i-1) + F0 + sum_{j=i..k} (a_k - a_j).
 *
 * <p>A batch never needs to span more than F0: if a_k - a_i > F0, flushing a_i alone at a_i costs
 * F0 and saves at least a_k - a_i of waiting, so splitting is no worse. The program only looks
 * that far back, which keeps it linear in practice.
 */
public final class OfflineOptimum {
  private OfflineOptimum() {}

  /**
   * The optimum's schedule cost.
   *
   * @param totalCost F0 times the number of batches plus the total waiting, in nanoseconds
   * @param batches the number of batches (flushes)
   */
  public record Solution(double totalCost, long batches) {
    /** Cost per commit. */
    public double costPerCommit(int commits) {
      return totalCost / commits;
    }
  }

  /**
   * Solves the problem for arrivals {@code a} (non-decreasing, nanoseconds) and flush cost
   * {@code f0} (nanoseconds).
   */
  public static Solution solve(long[] a, double f0) {
    int n = a.length;
    double[] best = new double[n + 1];
    long[] batches = new long[n + 1];
    double[] prefix = new double[n + 1];
    for (int i = 0; i < n; i++) {
      if (i > 0 && a[i] < a[i - 1]) throw new IllegalArgumentException("arrivals must be non-decreasing");
      prefix[i + 1] = prefix[i] + a[i];
    }
    for (int k = 1; k <= n; k++) {
      long last = a[k - 1];
      double bestCost = Double.POSITIVE_INFINITY;
      long bestBatches = 0;
      // batch = arrivals i..k (1-based), i from k down while the span stays within F0
      for (int i = k; i >= 1; i--) {
        if (i < k && last - a[i - 1] > f0) break;
        int count = k - i + 1;
        double wait = (double) count * last - (prefix[k] - prefix[i - 1]);
        double c = best[i - 1] + f0 + wait;
        if (c < bestCost) {
          bestCost = c;
          bestBatches = batches[i - 1] + 1;
        }
      }
      best[k] = bestCost;
      batches[k] = bestBatches;
    }
    return new Solution(best[n], batches[n]);
  }
}
