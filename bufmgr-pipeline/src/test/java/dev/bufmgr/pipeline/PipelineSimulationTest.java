package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.FixedLatency;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.core.testing.ListSource;
import dev.bufmgr.core.testing.RecoveryCheck;
import dev.bufmgr.core.testing.SecondChanceFactory;
import dev.bufmgr.core.testing.TransactionalSource;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.VirtualWal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pipeline's kernel in virtual time, with the core's test selector. */
class PipelineSimulationTest {
  private static final SelectorRegistry REGISTRY = SecondChanceFactory.registry();
  private static final DeviceModel DEVICE = new DeviceModel(new FixedLatency(500_000), 0, 50_000);
  private static final long MS = 1_000_000;

  static PipelineConfig config(int frames, int clients, String policy, long checkpointEvery, long transactions, long durationNanos, boolean fpw) {
    return config(frames, clients, policy, checkpointEvery > 0 ? CheckpointSettings.plain(checkpointEvery) : null, null,
        transactions, durationNanos, fpw);
  }

  static PipelineConfig config(int frames, int clients, String policy, CheckpointSettings checkpoints, BgWriterSettings bgwriter,
      long transactions, long durationNanos, boolean fpw) {
    return new PipelineConfig(frames, Spec.of("second-chance"), true, 8192, fpw, clients,
        new ThinkTime(0, ThinkTime.Distribution.CONST), ReleasePolicies.parse(policy), checkpoints, bgwriter, transactions,
        durationNanos, 0.0, 100 * MS, 7);
  }

  private static PipelineSimulation sim(PipelineConfig c, EventSource source, VirtualWal wal) {
    return new PipelineSimulation(c, source, DEVICE, REGISTRY, wal);
  }

  private static int change(long cls, int bytes) {
    return EventMeta.change(AccessStrategy.NORMAL, (int) cls, bytes, false);
  }

  @Test
  void fullPageImagesExactlyOncePerPageAfterEachRedoPointAndNoneWithFpwOff() {
    for (boolean fpw : new boolean[] {true, false}) {
      ListSource events = new ListSource().withImageBytes(8000)
          .add(0, EventMeta.begin()).add(1, change(1, 72)).add(1, change(1, 72)).add(2, change(1, 72))
          .add(0, EventMeta.commit(34))
          .add(0, EventMeta.checkpoint())
          .add(0, EventMeta.begin()).add(1, change(1, 72)).add(3, EventMeta.change(AccessStrategy.NORMAL, 1, 72, true))
          .add(0, EventMeta.commit(34));
      VirtualWal wal = new VirtualWal(LogFormat.FIRST_LSN);
      PipelineResult r = sim(config(16, 1, "greedy", 0, 2, 0, fpw), events, wal).run();
      assertEquals(2, r.transactions());
      long images = fpw ? 3 : 0; // pages 1 and 2 after the run's start, page 1 after the checkpoint; page 3 is initialized
      assertEquals(images, r.wal().fullPageImages(), "fpw " + fpw);
      assertEquals(images * 8000, r.wal().imageBytes());
      assertEquals(5 * 72 + images * 8000 + 2 * 40 + LogFormat.CHECKPOINT_LENGTH, r.wal().bytes(),
          "five 72-byte changes, two commits of 34 bytes taking 40, the checkpoint record, the images");
      assertEquals(1, r.checkpoints().requested());
      assertEquals(1, r.checkpoints().done());
      assertEquals(2, r.checkpoints().buffersWritten(), "pages 1 and 2 were dirty at the redo point");
    }
  }

  @Test
  void theSameSeedGivesTheSameRun() {
    PipelineConfig c = config(40, 6, "greedy", 30 * MS, 0, 400 * MS, true);
    PipelineResult a = sim(c, TransactionalSource.endless(3, 400, 8, 0.4), new VirtualWal(LogFormat.FIRST_LSN)).run();
    PipelineResult b = sim(c, TransactionalSource.endless(3, 400, 8, 0.4), new VirtualWal(LogFormat.FIRST_LSN)).run();
    assertTrue(a.transactions() > 100, "ran " + a.transactions());
    assertEquals(a.transactions(), b.transactions());
    assertEquals(a.wal(), b.wal());
    assertEquals(a.backendWrites(), b.backendWrites());
    assertEquals(a.checkpointWrites(), b.checkpointWrites());
    assertEquals(a.transactionLatency(), b.transactionLatency());
    assertEquals(a.series(), b.series());
    assertTrue(a.dirtyEvictions() > 0 && a.waitedOnEviction() > 0, "a small pool makes clients write victims");
    assertTrue(a.checkpoints().done() >= 10, "checkpoints every 30 ms: " + a.checkpoints());
  }

