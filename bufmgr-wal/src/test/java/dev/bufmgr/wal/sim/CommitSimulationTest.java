package dev.bufmgr.wal.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.DeviceModels;
import dev.bufmgr.wal.device.FixedLatency;
import dev.bufmgr.wal.CommitResult;
import dev.bufmgr.wal.ReleasePolicies;
import org.junit.jupiter.api.Test;

/** Small closed and open loops whose every event can be worked out by hand. */
class CommitSimulationTest {
  private static final long US = 1_000;

  private static CommitResult closed(String policy, int clients, long thinkUs, long f0Us, long commits) {
    LoopSpec loop = new LoopSpec.Closed(clients, new ThinkTime(thinkUs * US, ThinkTime.Distribution.CONST));
    DeviceModel dev = new DeviceModel(new FixedLatency(f0Us * US), 0);
    return CommitSimulation.run(
        SimulationConfig.of(ReleasePolicies.parse(policy), loop, dev, commits, 1).withWarmup(0));
  }

  @Test
  void oneClientGreedyCyclesThinkPlusFlush() {
    // think 1000 us, flush 500 us: every commit waits exactly 500 us; one per 1500 us.
    CommitResult r = closed("greedy", 1, 1000, 500, 100);
    assertEquals(100, r.commits());
    assertEquals(500 * US, r.latencyMeanNanos(), 1e-6);
    assertEquals(1.0, r.meanBatch(), 1e-12);
    // The window opens at time 0 and closes at the 100th acknowledgement: 100 x 1500 us.
    assertEquals(100 * 1500 * US, r.elapsedNanos());
    assertEquals(500.0 / 1500, r.deviceUtilization(), 1e-9);
  }

  @Test
  void timerAddsItsWaitForALoneClient() {
    CommitResult r = closed("timer:t=200us", 1, 1000, 500, 50);
    assertEquals(700 * US, r.latencyMeanNanos(), 1e-6);
    assertEquals(200 * US, r.meanWaitNanos(), 1e-6);
  }

  @Test
  void twoClientsInLockStepShareEveryFlush() {
    CommitResult r = closed("greedy", 2, 1000, 500, 100);
    assertEquals(2.0, r.meanBatch(), 1e-12);
    assertEquals(500 * US, r.latencyMeanNanos(), 1e-6);
  }

  @Test
  void commitDelayActsOnlyWithEnoughSiblings() {
    // Two clients: the leader has one sibling. siblings=1 lets it sleep 100 us; siblings=5 never.
    assertEquals(600 * US, closed("pgdelay:delay=100us,siblings=1", 2, 1000, 500, 40).latencyMeanNanos(), 1e-6);
    assertEquals(500 * US, closed("pgdelay:delay=100us,siblings=5", 2, 1000, 500, 40).latencyMeanNanos(), 1e-6);
  }

  @Test
  void skiWaitsUntilTheWaitingCostsOneFlush() {
    // A lone client, F0 given as 300 us: it waits 300 us, then the 500 us flush.
    CommitResult r = closed("ski:f0=300us", 1, 1000, 500, 20);
    assertEquals(800 * US, r.latencyMeanNanos(), 1e-6);
  }

  @Test
  void batchOfTwoPairsTwoClients() {
    CommitResult r = closed("batch:k=2", 2, 1000, 500, 10);
    assertEquals(2.0, r.meanBatch(), 1e-12);
    assertEquals(500 * US, r.latencyMeanNanos(), 1e-6);
  }

  @Test
  void batchLargerThanTheClientsIsRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> closed("batch:k=3", 2, 1000, 500, 10));
    assertEquals("policy batch:k=3 can never release with 2 closed-loop clients (fewer than k)", e.getMessage());
  }

  @Test
  void acknowledgingAtInsertionWithoutThinkTimeIsRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> closed("ewma", 2, 0, 500, 10));
    assertTrue(e.getMessage().startsWith("impossible configuration: commits acknowledged at insertion"), e.getMessage());
  }

  @Test
  void writeBehindAcknowledgesAtOnceAndIsNotDurable() {
    CommitResult r = closed("ewma", 4, 1000, 500, 400);
    assertFalse(r.durable());
    assertEquals(0.0, r.latencyMeanNanos(), 1e-9);
    // Four clients each commit once per 1000 us of think time.
    assertEquals(4000.0, r.throughput(), 1e-6);
  }

  @Test
  void openLoopGreedyOnAnIdleDeviceWaitsOnlyForTheFlush() {
    // 10 commits/s against a 1 us device: flushes almost never overlap an arrival.
    LoopSpec loop = new LoopSpec.Open(RateSchedule.constant(10));
    DeviceModel dev = new DeviceModel(new FixedLatency(US), 0);
    CommitResult r =
        CommitSimulation.run(SimulationConfig.of(ReleasePolicies.parse("greedy"), loop, dev, 1000, 3));
    assertEquals(1.0, r.meanBatch(), 1e-12);
    assertEquals(US, r.latencyP50Nanos(), 1);
    assertEquals(10.0, r.throughput(), 1.0);
  }

  @Test
  void aRunNeedsExactlyOneBound() {
    LoopSpec loop = LoopSpec.parse("closed:clients=2,think=1ms");
    DeviceModel dev = new DeviceModel(new FixedLatency(US), 0);
    assertThrows(IllegalArgumentException.class, () -> new SimulationConfig(
        ReleasePolicies.parse("greedy"), loop, dev, 0, 0, 1, 64, false, null, 0.1));
  }

  @Test
  void sameSeedSameRun() {
    LoopSpec loop = LoopSpec.parse("closed:clients=16,think=1ms");
    DeviceModel dev = DeviceModels.parse("lognormal:median=0.9ms,p99=2.5ms");
    SimulationConfig c = SimulationConfig.of(ReleasePolicies.parse("eoq"), loop, dev, 20_000, 42);
    CommitResult a = CommitSimulation.run(c);
    CommitResult b = CommitSimulation.run(c);
    assertEquals(a.latencyMeanNanos(), b.latencyMeanNanos());
    assertEquals(a.flushes(), b.flushes());
    assertEquals(a.elapsedNanos(), b.elapsedNanos());
    CommitResult other = CommitSimulation.run(
        SimulationConfig.of(ReleasePolicies.parse("eoq"), loop, dev, 20_000, 43));
    assertTrue(a.elapsedNanos() != other.elapsedNanos());
  }

  @Test
  void checkpointBurstDelaysCommits() {
    LoopSpec loop = LoopSpec.parse("closed:clients=8,think=1ms");
    DeviceModel dev = new DeviceModel(new FixedLatency(100 * US), 0);
    SimulationConfig quiet = SimulationConfig.of(ReleasePolicies.parse("greedy"), loop, dev, 20_000, 5);
    SimulationConfig withBursts = new SimulationConfig(
        quiet.policy(), loop, dev, 20_000, 0, 5, 64, false,
        BackgroundWrites.parse("checkpoint:every=10ms,pages=20"), 0.1);
    double p99Quiet = CommitSimulation.run(quiet).latencyP99Nanos();
    double p99Busy = CommitSimulation.run(withBursts).latencyP99Nanos();
    // A burst of 20 page writes of 100 us each holds the device for 2 ms.
    assertTrue(p99Busy > p99Quiet + 1_000 * US, p99Quiet + " vs " + p99Busy);
  }
}
