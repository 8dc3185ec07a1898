package dev.bufmgr.eviction.lru;

import static dev.bufmgr.core.testing.Replays.pool;
import static dev.bufmgr.core.testing.Replays.replay;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.testing.Request;
import dev.bufmgr.core.testing.SharedTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SLRU in the pool against libCacheSim's own SLRU. The expected hits are libCacheSim's, built at
 * aa0fc40 with {@code bin/cachesim} changed only to print its miss count: {@code cachesim T.og
 * oracleGeneral slru S1,S2,S3 --ignore-obj-size 1}, T.og the shared trace converted by {@code
 * bufmgr convert --format lirs --to oracleGeneral}; hits = requests - misses.
 */
class SlruReferenceTest {

  @Test
  void aHitMovesAPageUpOneSegmentAndOverflowCoolsDown() {
    // N=4, two segments of 2 (sizes=1:1). 1,2 fill segment 0 [2 1]; 3,4 fill segment 1 [4 3].
    // Hit 1: to segment 1 [1 4 3], which cools its oldest, 3, to segment 0 [3 2]. Page 5: the
    // victim is segment 0's oldest, 2. Page 2 misses; 1 and 4 still hit.
    try (BufferPool p = pool(4, "slru:sizes=1:1")) {
      boolean[] hits = replay(p, Request.reads(1, 2, 3, 4, 1, 5, 2, 1, 4));
      assertArrayEquals(new boolean[] {false, false, false, false, true, false, false, true, true}, hits);
    }
  }

  @Test
  void aPageLibCacheSimEvictsOnAHitWaitsInItsBufferForTheNextMiss() {
    // N=5, four segments of 1. 1,2,3,4 fill segments 0..3; 5 enters segment 0 past its share
    // [5 1]. Hit 5: to segment 1 [5 2], which cools 2 to segment 0 [2 1], past its share: libCacheSim
    // evicts 1 on this hit. Here 1 is dropped, its buffer the next miss's victim: page 6 takes it.
    try (BufferPool p = pool(5, "slru"); PoolSession s = p.openSession()) {
      for (long page = 1; page <= 5; page++) s.access(page, AccessStrategy.NORMAL, 0, false);
      int b1 = p.bufferOf(1);
      assertTrue(s.access(5, AccessStrategy.NORMAL, 0, false));
      assertEquals(1L, p.selectorCounters().get("droppedOnHit"));
      s.access(6, AccessStrategy.NORMAL, 0, false);
      assertEquals(b1, p.bufferOf(6));
      assertEquals(-1, p.bufferOf(1));
    }
  }

  /** Pools of a multiple of 4 buffers, where libCacheSim never evicts on a hit: hit for hit equal. */
  @ParameterizedTest
  @CsvSource({
      "2_pools.trace.gz, 496, 51932",
      "2_pools.trace.gz, 1984, 59199",
      "2_pools.trace.gz, 4968, 72955",
      "backf.trace.gz, 36, 297",
      "backf.trace.gz, 148, 1221",
      "backf.trace.gz, 372, 3069",
      "cpp.trace.gz, 60, 4673",
      "cpp.trace.gz, 244, 7691",
      "cpp.trace.gz, 608, 7797",
      "cs.trace.gz, 68, 240",
      "cs.trace.gz, 280, 800",
      "cs.trace.gz, 704, 2072",
      "gli.trace.gz, 124, 432",
      "gli.trace.gz, 504, 1576",
      "gli.trace.gz, 1264, 2325",
      "loop.trace.gz, 48, 17964",
      "loop.trace.gz, 200, 74850",
      "loop.trace.gz, 504, 188622",
      "multi1.trace.gz, 128, 4672",
      "multi1.trace.gz, 520, 8531",
      "multi1.trace.gz, 1300, 10869",
      "multi2.trace.gz, 284, 8348",
      "multi2.trace.gz, 1136, 14660",
      "multi2.trace.gz, 2840, 19644",
      "multi3.trace.gz, 372, 9012",
      "multi3.trace.gz, 1488, 16158",
      "multi3.trace.gz, 3724, 20561",
      "ps.trace.gz, 152, 2955",
      "ps.trace.gz, 616, 5871",
      "ps.trace.gz, 1540, 6661",
      "scan.trace.gz, 100, 1800",
      "scan.trace.gz, 400, 7200",
      "scan.trace.gz, 1000, 18000",
      "sprite.trace.gz, 352, 87373",
      "sprite.trace.gz, 1412, 123128",
      "sprite.trace.gz, 3536, 125962",
      "zigzag.trace.gz, 100, 1875",
      "zigzag.trace.gz, 400, 7500",
      "zigzag.trace.gz, 1000, 18750"})
  void hitsEqualLibCacheSimsOnSharedLirsTraces(String trace, int frames, long libCacheSimHits) {
    long[] pages = SharedTraces.lirs(trace);
    try (BufferPool p = pool(frames, "slru"); PoolSession s = p.openSession()) {
      for (long page : pages) s.access(page, AccessStrategy.NORMAL, 0, false);
      assertEquals(libCacheSimHits, p.metrics().hits(), trace + " at " + frames);
      assertEquals(0L, p.selectorCounters().get("droppedOnHit"), trace + " at " + frames);
    }
  }

  /**
   * Pools of other sizes (5%, 20% and 50% of the trace's pages), where libCacheSim evicts on some
   * hits: equal once the hits on pages it had evicted, each a miss there, are taken off.
   */
  @ParameterizedTest
  @CsvSource({
      "2_pools.trace.gz, 1987, 59210",
      "backf.trace.gz, 37, 297",
      "backf.trace.gz, 150, 1221",
      "backf.trace.gz, 375, 3069",
      "cpp.trace.gz, 61, 4759",
      "multi1.trace.gz, 130, 4681",
      "multi1.trace.gz, 521, 8532",
      "multi2.trace.gz, 2842, 19557",
      "multi3.trace.gz, 3727, 20564",
      "sprite.trace.gz, 353, 87404",
      "sprite.trace.gz, 1415, 123142"})
  void hitsLessDroppedPageHitsEqualLibCacheSimsElsewhere(String trace, int frames, long libCacheSimHits) {
    long[] pages = SharedTraces.lirs(trace);
    try (BufferPool p = pool(frames, "slru"); PoolSession s = p.openSession()) {
      for (long page : pages) s.access(page, AccessStrategy.NORMAL, 0, false);
      assertEquals(libCacheSimHits, p.metrics().hits() - p.selectorCounters().get("droppedHits"), trace + " at " + frames);
    }
  }
}