  @Test
  void everyDurableChangeSurvivesRecoveryUnderEvictionsAndCheckpoints() {
    for (String policy : List.of("greedy", "timer:t=2ms", "pgdelay:delay=1ms,siblings=2")) {
      VirtualWal wal = VirtualWal.recording(LogFormat.FIRST_LSN);
      PipelineSimulation s = sim(config(24, 8, policy, 20 * MS, 0, 300 * MS, true),
          TransactionalSource.endless(11, 300, 6, 0.5), wal);
      PipelineResult r = s.run();
      assertTrue(r.backendWrites() > 50 && r.checkpointWrites() > 20, policy + ": " + r.backendWrites() + " " + r.checkpointWrites());
      List<String> problems = RecoveryCheck.problems(recordPages(wal), recordLsns(wal), wal.recordCount(),
          s.stored()::lsn, wal.flushedLsn(), s.lastCompletedRedo());
      assertEquals(List.of(), problems, policy);
    }
  }

  @Test
  void aLargePoolHasNoDirtyEvictionsAndASmallOneMakesTransactionsWait() {
    PipelineResult big = sim(config(4096, 4, "greedy", 0, 2000, 0, true),
        TransactionalSource.endless(5, 1000, 6, 0.5), new VirtualWal(LogFormat.FIRST_LSN)).run();
    assertEquals(0, big.dirtyEvictions());
    assertEquals(0, big.waitedOnEviction());
    assertEquals(2000, big.transactions());
    PipelineResult small = sim(config(16, 4, "greedy", 0, 2000, 0, true),
        TransactionalSource.endless(5, 1000, 6, 0.5), new VirtualWal(LogFormat.FIRST_LSN)).run();
    assertTrue(small.waitedShare() > 0.3, "waited share " + small.waitedShare());
    assertTrue(small.transactionLatency().p99() > big.transactionLatency().p99());
    assertTrue(small.backendWrites() >= small.dirtyEvictions(),
        "every dirty eviction is a backend write; a write whose victim changed meanwhile is one too");
  }

