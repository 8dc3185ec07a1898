package dev.bufmgr.eviction.lru;

import static dev.bufmgr.core.testing.Replays.pool;
import static dev.bufmgr.core.testing.Replays.replay;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.testing.Request;
import dev.bufmgr.core.testing.SharedTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * LIRS in the pool against libCacheSim's own LIRS. The expected hits are libCacheSim's, built at
 * aa0fc40 with {@code bin/cachesim} changed only to print its miss count: {@code cachesim T.og
 * oracleGeneral lirs S1,S2,S3 --ignore-obj-size 1}, T.og the shared trace converted by {@code
 * bufmgr convert --format lirs --to oracleGeneral}, at 5%, 20% and 50% of the trace's pages where
 * that is 200 or more (Q of at least 2 pages); hits = requests - misses.
 */
class LirsReferenceTest {

  @Test
  void aHirPageHitInTheStackBecomesLirAndTheBottomLirPageIsDemoted() {
    // N=3 with hir=0.34: Q of 1 page, LIR set of 2. 1,2 load as LIR; 3 as HIR (S [3 2 1], Q [3]).
    // Page 4: Q's 3 leaves (id kept in S), 4 is HIR. Hit 1 (LIR): to S's top, S's bottom is now 2.
    // Page 3, its id in S: LIR set full, so the bottom LIR 2 is demoted to Q, pushing 4 out;
    // 3 loads as LIR. Page 2 (resident HIR) hits; page 4 misses.
    try (BufferPool p = pool(3, "lirs:hir=0.34")) {
      boolean[] hits = replay(p, Request.reads(1, 2, 3, 4, 1, 3, 2, 4));
      assertArrayEquals(new boolean[] {false, false, false, false, true, false, true, false}, hits);
    }
  }

  @Test
  void everyBufferPinnedIsOneClearError() {
    try (BufferPool p = pool(2, "lirs"); PoolSession s = p.openSession()) {
      s.pin(1, AccessStrategy.NORMAL, 0);
      s.pin(2, AccessStrategy.NORMAL, 0);
      assertThrows(NoUnpinnedBuffersException.class, () -> s.pin(3, AccessStrategy.NORMAL, 0));
    }
  }

  /**
   * Equal once the hits on pages libCacheSim evicted on a hit (each a miss there) are taken off;
   * on all but one row (sprite at 353: 9 such hits) there are none.
   */
  @ParameterizedTest
  @CsvSource({
      "2_pools.trace.gz, 496, 51898",
      "2_pools.trace.gz, 1987, 59087",
      "2_pools.trace.gz, 4969, 72887",
      "backf.trace.gz, 375, 33",
      "cpp.trace.gz, 244, 7666",
      "cpp.trace.gz, 611, 7800",
      "cs.trace.gz, 281, 1072",
      "cs.trace.gz, 704, 2806",
      "gli.trace.gz, 506, 2022",
      "gli.trace.gz, 1265, 3133",
      "loop.trace.gz, 202, 99800",
      "loop.trace.gz, 505, 249500",
      "multi1.trace.gz, 521, 8950",
      "multi1.trace.gz, 1303, 12042",
      "multi2.trace.gz, 284, 9743",
      "multi2.trace.gz, 1136, 15641",
      "multi2.trace.gz, 2842, 20433",
      "multi3.trace.gz, 372, 11278",
      "multi3.trace.gz, 1490, 17142",
      "multi3.trace.gz, 3727, 21884",
      "ps.trace.gz, 616, 6161",
      "ps.trace.gz, 1541, 7365",
      "scan.trace.gz, 400, 9504",
      "scan.trace.gz, 1000, 23760",
      "sprite.trace.gz, 353, 87059",
      "sprite.trace.gz, 1415, 120045",
      "sprite.trace.gz, 3537, 124409",
      "zigzag.trace.gz, 400, 75",
      "zigzag.trace.gz, 1000, 225"})
  void hitsEqualLibCacheSimsOnSharedLirsTraces(String trace, int frames, long libCacheSimHits) {
    long[] pages = SharedTraces.lirs(trace);
    try (BufferPool p = pool(frames, "lirs"); PoolSession s = p.openSession()) {
      for (long page : pages) s.access(page, AccessStrategy.NORMAL, 0, false);
      long droppedHits = p.selectorCounters().get("droppedHits");
      assertEquals(libCacheSimHits, p.metrics().hits() - droppedHits, trace + " at " + frames);
      if (!trace.equals("sprite.trace.gz") || frames != 353) assertEquals(0L, droppedHits, trace + " at " + frames);
    }
  }
}
