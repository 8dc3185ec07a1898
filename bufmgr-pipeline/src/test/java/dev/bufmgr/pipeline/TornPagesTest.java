package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.testing.SecondChanceFactory;
import dev.bufmgr.core.testing.TransactionalSource;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.VirtualWal;
import dev.bufmgr.wal.crash.DataFileHistory;
import dev.bufmgr.wal.crash.Exposure;
import dev.bufmgr.wal.crash.Tears;
import dev.bufmgr.wal.crash.TornPageCheck;
import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.FixedLatency;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The simulation's page writes torn at every crash instant drawn, under evictions, the background
 * writer and paced checkpoints: with full-page writes every torn page is repaired by redo; without
 * them some are not.
 */
class TornPagesTest {
  private static final SelectorRegistry REGISTRY = SecondChanceFactory.registry();
  private static final DeviceModel DEVICE = new DeviceModel(new FixedLatency(500_000), 0, 50_000);
  private static final long MS = 1_000_000;

  private static TornPageCheck.Result check(boolean fpw, Exposure exposure) {
    PipelineConfig c = PipelineSimulationTest.config(24, 8, "greedy", CheckpointSettings.plain(25 * MS),
        new BgWriterSettings(10 * MS, 100, 2.0), 0, 300 * MS, fpw);
    VirtualWal wal = VirtualWal.recording(LogFormat.FIRST_LSN);
    DataFileHistory history = new DataFileHistory(LogFormat.FIRST_LSN);
    PipelineResult r = new PipelineSimulation(c, TransactionalSource.endless(11, 300, 6, 0.5), DEVICE, REGISTRY, wal, history).run();
    assertTrue(r.checkpoints().done() >= 5 && r.backendWrites() > 50, r.checkpoints() + ", " + r.backendWrites() + " backend writes");
    long[] instants = history.crashInstants(150, 3);
    int midCheckpoint = 0;
    for (long t : instants) {
      if (history.lastStartedRedoAt(t) <= history.redoAt(t)) continue;
      for (int w = 0; w < history.writes(); w++) {
        if (history.byCheckpoint(w) && history.inFlight(w, t)) {
          midCheckpoint++;
          break;
        }
      }
    }
    assertTrue(midCheckpoint > 10, "crashes while a checkpoint writes, recovered from the previous one's redo point: " + midCheckpoint);
    return TornPageCheck.run(history, wal, 8192, Tears.PREFIX, exposure, instants);
  }

  @ParameterizedTest
  @EnumSource(Exposure.class)
  void withFullPageWritesEveryTornPageIsRepaired(Exposure exposure) {
    TornPageCheck.Result on = check(true, exposure);
    assertEquals(150, on.crashPoints());
    assertTrue(on.torn() > 2000, "torn states " + on);
    assertEquals(0, on.unrecoverable(), on.firstUnrecoverable());
    assertEquals(on.torn(), on.repaired());
    assertEquals(0, on.lost(), on.firstLost());
  }

  @ParameterizedTest
  @EnumSource(Exposure.class)
  void withoutThemTornPagesAreLostButWholeOnesAreNot(Exposure exposure) {
    TornPageCheck.Result off = check(false, exposure);
    assertTrue(off.unrecoverable() > 0, off.toString());
    assertEquals(0, off.lost(), off.firstLost());
  }
}
