package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.testing.SecondChanceFactory;
import dev.bufmgr.core.testing.TransactionalSource;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.VirtualWal;
import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.EmulatedDevice;
import dev.bufmgr.wal.device.FixedLatency;
import org.junit.jupiter.api.Test;

/**
 * One transaction sequence through both clocks with six clients, checkpoints asked for by the
 * log's volume, the background writer and backends writing dirty victims.
 *
 * <p>What must be equal: the clients' work does not depend on the clock, so both runs commit the
 * same transactions, make the same page accesses and log the same records and bytes once the
 * checkpoint records are taken out (full-page writes are off, so no record depends on where a
 * redo point fell). What the rules fix up to the run's last moment: with max_wal_size of two
 * segments and a completion target of 0, CheckPointSegments is 2 and a checkpoint starts as the
 * first segment past its redo point's is finished, its redo point lying in the next segment: one
 * start per two segments of log, the first when segment 1 is finished. That count is worked out
 * from the log's length; the simulation may miss the last one only when the log ends right at a
 * trigger, and the real run also when its checkpointer thread is held off for a whole segment of
 * log (a loaded machine), so the real count may be one lower again.
 *
 * <p>What may differ: which client runs which transaction, and so which buffers are victims, and
 * how many background writer rounds fit in the run (virtual time in one, real time in the other),
 * so how the page writes split between backends, the background writer and the checkpointer. Both
 * runs are held to what the rules say of each source instead: every source writes; a round of the
 * background writer stops at its one page (maxPages 1), so each of its writes ends a round at the
 * cap; no checkpoint writes more buffers than the pool holds; every dirty victim is a backend's write.
 */
class BothClocksTest {
  private static final SelectorRegistry REGISTRY = SecondChanceFactory.registry();
  private static final DeviceModel FAST = new DeviceModel(new FixedLatency(20_000), 0, 5_000);
  private static final long MS = 1_000_000;
  private static final long SEGMENT = CheckpointSettings.SEGMENT_BYTES;
  private static final int FRAMES = 64;
  private static final int TRANSACTIONS = 1500;

  private static TransactionalSource input() {
    // About three changes of 32 kB a transaction: some 9 segments of log in all.
    return new TransactionalSource(17, 400, 6, 0.5, 32 << 10, Long.MAX_VALUE);
  }

  @Test
  void sixClientsGiveTheSameLogAndCheckpointStartsOnEitherClock() throws Exception {
    PipelineConfig c = PipelineSimulationTest.config(FRAMES, 6, "greedy",
        new CheckpointSettings(86_400_000 * MS, 2 * SEGMENT, 0), new BgWriterSettings(10 * MS, 1, 2.0), TRANSACTIONS, 0, false);
    PipelineResult sim = new PipelineSimulation(c, input(), FAST, REGISTRY, new VirtualWal(LogFormat.FIRST_LSN)).run();
    PipelineResult real;
    try (EmulatedDevice d = new EmulatedDevice(FAST, 1)) {
      real = new RealTimePipeline(c, input(), d, LogFormat.FIRST_LSN, REGISTRY).run();
    }

    assertEquals(TRANSACTIONS, sim.transactions());
    assertEquals(TRANSACTIONS, real.transactions());
    assertEquals(sim.hits() + sim.misses(), real.hits() + real.misses(), "the same page accesses");
    long simStarts = sim.checkpoints().started();
    long realStarts = real.checkpoints().started();
    assertEquals(sim.wal().records() - simStarts, real.wal().records() - realStarts, "the same records but the checkpoints'");
    long logged = sim.wal().bytes() - simStarts * LogFormat.CHECKPOINT_LENGTH;
    assertEquals(logged, real.wal().bytes() - realStarts * LogFormat.CHECKPOINT_LENGTH, "the same bytes but the checkpoints'");
    assertEquals(0, sim.wal().fullPageImages() + real.wal().fullPageImages());

    long segmentsFinished = CheckpointSettings.segment(LogFormat.FIRST_LSN + logged);
    long expected = segmentsFinished / 2;
    assertTrue(expected >= 3, "the log spans " + segmentsFinished + " segments");
    assertTrue(simStarts >= expected - 1 && simStarts <= expected, "simulation: " + simStarts + " starts, expected " + expected);
    assertTrue(realStarts >= expected - 2 && realStarts <= expected, "real time: " + realStarts + " starts, expected " + expected);
    for (PipelineResult r : new PipelineResult[] {sim, real}) {
      String clock = r.clock() + ": ";
      assertEquals(0, r.checkpoints().timed(), clock + "no timer within a day");
      assertEquals(r.checkpoints().started(), r.checkpoints().requested(), clock + "every start asked for by the log");
      assertTrue(r.checkpointWrites() > 0 && r.bgwriterWrites() > 0 && r.backendWrites() > 0,
          clock + "checkpointer " + r.checkpointWrites() + ", bgwriter " + r.bgwriterWrites() + ", backends " + r.backendWrites());
      assertEquals(r.bgwriterWrites(), r.maxwrittenClean(), clock + "each background write fills its round's cap of one");
      assertTrue(r.checkpointWrites() <= r.checkpoints().started() * FRAMES, clock + "at most the pool per checkpoint");
      assertTrue(r.backendWrites() >= r.dirtyEvictions(), clock + "every dirty victim written by its backend");
    }
  }
}