  @Test
  void impossibleConfigurationsAreRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> config(10, 8, "greedy", 0, 10, 0, true));
    assertTrue(e.getMessage().contains("--frames 10 is too small for 8 clients"), e.getMessage());
    IllegalArgumentException never = assertThrows(IllegalArgumentException.class,
        () -> sim(config(64, 2, "batch:k=10", 0, 100, 0, true), TransactionalSource.endless(1, 100, 4, 0.5),
            new VirtualWal(LogFormat.FIRST_LSN)).run());
    assertTrue(never.getMessage().contains("never releases"), never.getMessage());
  }

  @Test
  void theBackgroundWriterTakesWritesOffTheClientsAndLosesNothing() {
    CheckpointSettings ckpt = new CheckpointSettings(100 * MS, 1L << 30, 0.5);
    BgWriterSettings writer = new BgWriterSettings(10 * MS, 100, 2.0);
    PipelineResult off = sim(config(64, 8, "greedy", ckpt, null, 0, 600 * MS, true),
        TransactionalSource.endless(21, 600, 6, 0.5), new VirtualWal(LogFormat.FIRST_LSN)).run();
    VirtualWal wal = VirtualWal.recording(LogFormat.FIRST_LSN);
    PipelineSimulation s = sim(config(64, 8, "greedy", ckpt, writer, 0, 600 * MS, true), TransactionalSource.endless(21, 600, 6, 0.5), wal);
    PipelineResult on = s.run();
    assertEquals(0, off.bgwriterWrites());
    assertTrue(on.bgwriterWrites() > 100, "bgwriter writes " + on.bgwriterWrites());
    assertTrue(on.backendWrites() < off.backendWrites(), on.backendWrites() + " < " + off.backendWrites());
    assertTrue(on.buffersAlloc() > 0 && on.buffersAlloc() == on.misses(), "every miss allocated a buffer");
    assertTrue(on.checkpoints().done() >= 4, "every 100 ms: " + on.checkpoints());
    assertEquals(List.of(), RecoveryCheck.problems(recordPages(wal), recordLsns(wal), wal.recordCount(), s.stored()::lsn,
        wal.flushedLsn(), s.lastCompletedRedo()));
  }

  @Test
  void aSpreadCheckpointTakesItsCompletionTargetOfTheInterval() {
    for (double target : new double[] {0.5, 0.9}) {
      PipelineResult r = sim(config(400, 4, "greedy", new CheckpointSettings(1000 * MS, 1L << 30, target), null, 0, 5000 * MS, true),
          TransactionalSource.endless(8, 2000, 6, 0.9), new VirtualWal(LogFormat.FIRST_LSN)).run();
      assertTrue(r.checkpoints().done() >= 3, r.checkpoints().toString());
      double writeSeconds = r.checkpoints().writeNanos() / 1e9 / r.checkpoints().done();
      assertTrue(Math.abs(writeSeconds - target) < 0.15, "target " + target + ": each checkpoint wrote for " + writeSeconds + " s");
      PipelineResult plain = sim(config(400, 4, "greedy", CheckpointSettings.plain(1000 * MS), null, 0, 5000 * MS, true),
          TransactionalSource.endless(8, 2000, 6, 0.9), new VirtualWal(LogFormat.FIRST_LSN)).run();
      assertTrue(plain.checkpoints().writeNanos() / 1e9 / plain.checkpoints().done() < 0.1, "a plain checkpoint writes at once");
    }
  }

  @Test
  void aSpreadCheckpointPacesItselfToTheLogVolumeSchedule() {
    // Time is no constraint (a timeout of 1,000 s); max_wal_size of 4 segments at target 0.5 gives
    // CheckPointSegments = 4 / 1.5 = 2, so a checkpoint's writes should end when 0.5 x 2 = 1
    // segment of log was written after its redo point (it sleeps whenever it is ahead of that).
    // The pool holds all 2,000 pages, so no eviction writes a flagged buffer first.
    CheckpointSettings bySize = new CheckpointSettings(1_000_000 * MS, 4 * CheckpointSettings.SEGMENT_BYTES, 0.5);
    PipelineResult r = sim(config(4000, 4, "greedy", bySize, null, 0, 150_000 * MS, true),
        TransactionalSource.endless(8, 2000, 6, 0.9), new VirtualWal(LogFormat.FIRST_LSN)).run();
    assertEquals(2, bySize.checkpointSegments());
    List<IntervalRow> series = r.series();
    int checked = 0;
    for (int i = 0; i < series.size(); i++) {
      if (series.get(i).checkpointsStarted() == 0) continue;
      int last = i;
      long wal = 0;
      for (int j = i; j < series.size() && (j == i || series.get(j).checkpointsStarted() == 0); j++) {
        if (series.get(j).checkpointWrites() > 0) last = j;
      }
      if (last + 1 >= series.size() || series.get(last + 1).checkpointsStarted() > 0) continue;
      for (int j = i; j <= last; j++) wal += series.get(j).walBytes();
      double segments = (double) wal / CheckpointSettings.SEGMENT_BYTES;
      assertTrue(segments > 0.7 && segments < 1.3, "a checkpoint's writes lasted " + segments + " segments of log");
      checked++;
    }
    assertTrue(checked >= 2, "checked " + checked + " checkpoints of " + r.checkpoints());
  }

  @Test
  void theLogsGrowthRequestsCheckpoints() {
    CheckpointSettings small = new CheckpointSettings(1000_000 * MS, 2 * CheckpointSettings.SEGMENT_BYTES, 0.5);
    PipelineResult r = sim(config(400, 4, "greedy", small, null, 0, 15000 * MS, true),
        TransactionalSource.endless(8, 2000, 6, 0.9), new VirtualWal(LogFormat.FIRST_LSN)).run();
    assertEquals(0, r.checkpoints().timed());
    long segments = r.wal().bytes() / CheckpointSettings.SEGMENT_BYTES;
    assertTrue(segments >= 3, "wrote " + segments + " segments");
    assertTrue(Math.abs(r.checkpoints().requested() - segments) <= 2,
        "one segment between redo points: " + r.checkpoints().requested() + " checkpoints for " + segments + " segments");
  }

  private static long[] recordPages(VirtualWal w) {
    long[] a = new long[w.recordCount()];
    for (int i = 0; i < a.length; i++) a[i] = w.recordPage(i);
    return a;
  }

  private static long[] recordLsns(VirtualWal w) {
    long[] a = new long[w.recordCount()];
    for (int i = 0; i < a.length; i++) a[i] = w.recordLsn(i);
    return a;
  }
}
