package dev.bufmgr.replay;

import dev.bufmgr.replay.catalog.PolicyCatalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.replay.baseline.OptPolicy;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.support.GClockPlainModel;
import dev.bufmgr.workloads.support.SharedTraces;
import dev.bufmgr.workloads.synth.PageClasses;
import dev.bufmgr.workloads.synth.Workloads;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PoolReplayTest {
  private static final PolicyCatalog CATALOG = new PolicyCatalog(true);

  static Stream<Arguments> lirsCases() {
    return Stream.of("cs.trace.gz", "cpp.trace.gz", "ps.trace.gz", "multi2.trace.gz", "loop.trace.gz", "2_pools.trace.gz")
        .flatMap(name -> Stream.of(16, 100, 500, 2000).map(f -> Arguments.of(name, f)));
  }

  static Stream<Arguments> syntheticCases() {
    return Stream.of(
            "zipf:pages=5000,theta=0.9,requests=30000,seed=1",
            "hotset:pages=3000,requests=30000,seed=2,writes=0.3",
            "mix:requests=30000,seed=3,streams=0.7*zipf(pages=2000;theta=0.99)+0.3*scan(pages=4000)",
            "pgbench-select:frames=400,requests=30000,seed=4")
        .flatMap(spec -> Stream.of(8, 64, 400, 1500).map(f -> Arguments.of(spec, f)));
  }

  private static void assertMatchesModel(EventTrace t, int frames, int maxUsage) {
    String spec = maxUsage == 5 ? "gclock" : "gclock:maxUsage=" + maxUsage;
    ReplayResult r = CATALOG.resolve(spec).replay(t, frames);
    GClockPlainModel m = new GClockPlainModel(frames, maxUsage, true).replay(t);
    assertEquals(m.hits, r.hits(), "hits");
    assertEquals(m.evictions, r.evictions(), "evictions");
    assertEquals(m.dirtyEvictions, r.dirtyEvictions(), "dirty evictions");
    if (m.searches > 0) {
      assertNotNull(r.ticksPerVictim());
      assertEquals(m.ticks / (double) m.searches, r.ticksPerVictim(), 1e-9, "ticks per victim");
    }
  }

  @ParameterizedTest(name = "{0} at {1} frames")
  @MethodSource("lirsCases")
  void gclockThroughThePoolMatchesThePlainModelOnLirsTraces(String name, int frames) {
    EventTrace t = SharedTraces.load(name);
    assertMatchesModel(t, frames, 5);
  }

  @ParameterizedTest(name = "{0} at {1} frames")
  @MethodSource("syntheticCases")
  void gclockThroughThePoolMatchesThePlainModelOnSeededSyntheticTraces(String spec, int frames) {
    EventTrace t = EventTrace.load(Workloads.parse(spec).open());
    assertMatchesModel(t, frames, 5);
    assertMatchesModel(t, frames, 2);
  }

  @ParameterizedTest(name = "{0} at {1} frames")
  @MethodSource("lirsCases")
  void optBoundsEveryPolicy(String name, int frames) {
    EventTrace t = SharedTraces.load(name);
    long bypass = new OptPolicy(true).replay(t, frames).hits();
    long demand = new OptPolicy(false).replay(t, frames).hits();
    for (ReplayPolicy p : CATALOG.defaults()) {
      long hits = p.replay(t, frames).hits();
      assertTrue(hits <= bypass, p.name() + " beat OPT with bypass");
      if (p.admitsEveryMiss()) assertTrue(hits <= demand, p.name() + " admits every miss but beat the demand-paging OPT");
    }
  }

  @Test
  void perClassCountsAddUpForPgbench() {
    EventTrace t = EventTrace.load(Workloads.parse("pgbench-select:frames=1000,requests=40000,seed=5").open());
    ReplayResult r = CATALOG.resolve("gclock").replay(t, 1000);
    long hits = 0;
    long misses = 0;
    for (int c = 0; c < r.classHits().length; c++) {
      hits += r.classHits()[c];
      misses += r.classMisses()[c];
    }
    assertEquals(r.hits(), hits);
    assertEquals(r.misses(), misses);
    // The index was sized to half the pool: its pages are hit far more often than heap pages.
    double leaf = r.classHits()[PageClasses.INDEX_LEAF] / (double) (r.classHits()[PageClasses.INDEX_LEAF] + r.classMisses()[PageClasses.INDEX_LEAF]);
    double heap = r.classHits()[PageClasses.HEAP] / (double) (r.classHits()[PageClasses.HEAP] + r.classMisses()[PageClasses.HEAP]);
    assertTrue(leaf > heap, "leaf " + leaf + " heap " + heap);
  }

  @Test
  void baselinesHaveNoTicks() {
    EventTrace t = SharedTraces.load("cs.trace.gz");
    assertNull(CATALOG.resolve("lru").replay(t, 100).ticksPerVictim());
  }

  @Test
  void catalogRefusesUnknownNamesAndParameters() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> CATALOG.resolve("no-such-policy")).getMessage().contains("gclock"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> CATALOG.resolve("gclock:maxUsag=3")).getMessage().contains("maxUsag"));
    assertThrows(IllegalArgumentException.class, () -> CATALOG.resolve("gclock:maxUsage=0"));
    assertThrows(IllegalArgumentException.class, () -> CATALOG.resolve("lru:size=3"));
  }

  @Test
  void concurrentReplayCountsEveryRequest() {
    var workload = Workloads.parse("zipf:pages=20000,requests=50000,seed=6");
    PoolPolicy gclock = (PoolPolicy) CATALOG.resolve("gclock");
    ReplayResult r = ConcurrentReplay.run(gclock, 2000, 3, 1,
        t -> EventTrace.load(workload.open(workload.seed() + t)), t -> 0);
    assertEquals(150_000, r.requests());
    assertTrue(r.hits() > 0 && r.hits() < 150_000);
  }

  @Test
  void concurrentReplayOfOneSharedTraceFromStaggeredStarts() {
    EventTrace t = SharedTraces.load("cs.trace.gz");
    PoolPolicy gclock = (PoolPolicy) CATALOG.resolve("gclock");
    ReplayResult one = ConcurrentReplay.run(gclock, 200, 1, 1, k -> t, k -> 0);
    assertEquals(new GClockPlainModel(200, 5, true).replay(t).hits, one.hits(), "one thread is the exact replay");
    ReplayResult two = ConcurrentReplay.run(gclock, 200, 2, 1, k -> t, k -> k * t.size() / 2);
    assertEquals(2L * t.size(), two.requests());
  }
}
