package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.pool.NamedPools;
import dev.bufmgr.core.testing.SecondChanceFactory;
import dev.bufmgr.core.testing.TransactionalSource;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.VirtualWal;
import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.FixedLatency;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Pools side by side in the simulated pipeline ({@code --pools}). */
class PipelinePoolsTest {
  private static final SelectorRegistry REGISTRY = SecondChanceFactory.registry();
  private static final DeviceModel DEVICE = new DeviceModel(new FixedLatency(500_000), 0, 50_000);
  private static final List<String> CLASSES = List.of("other", "hot", "cold");

  private static PipelineConfig config(int frames) {
    return PipelineSimulationTest.config(frames, 4, "greedy", CheckpointSettings.plain(300 * 1_000_000L), BgWriterSettings.DEFAULTS,
        3000, 0, true);
  }

  private static PipelineResult run(PipelineConfig c) {
    return new PipelineSimulation(c, TransactionalSource.endless(5, 2000, 6, 0.5), DEVICE, REGISTRY,
        new VirtualWal(LogFormat.FIRST_LSN)).run();
  }

  private static NamedPools pools(String text) {
    return NamedPools.parse(text, CLASSES, REGISTRY);
  }

  @Test
  void onePoolOfAllTheFramesIsTheRunWithoutPools() {
    PipelineResult plain = run(config(240));
    PipelineResult pooled = run(config(240).withPools(pools("default=second-chance:100%")));
    assertEquals(plain.transactions(), pooled.transactions());
    assertEquals(plain.elapsedNanos(), pooled.elapsedNanos());
    assertEquals(plain.hits(), pooled.hits());
    assertEquals(plain.misses(), pooled.misses());
    assertArrayEquals(plain.classHits(), pooled.classHits());
    assertEquals(plain.backendWrites(), pooled.backendWrites());
    assertEquals(plain.bgwriterWrites(), pooled.bgwriterWrites());
    assertEquals(plain.checkpointWrites(), pooled.checkpointWrites());
    assertEquals(plain.evictions(), pooled.evictions());
    assertEquals(plain.wal().bytes(), pooled.wal().bytes());
    assertEquals(plain.commitLatency().p99(), pooled.commitLatency().p99());
    assertTrue(plain.bgwriterWrites() > 0 && plain.checkpointWrites() > 0, "the writers ran");
    plain.selectorCounters().forEach((k, v) -> assertEquals(v, pooled.selectorCounters().get("pool.default.selector." + k), k));
    assertEquals(plain.hits(), pooled.selectorCounters().get("pool.default.hits"));
  }

  @Test
  void eachPoolAnswersItsClassesAndTheCountersAddUp() {
    PipelineResult r = run(config(240).withPools(pools("main=second-chance:60%,hot=second-chance(batch=2):40%[hot]")));
    Map<String, Long> c = r.selectorCounters();
    assertEquals(144L, c.get("pool.main.frames"));
    assertEquals(96L, c.get("pool.hot.frames"));
    assertEquals(r.classHits()[1], c.get("pool.hot.hits"), "the hot class is the hot pool's");
    assertEquals(r.classHits()[2], c.get("pool.main.hits"), "the cold class is the main pool's");
    assertEquals(r.hits(), c.get("pool.main.hits") + c.get("pool.hot.hits"));
    assertEquals(r.misses(), c.get("pool.main.misses") + c.get("pool.hot.misses"));
    assertEquals(r.evictions(), c.get("pool.main.evictions") + c.get("pool.hot.evictions"));
    assertTrue(r.bgwriterWrites() > 0 && r.checkpointWrites() > 0, "the writers ran over both pools");
  }

  @Test
  void aPoolTooSmallForTheClientsIsRefusedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> config(100).withPools(pools("main=second-chance:95%,hot=second-chance:5%[hot]")));
    assertTrue(e.getMessage().contains("pool 'hot' gets 5 of 100 frames, fewer than the 10 it needs"), e.getMessage());
  }
}
