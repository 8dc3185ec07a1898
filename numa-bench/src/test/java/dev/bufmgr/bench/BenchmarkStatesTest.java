package dev.bufmgr.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The benchmarks' states set up what their javadoc promises; run outside JMH, on small pools. */
class BenchmarkStatesTest {

  @Test
  void evictionBenchmarkStartsFullSoEveryMissEvicts() {
    EvictionBenchmark bench = new EvictionBenchmark();
    bench.selector = "gclock:batch=16";
    bench.frames = 64;
    bench.storage = "page-memory";
    bench.padding = "line";
    bench.workingSet = 1.7;
    bench.seed = 5;
    bench.openPool();
    try {
      assertEquals(109, bench.pages); // ceil(1.7 * 64)
      EvictionBenchmark.Worker w = new EvictionBenchmark.Worker();
      w.open(bench);
      w.beginIteration();
      int ops = 5000;
      for (int i = 0; i < ops; i++) bench.pinUnpin(w);
      w.endIteration();

      assertEquals(ops, w.session.metrics().hits() + w.misses);
      assertEquals(w.misses, w.evictions, "the pool was full from the start, so each miss evicted");
      assertEquals(w.evictions, w.victimSearches, "one thread: no victim is given back");
      assertTrue(w.ticks >= w.victimSearches, "a search examines at least one position");
      assertTrue(w.misses > ops / 4 && w.misses < ops * 3 / 5, "about 41% of uniform requests miss, got " + w.misses);
    } finally {
      bench.closePool();
    }
  }

  @Test
  void evictionBenchmarkRefusesAWorkingSetThatFits() {
    EvictionBenchmark bench = new EvictionBenchmark();
    bench.selector = "gclock";
    bench.frames = 64;
    bench.storage = "metadata";
    bench.padding = "none";
    bench.workingSet = 1.0;
    assertThrows(IllegalArgumentException.class, bench::openPool);
  }

  @Test
  void hitPathBenchmarkFindsEveryKeyInPoolAndCache() {
    HitPathBenchmark bench = new HitPathBenchmark();
    bench.distribution = "zipf";
    bench.keys = 256;
    bench.padding = "none";
    bench.selector = "gclock";
    bench.seed = 9;
    bench.populate();
    try {
      HitPathBenchmark.Worker w = new HitPathBenchmark.Worker();
      w.open(bench);
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
}
