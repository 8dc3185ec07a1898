package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.testing.RecoveryCheck;
import dev.bufmgr.core.testing.SecondChanceFactory;
import dev.bufmgr.core.testing.TransactionalSource;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.VirtualWal;
import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.FixedLatency;
import dev.bufmgr.wal.device.PageCacheSettings;
import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.wal.FlushMode;
import org.junit.jupiter.api.Test;

/** The simulated pipeline with the operating system's page cache between the pool and the device. */
class PageCachePipelineTest {
  private static final DeviceModel DEVICE = new DeviceModel(new FixedLatency(500_000), 0, 50_000);
  private static final long MS = 1_000_000;

  /** copy 3 us, writeback every 10 ms, expiry 20 ms, flush-after off, no prewarm, reads 80 us, 64 pages a request. */
  private static final PageCacheSettings CACHE = new PageCacheSettings(1L << 30, 3_000, 1L << 30, 20 * MS, 10 * MS,
      0, 0, 0, 80_000, false, 64 * 8192);

  private static PipelineConfig config(PageCacheSettings cache) {
    return new PipelineConfig(24, Spec.of("second-chance"), true, 8192, true, 8,
        new ThinkTime(0, ThinkTime.Distribution.CONST), ReleasePolicies.parse("greedy"), CheckpointSettings.plain(20 * MS), null,
        0, 300 * MS, 0.0, 100 * MS, 7, FlushMode.FLUSHER, cache);
  }

  @Test
  void writesCostTheCopyAndTheLogIsStillWrittenFirstAndRecoveryHolds() {
    VirtualWal wal = VirtualWal.recording(LogFormat.FIRST_LSN);
    PipelineSimulation s = new PipelineSimulation(config(CACHE), TransactionalSource.endless(11, 300, 6, 0.5),
        DEVICE, SecondChanceFactory.registry(), wal);
    PipelineResult r = s.run();
    assertTrue(r.backendWrites() > 50 && r.checkpointWrites() > 0 && r.checkpoints().done() >= 2, r.backendWrites() + " " + r.checkpoints());
    // every client write is one buffered write of 3 us (the window is the whole run)
    assertEquals(r.backendWrites() * 3_000, r.backendWriteNanos());
    assertTrue(r.writebackPages() > 0, "the checkpoints' fsyncs and the expiry wrote pages back");
    // StoredPages refused any page written before the log was durable to its LSN; a process crash
    // keeps the kernel's cache, so what the cache holds counts as stored
    long[] pages = new long[wal.recordCount()];
    long[] lsns = new long[wal.recordCount()];
    for (int i = 0; i < pages.length; i++) {
      pages[i] = wal.recordPage(i);
      lsns[i] = wal.recordLsn(i);
    }
    assertEquals(java.util.List.of(), RecoveryCheck.problems(pages, lsns, wal.recordCount(), s.stored()::lsn,
        wal.flushedLsn(), s.lastCompletedRedo()));
  }

  @Test
  void offIsTheDirectModel() {
    PipelineConfig direct = new PipelineConfig(24, Spec.of("second-chance"), true, 8192, true, 8,
        new ThinkTime(0, ThinkTime.Distribution.CONST), ReleasePolicies.parse("greedy"), CheckpointSettings.plain(20 * MS), null,
        0, 300 * MS, 0.0, 100 * MS, 7, FlushMode.FLUSHER);
    PipelineResult a = new PipelineSimulation(direct, TransactionalSource.endless(11, 300, 6, 0.5), DEVICE,
        SecondChanceFactory.registry(), new VirtualWal(LogFormat.FIRST_LSN)).run();
    PipelineResult b = new PipelineSimulation(config(PageCacheSettings.parse("off")), TransactionalSource.endless(11, 300, 6, 0.5),
        DEVICE, SecondChanceFactory.registry(), new VirtualWal(LogFormat.FIRST_LSN)).run();
    assertEquals(a.series(), b.series());
    assertEquals(a.transactionLatency(), b.transactionLatency());
    assertEquals(0, b.writebackPages());
  }
}
