package dev.bufmgr.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.options.TimeValue;

/** The benchmarks' states set up what their javadoc promises; run outside JMH, on small pools. */
class BenchmarkStatesTest {

  @Test
  void evictionBenchmarkStartsFullSoEveryMissEvicts() {
    EvictionBenchmark bench = new EvictionBenchmark();
    bench.selector = "gclock";
    bench.hand = "batch16";
    bench.frames = 64;
    bench.storage = "page-memory";
    bench.padding = "line";
    bench.workingSet = 1.7;
    bench.timeSearch = true;
    bench.pinning = "none";
    bench.stripes = 4;
    bench.placement = "default";
    bench.seed = 5;
    bench.openPool();
    try {
      assertEquals(109, bench.pages); // ceil(1.7 * 64)
      assertEquals("gclock:batch=16,hand=global", bench.spec);
      EvictionBenchmark.Worker w = new EvictionBenchmark.Worker();
      w.open(bench, thread(0, 1));
      w.beginIteration(iteration(IterationType.WARMUP));
      for (int i = 0; i < 1000; i++) bench.pinUnpin(w);
      w.endIteration();
      assertEquals(0, w.measuredLatency.getTotalCount(), "warmup searches are not kept");
      w.beginIteration(iteration(IterationType.MEASUREMENT));
      long hitsBefore = w.session.metrics().hits();
      int ops = 5000;
      for (int i = 0; i < ops; i++) bench.pinUnpin(w);
      w.endIteration();

      assertEquals(ops, w.session.metrics().hits() - hitsBefore + w.misses);
      assertEquals(w.misses, w.evictions, "the pool was full from the start, so each miss evicted");
      assertEquals(w.evictions, w.victimSearches, "one thread: no victim is given back");
      assertTrue(w.ticks >= w.victimSearches, "a search examines at least one position");
      assertEquals(0, w.failedCas, "one thread: no compare-and-set loses");
      assertEquals(w.victimSearches, w.measuredLatency.getTotalCount(), "every measured search timed once");
      assertTrue(w.misses > ops / 4 && w.misses < ops * 3 / 5, "about 41% of uniform requests miss, got " + w.misses);
    } finally {
      bench.closePool();
    }
  }

  @Test
  void evictionBenchmarkPlacesStripesOnNodesAndItsThreadsHomeOnTheirNode() {
    EvictionBenchmark bench = new EvictionBenchmark();
    bench.selector = "gclock";
    bench.hand = "partitioned";
    bench.frames = 64;
    bench.storage = "metadata";
    bench.padding = "none";
    bench.workingSet = 1.7;
    bench.timeSearch = false;
    bench.pinning = "none";
    bench.stripes = 4;
    bench.placement = "nodes=2";
    bench.seed = 5;
    bench.openPool();
    try {
      assertEquals(2, bench.topology.nodes().size(), "two logical nodes forced");
      assertEquals(4, bench.pool.descriptors().stripes());
      assertEquals("gclock:batch=1,hand=partitioned", bench.spec);
      EvictionBenchmark.Worker w = new EvictionBenchmark.Worker();
      w.open(bench, thread(0, 1));
      w.beginIteration(iteration(IterationType.MEASUREMENT));
      for (int i = 0; i < 2000; i++) bench.pinUnpin(w);
      w.endIteration();
      assertTrue(w.evictions > 0, "the partitioned hand found victims on the placed stripes");
    } finally {
      bench.closePool();
    }
    assertThrows(IllegalArgumentException.class, () -> EvictionBenchmark.placementTopology("nodes=0"));
    assertThrows(IllegalArgumentException.class, () -> EvictionBenchmark.placementTopology("numa"));
  }

  @Test
  void evictionBenchmarkRefusesAWorkingSetThatFits() {
    EvictionBenchmark bench = new EvictionBenchmark();
    bench.selector = "gclock";
    bench.hand = "stock";
    bench.frames = 64;
    bench.storage = "metadata";
    bench.padding = "none";
    bench.workingSet = 1.0;
    assertThrows(IllegalArgumentException.class, bench::openPool);
  }

  @Test
  void hitPathBenchmarkFindsEveryKeyInPoolAndCache() {
    HitPathBenchmark bench = hitPath("shared");
    try {
      HitPathBenchmark.Worker w = new HitPathBenchmark.Worker();
      w.open(bench, thread(0, 1));
      for (int i = 0; i < 2 * HitPathBenchmark.SAMPLES; i++) {
        assertTrue(bench.pool(w));
        assertEquals(Boolean.TRUE, bench.caffeine(w));
      }
      w.checkAllHits();
      assertEquals(0, w.session.metrics().misses());
    } finally {
      bench.closePool();
    }
  }

  @Test
  void disjointSharingGivesThreadIOfTOnlyKeysCongruentToI() {
    HitPathBenchmark bench = hitPath("disjoint");
    try {
      for (int t = 0; t < 4; t++) {
        HitPathBenchmark.Worker w = new HitPathBenchmark.Worker();
        w.open(bench, thread(t, 4));
        for (int i = 0; i < HitPathBenchmark.SAMPLES; i++) {
          long k = bench.pageSamples[i];
          assertEquals(k - k % 4 + t, w.pages[i]);
          assertEquals(w.pages[i], w.keys[i].longValue());
        }
        assertTrue(bench.pool(w));
        assertEquals(Boolean.TRUE, bench.caffeine(w));
      }
      HitPathBenchmark.Worker odd = new HitPathBenchmark.Worker();
      assertThrows(IllegalArgumentException.class, () -> odd.open(bench, thread(0, 3)));
    } finally {
      bench.closePool();
    }
  }

  private static HitPathBenchmark hitPath(String sharing) {
    HitPathBenchmark bench = new HitPathBenchmark();
    bench.distribution = "zipf";
    bench.keys = 256;
    bench.padding = "none";
    bench.selector = "gclock";
    bench.sharing = sharing;
    bench.seed = 9;
    bench.populate();
    return bench;
  }

  @Test
  void handsBecomeSelectorSpecs() {
    var registry = dev.bufmgr.core.evict.SelectorRegistry.load();
    assertEquals("gclock:batch=1,hand=global", HandSpec.resolve("gclock", "stock", registry));
    assertEquals("hotcool:batch=64,hand=global", HandSpec.resolve("hotcool", "batch64", registry));
    assertEquals("gclock:maxUsage=3,batch=1,hand=partitioned", HandSpec.resolve("gclock:maxUsage=3", "partitioned", registry));
    assertEquals("gclock:batch=16", HandSpec.resolve("gclock:batch=16", "spec", registry));
    assertEquals("s3fifo", HandSpec.resolve("s3fifo", "stock", registry));
    assertThrows(IllegalArgumentException.class, () -> HandSpec.resolve("s3fifo", "batch16", registry));
    assertThrows(IllegalArgumentException.class, () -> HandSpec.resolve("gclock:batch=16", "batch64", registry));
    assertThrows(IllegalArgumentException.class, () -> HandSpec.resolve("gclock", "sideways", registry));
  }

  private static IterationParams iteration(IterationType type) {
    return new IterationParams(type, 1, TimeValue.seconds(1), 1);
  }

  private static ThreadParams thread(int index, int count) {
    return new ThreadParams(index, count, 0, 1, 0, 1, index, count, index, count);
  }
}
