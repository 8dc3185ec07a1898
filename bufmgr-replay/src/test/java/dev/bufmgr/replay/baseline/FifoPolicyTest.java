package dev.bufmgr.replay.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.replay.ReplayResult;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.support.SharedTraces;
import dev.bufmgr.workloads.synth.Workloads;
import java.util.ArrayDeque;
import java.util.EnumSet;
import java.util.HashSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** FIFO: hand-worked sequences, a plain queue model, and libCacheSim's own FIFO miss counts. */
class FifoPolicyTest {

  /** FIFO by a queue of the cached pages and a set beside it, written for the test. */
  private static long modelMisses(EventTrace t, int frames) {
    ArrayDeque<Long> queue = new ArrayDeque<>();
    HashSet<Long> cached = new HashSet<>();
    long misses = 0;
    for (int i = 0; i < t.size(); i++) {
      long page = t.pages()[i];
      if (cached.contains(page)) continue;
      misses++;
      if (queue.size() == frames) cached.remove(queue.removeFirst());
      queue.addLast(page);
      cached.add(page);
    }
    return misses;
  }

  private static EventTrace trace(long... pages) {
    return new EventTrace("hand", EnumSet.noneOf(EventField.class), pages, null, pages.length);
  }

  @Test
  void aHitDoesNotSaveThePageLoadedFirst() {
    // 2 frames: 1 and 2 load; the hit on 1 changes nothing, so 3 evicts 1 (LRU would evict 2);
    // 1 then misses and evicts 2, and 3 hits: 2 hits, 2 evictions. LRU keeps 1: 3 hits.
    EventTrace t = trace(1, 2, 1, 3, 1, 3);
    ReplayResult r = new FifoPolicy().replay(t, 2);
    assertEquals(2, r.hits());
    assertEquals(2, r.evictions());
    assertEquals(3, new LruPolicy().replay(t, 2).hits());
  }

  @Test
  void thePoolFillsBeforeTheFirstEviction() {
    // 3 frames: 1, 2, 3 fill the pool with no eviction; 4 evicts 1; 2 and 3 still hit; 1 evicts 2,
    // and 2 then evicts 3: 2 hits, 3 evictions. Without a fourth page nothing leaves.
    ReplayResult r = new FifoPolicy().replay(trace(1, 2, 3, 4, 2, 3, 1, 2), 3);
    assertEquals(2, r.hits());
    assertEquals(3, r.evictions());
    ReplayResult full = new FifoPolicy().replay(trace(1, 2, 3, 1, 2, 3), 3);
    assertEquals(3, full.hits());
    assertEquals(0, full.evictions());
  }

  /**
   * Misses of libCacheSim's own FIFO ({@code libCacheSim/cache/eviction/FIFO.c}) on the shared
   * LIRS traces, each converted by {@code bufmgr convert --trace T --format lirs --to oracleGeneral}:
   * {@code cachesim T oracleGeneral fifo 0.01,0.05,0.1,0.25,0.5 --ignore-obj-size 1} (the sizes
   * are the ones cachesim derived from those fractions and printed) and, on cpp, {@code fifo 1,2,3},
   * from libCacheSim aa0fc40914b2b786f4b9f4dafb099f8f332b216a (cmake Release; {@code main.c} and
   * {@code sim.c} of {@code bin/cachesim} changed only to print the miss count beside the ratio).
   */
  @ParameterizedTest(name = "{0} at {1} frames")
  @CsvSource({
      "2_pools.trace.gz, 99, 80790", "2_pools.trace.gz, 496, 57393", "2_pools.trace.gz, 993, 50106",
      "2_pools.trace.gz, 2484, 39951", "2_pools.trace.gz, 4969, 27676",
      "backf.trace.gz, 7, 8923", "backf.trace.gz, 37, 8593", "backf.trace.gz, 75, 8175",
      "backf.trace.gz, 187, 6943", "backf.trace.gz, 375, 4875",
      "cpp.trace.gz, 1, 9033", "cpp.trace.gz, 2, 9025", "cpp.trace.gz, 3, 9022",
      "cpp.trace.gz, 12, 9011", "cpp.trace.gz, 61, 7266", "cpp.trace.gz, 122, 3362",
      "cpp.trace.gz, 305, 1871", "cpp.trace.gz, 611, 1523",
      "cs.trace.gz, 14, 6658", "cs.trace.gz, 70, 6657", "cs.trace.gz, 704, 6657",
      "gli.trace.gz, 25, 5961", "gli.trace.gz, 126, 5960", "gli.trace.gz, 252, 5960",
      "gli.trace.gz, 632, 5950", "gli.trace.gz, 1264, 5345",
      "loop.trace.gz, 10, 505500", "loop.trace.gz, 505, 505500",
      "multi1.trace.gz, 26, 15695", "multi1.trace.gz, 130, 12708", "multi1.trace.gz, 260, 10489",
      "multi1.trace.gz, 651, 9065", "multi1.trace.gz, 1303, 8566",
      "multi2.trace.gz, 56, 25493", "multi2.trace.gz, 284, 21245", "multi2.trace.gz, 568, 18473",
      "multi2.trace.gz, 1421, 15363", "multi2.trace.gz, 2842, 9146",
      "multi3.trace.gz, 74, 28732", "multi3.trace.gz, 372, 24320", "multi3.trace.gz, 745, 21416",
      "multi3.trace.gz, 1863, 18305", "multi3.trace.gz, 3727, 11801",
      "ps.trace.gz, 30, 9698", "ps.trace.gz, 154, 9174", "ps.trace.gz, 308, 9174",
      "ps.trace.gz, 770, 6009", "ps.trace.gz, 1541, 5376",
      "scan.trace.gz, 20, 50025", "scan.trace.gz, 1000, 50025",
      "sprite.trace.gz, 70, 111271", "sprite.trace.gz, 353, 51198", "sprite.trace.gz, 707, 24169",
      "sprite.trace.gz, 1768, 11497", "sprite.trace.gz, 3537, 8547",
      "zigzag.trace.gz, 20, 51526", "zigzag.trace.gz, 100, 49526", "zigzag.trace.gz, 200, 47026",
      "zigzag.trace.gz, 500, 39526", "zigzag.trace.gz, 1000, 27026"})
  void missesEqualLibCacheSimsFifoOnSharedLirsTraces(String name, int frames, long libCacheSimMisses) {
    EventTrace t = SharedTraces.load(name);
    assertEquals(libCacheSimMisses, modelMisses(t, frames), "the model against libCacheSim");
    assertEquals(libCacheSimMisses, new FifoPolicy().replay(t, frames).misses());
  }

  /**
   * Misses of libCacheSim's own FIFO on a Zipf trace, converted by {@code bufmgr convert
   * --workload zipf:pages=100000,requests=1000000,seed=3 --to oracleGeneral}: {@code cachesim T
   * oracleGeneral fifo 0.01,0.05,0.1,0.25,0.5 --ignore-obj-size 1} (81,661 distinct pages), libCacheSim
   * and changes as for the LIRS traces above.
   */
  @ParameterizedTest(name = "at {0} frames")
  @CsvSource({"816, 560380", "4083, 402077", "8166, 329212", "20415, 226990", "40830, 147869"})
  void missesEqualLibCacheSimsFifoOnAZipfTrace(int frames, long libCacheSimMisses) {
    EventTrace t = EventTrace.load(Workloads.parse("zipf:pages=100000,requests=1000000,seed=3").open());
    assertEquals(1_000_000, t.size());
    assertEquals(libCacheSimMisses, new FifoPolicy().replay(t, frames).misses());
  }
}
