package dev.bufmgr.core.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The distributions the ticks experiment draws as CDFs: values ascending, counts that add up. */
class DistributionsTest {
  @Test
  void ticksDistributionListsExactValuesThenPowerOfTwoBuckets() {
    TicksHistogram h = new TicksHistogram();
    for (long t : new long[] {3, 1, 3, 1, 1, 2000, 1500, 5000}) h.record(t);
    long[][] d = h.distribution();
    // 1500 and 2000 share the bucket [1024, 2047]; 5000 lies in [4096, 8191], capped at the max.
    assertArrayEquals(new long[] {1, 3, 2047, 5000}, d[0]);
    assertArrayEquals(new long[] {3, 2, 2, 1}, d[1]);
  }

  @Test
  void emptyHistogramsGiveEmptyDistributions() {
    assertEquals(0, new TicksHistogram().distribution()[0].length);
    PoolMetrics m = PoolMetrics.merge(List.of(new SessionMetrics(1)), 1);
    assertEquals(0, m.victimSearchNanosDistribution()[0].length);
  }

  @Test
  void searchLatencyDistributionIsAscendingAndCountsEverySearch() {
    SessionMetrics a = new SessionMetrics(1);
    SessionMetrics b = new SessionMetrics(1);
    a.victimSearch(1, 100);
    a.victimSearch(2, 100);
    b.victimSearch(1, 5_000);
    b.victimSearch(1, 1_000_000);
    long[][] d = PoolMetrics.merge(List.of(a, b), 1).victimSearchNanosDistribution();
    assertEquals(3, d[0].length);
    assertEquals(100, d[0][0]);
    assertArrayEquals(new long[] {2, 1, 1}, d[1]);
    for (int i = 1; i < d[0].length; i++) assertEquals(true, d[0][i] > d[0][i - 1]);
    // Two significant digits: 5000 and 1e6 lie in buckets whose highest equivalent value is within 1%.
    assertEquals(5_000, d[0][1], 50);
    assertEquals(1_000_000, d[0][2], 10_000);
  }
}
