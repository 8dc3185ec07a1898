package dev.bufmgr.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.EmulatedDevice;
import dev.bufmgr.wal.device.FixedLatency;
import dev.bufmgr.wal.sim.CommitSimulation;
import dev.bufmgr.wal.sim.LoopSpec;
import dev.bufmgr.wal.sim.SimulationConfig;
import dev.bufmgr.wal.sim.ThinkTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The same policy classes driven by real threads in real time, checked against the simulation, in
 * both flush modes (a flusher thread, or a leader among the committers).
 */
class GroupCommitterTest {
  private static final DeviceModel TWO_MS = new DeviceModel(new FixedLatency(2_000_000), 0);

  private static CommitResult realClosedLoop(ReleasePolicy policy, int clients, int commitsEach) throws Exception {
    return realClosedLoop(policy, clients, commitsEach, FlushMode.FLUSHER);
  }

  private static CommitResult realClosedLoop(ReleasePolicy policy, int clients, int commitsEach, FlushMode mode) throws Exception {
    WalLog log = new WalLog(LogFormat.FIRST_LSN, 1 << 16);
    GroupCommitter c = new GroupCommitter(policy, log, new EmulatedDevice(TWO_MS, 1), false, clients, mode).start();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < clients; t++) {
      int client = t;
      threads.add(Thread.ofPlatform().start(() -> {
        try {
          for (int i = 0; i < commitsEach; i++) c.commit(client, client * 1000L + i, 8);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }));
    }
    for (Thread t : threads) t.join();
    CommitResult r = c.result("test", 0, 0);
    c.close();
    return r;
  }

  private static CommitResult simClosedLoop(String policy, int clients) {
    LoopSpec loop = new LoopSpec.Closed(clients, new ThinkTime(0, ThinkTime.Distribution.CONST));
    return CommitSimulation.run(SimulationConfig.of(ReleasePolicies.parse(policy), loop, TWO_MS, 400, 1));
  }

  @ParameterizedTest
  @EnumSource(FlushMode.class)
  void batchOfFourWithFourClientsFlushesExactlyFourInBothClocks(FlushMode mode) throws Exception {
    CommitResult real = realClosedLoop(new BatchPolicy(4), 4, 25, mode);
    assertEquals(mode.spec(), real.flushMode());
    assertEquals(100, real.commits());
    assertEquals(4.0, real.meanBatch(), 1e-12);
    assertTrue(real.latencyMeanNanos() >= 2_000_000, "a commit waits at least one flush");
    assertEquals(4.0, simClosedLoop("batch:k=4", 4).meanBatch(), 1e-12);
  }

  @ParameterizedTest
  @EnumSource(FlushMode.class)
  void aLoneClientUnderATimerWaitsTheTimerThenTheFlushInBothClocks(FlushMode mode) throws Exception {
    CommitResult real = realClosedLoop(new TimerPolicy(3_000_000), 1, 20, mode);
    assertEquals(mode.spec(), real.flushMode());
    assertEquals(1.0, real.meanBatch(), 1e-12);
    // 3 ms timer + 2 ms flush; real time only adds wake-up delays.
    assertTrue(real.latencyMeanNanos() >= 5_000_000, "mean " + real.latencyMeanNanos());
    assertTrue(real.latencyMeanNanos() < 20_000_000, "mean " + real.latencyMeanNanos());
    assertEquals(5_000_000, simClosedLoop("timer:t=3ms", 1).latencyMeanNanos(), 1e-6);
  }

  @ParameterizedTest
  @EnumSource(FlushMode.class)
  void greedyGroupsWaitingClientsInRealTime(FlushMode mode) throws Exception {
    // Eight clients with no think time: while one flush runs the others queue up, so flushes
    // carry several commits (the simulation says 8).
    CommitResult real = realClosedLoop(new GreedyPolicy(), 8, 25, mode);
    assertEquals(mode.spec(), real.flushMode());
    assertEquals(200, real.commits());
    assertTrue(real.meanBatch() >= 2, "mean batch " + real.meanBatch());
    assertEquals(8.0, simClosedLoop("greedy", 8).meanBatch(), 1e-9);
  }

  @Test
  void writeBehindAcknowledgesWithoutWaitingForTheDevice() throws Exception {
    WriteBehindPolicy p = new WriteBehindPolicy(5_000_000, 0.2, 5_000_000, 1_000_000_000, 1000, 100_000);
    CommitResult real = realClosedLoop(p, 2, 200);
    assertEquals(400, real.commits());
    assertTrue(!real.durable());
    assertTrue(real.latencyP50Nanos() < 1_000_000, "p50 " + real.latencyP50Nanos());
  }
}
