package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.testing.TransactionalSource;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.VirtualWal;
import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.FixedLatency;
import dev.bufmgr.wal.sim.ThinkTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every registered selector survives the simulated pipeline's interleaved misses: a miss that
 * waits for its dirty victim's write lets other clients' misses run between its {@code onMiss}
 * and its {@code onAdmit}, so meanwhile the same page may be loaded and evicted again by another
 * client (the selector contract allows it). Many clients on a small pool with a write-heavy
 * workload make that frequent.
 */
class InterleavedMissesOnEverySelectorTest {
  private static final long MS = 1_000_000;
  private static final DeviceModel DEVICE = new DeviceModel(new FixedLatency(500_000), 0, 50_000);

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.bufmgr.pipeline.BgBufferSyncOnEverySelectorTest#registeredSelectors")
  void manyClientsOnASmallPoolRunToTheEnd(String selector) {
    for (long seed = 1; seed <= 4; seed++) {
      PipelineConfig c = new PipelineConfig(32, Spec.of(selector), true, 8192, true, 8,
          new ThinkTime(0, ThinkTime.Distribution.CONST), ReleasePolicies.parse("greedy"), null, null, 0,
          100 * MS, 0.0, 100 * MS, seed);
      PipelineResult r = new PipelineSimulation(c, TransactionalSource.endless(13 + seed, 96, 6, 0.5), DEVICE,
          SelectorRegistry.load(), new VirtualWal(LogFormat.FIRST_LSN)).run();
      assertTrue(r.transactions() > 0, selector + " seed " + seed + " ran no transaction");
    }
  }
}
