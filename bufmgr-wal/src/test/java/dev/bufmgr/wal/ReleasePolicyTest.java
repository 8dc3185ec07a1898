package dev.bufmgr.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Each policy's decisions on small arrival sequences worked out by hand (times in microseconds). */
class ReleasePolicyTest {
  private static final long US = 1_000;

  private static Backlog backlog(ReleasePolicy p, long... arrivalsUs) {
    Backlog b = new Backlog();
    for (long a : arrivalsUs) {
      b.add(a * US);
      p.onArrival(a * US, b);
    }
    return b;
  }

  @Test
  void greedyFlushesAtOnce() {
    ReleasePolicy p = new GreedyPolicy();
    Backlog b = backlog(p, 10, 20);
    assertEquals(25 * US, p.releaseAt(25 * US, b));
  }

  @Test
  void timerFlushesAtFirstPendingPlusT() {
    ReleasePolicy p = new TimerPolicy(1000 * US);
    Backlog b = backlog(p, 0, 300);
    // First pending at 0, T = 1 ms: flush at 1000 us, whoever asks at 300 us.
    assertEquals(1000 * US, p.releaseAt(300 * US, b));
    // Device free only at 1500 us: max(first + T, device free) = 1500 us.
    assertEquals(1500 * US, p.releaseAt(1500 * US, b));
  }

  @Test
  void batchWaitsForK() {
    ReleasePolicy p = new BatchPolicy(3);
    Backlog b = backlog(p, 0, 5);
    assertEquals(ReleasePolicy.NEVER, p.releaseAt(5 * US, b));
    b.add(9 * US);
    assertEquals(9 * US, p.releaseAt(9 * US, b));
  }

  @Test
  void skiFlushesWhenAccumulatedWaitReachesF0() {
    ReleasePolicy p = new SkiRentalPolicy(1000 * US);
    Backlog b = backlog(p, 0);
    // One commit at 0: its wait reaches 1 ms at 1000 us.
    assertEquals(1000 * US, p.releaseAt(0, b));
    b.add(200 * US);
    // Two commits at 0 and 200: t + (t - 200) = 1000 -> t = 600 us.
    assertEquals(600 * US, p.releaseAt(200 * US, b));
    // Asked late (device was busy): flush now.
    assertEquals(900 * US, p.releaseAt(900 * US, b));
  }

  @Test
  void skiWithoutF0FlushesAtOnceUntilItMeasuredAFlush() {
    ReleasePolicy p = new SkiRentalPolicy(-1);
    Backlog b = backlog(p, 0);
    assertEquals(0, p.releaseAt(0, b));
    p.onFlushComplete(0, 400 * US, 1, 64);
    b.clear();
    b.add(500 * US);
    assertEquals(900 * US, p.releaseAt(500 * US, b));
  }

  @Test
  void eoqUsesSquareRootRuleWithMeasuredRate() {
    ReleasePolicy p = new EoqPolicy(900 * US, 0.5);
    // Gaps of 200 us: lambda = 5000/s; T = sqrt(2 * 0.9 ms * 0.2 ms) = 0.6 ms.
    Backlog b = backlog(p, 0, 200, 400, 600);
    assertEquals(600 * US, p.releaseAt(600 * US, b));
    b.clear();
    b.add(800 * US);
    p.onArrival(800 * US, b);
    assertEquals(1400 * US, p.releaseAt(800 * US, b));
  }

  @Test
  void eoqFlushesAtOnceBeforeItKnowsTheRate() {
    ReleasePolicy p = new EoqPolicy(900 * US, 0.5);
    Backlog b = backlog(p, 100);
    assertEquals(100 * US, p.releaseAt(100 * US, b));
  }

  @Test
  void commitDelaySleepsOnlyWithEnoughSiblings() {
    CommitDelayPolicy p = new CommitDelayPolicy(100 * US, 5);
    assertEquals(6, p.minimumClients());
    Backlog b = backlog(p, 50);
    b.deviceFreeAt(0);
    b.openTransactions(5); // the leader and 4 others: fewer than 5 siblings
    assertEquals(60 * US, p.releaseAt(60 * US, b));
    b.openTransactions(6); // the leader and 5 others
    // The leader took over at its arrival (device idle since 0): sleeps until 50 + 100.
    assertEquals(150 * US, p.releaseAt(60 * US, b));
    // Device became free at 400 with this commit waiting: the sleep starts then.
    b.deviceFreeAt(400 * US);
    assertEquals(500 * US, p.releaseAt(400 * US, b));
  }

  @Test
  void writeBehindAdaptsDelayAndThreshold() {
    WriteBehindPolicy p =
        new WriteBehindPolicy(50_000 * US, 0.2, 5_000 * US, 1_000_000 * US, 1_000, 100_000);
    assertFalse(p.durable());
    Backlog b = backlog(p, 0);
    assertEquals(50_000 * US, p.releaseAt(10 * US, b));
    // Drain of 2000 commits took 10 ms: delay 50 + 0.2 (10 - 50) = 42 ms;
    // throughput 200,000/s, threshold 200,000 * 0.042 = 8,400.
    p.onFlushComplete(0, 10_000 * US, 2000, 128_000);
    assertEquals(42_000 * US, (long) p.delayNanos());
    assertEquals(8_400, p.threshold());
    assertEquals(42_000 * US + 5 * US, p.releaseAt(6 * US, backlog(new GreedyPolicy(), 5)));
    Backlog full = new Backlog();
    for (int i = 0; i < 8_400; i++) full.add(i);
    assertEquals(9_000, p.releaseAt(9_000, full));
  }

  @Test
  void writeBehindClampsDelayAndThreshold() {
    WriteBehindPolicy p =
        new WriteBehindPolicy(50_000 * US, 1.0, 5_000 * US, 1_000_000 * US, 1_000, 100_000);
    p.onFlushComplete(0, 3_000_000 * US, 10, 640); // 3 s drain: delay clamps to 1 s
    assertEquals(1_000_000 * US, (long) p.delayNanos());
    assertEquals(1_000, p.threshold()); // 3.3/s x 1 s = 3 ops: clamps to 1,000
    p.onFlushComplete(0, 1 * US, 1_000_000, 64_000_000); // 1 us drain: delay clamps to 5 ms
    assertEquals(5_000 * US, (long) p.delayNanos());
    assertEquals(100_000, p.threshold());
  }

  @Test
  void onlyTheWriteBehindBufferIsNotDurable() {
    for (String spec : new String[] {"greedy", "timer:t=1ms", "batch:k=4", "eoq", "ski", "pgdelay:delay=10us"}) {
      assertTrue(ReleasePolicies.parse(spec).create().durable(), spec);
    }
    assertFalse(ReleasePolicies.parse("ewma").create().durable());
  }
}
