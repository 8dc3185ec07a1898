package dev.bufmgr.eviction.lru;

import static dev.bufmgr.core.testing.Replays.misses;
import static dev.bufmgr.core.testing.Replays.pool;
import static dev.bufmgr.core.testing.Replays.replay;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.testing.Request;
import dev.bufmgr.core.testing.SharedTraces;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** ARC in the pool, single-threaded: hand-worked sequences, a plain model, and libCacheSim's own miss counts. */
class ArcReferenceTest {

  @Test
  void aHitMovesThePageToT2AndGhostHitsMoveTheTarget() {
    // N=4, lists written MRU first. 1,2,3,4 fill T1. Hit 1: T1 [4 3 2], T2 [1]. Page 5: |T1|+|B1|
    // = 3 < 4; REPLACE: |T1| = 3 > p = 0, so 2 leaves T1: B1 [2]. Page 2: in B1, p = 0 + max(0/1,
    // 1) = 1; |T1| = 3 > 1, 3 leaves: B1 [3]; 2 into T2 [2 1]. Page 6: |T1| = 2 > 1, 4 leaves: B1
    // [4 3]. Page 3: in B1, p = 2; |T1| = 2 is not > 2, so T2's oldest, 1, leaves: B2 [1]; T2 [3 2].
    // Page 1: in B2, p = 2 - max(1/1, 1) = 1; |T1| = 2 > 1, 5 leaves: B1 [5 4]; T2 [1 3 2]. Page 7:
    // |T1| = 1 is not > 1, so 2 leaves T2 for B2. Left: T1 [7 6], T2 [1 3].
    try (BufferPool p = pool(4, "arc")) {
      boolean[] hits = replay(p, Request.reads(1, 2, 3, 4, 1, 5, 2, 6, 3, 1, 7));
      assertArrayEquals(new boolean[] {false, false, false, false, true, false, false, false, false, false, false}, hits);
      for (long kept : new long[] {1, 3, 6, 7}) assertTrue(p.bufferOf(kept) >= 0, "page " + kept);
      for (long gone : new long[] {2, 4, 5}) assertEquals(-1, p.bufferOf(gone), "page " + gone);
    }
  }

  @Test
  void atTheTargetAMissFromB2TakesT1sOldest() {
    // N=3. 1,4 into T1; hit 4: T2 [4]; 3: T1 [3 1]. Page 5: 1 leaves T1 for B1. Page 1: in B1,
    // p = 1; |T1| = 2 > 1, 3 leaves: B1 [3]; T2 [1 4]. Page 3: in B1, p = 2; |T1| = 1, so T2's
    // oldest, 4, leaves: B2 [4]; T2 [3 1]. Page 4: in B2, p = 2 - max(0/1, 1) = 1 = |T1|: the tie
    // takes T1's 5 (B1 [5]), not T2's 1, which the last request finds.
    try (BufferPool p = pool(3, "arc")) {
      boolean[] hits = replay(p, Request.reads(1, 4, 4, 3, 5, 1, 3, 4, 1));
      assertArrayEquals(new boolean[] {false, false, true, false, false, false, false, false, true}, hits);
      assertEquals(-1, p.bufferOf(5));
    }
  }

  @Test
  void whileT1HoldsThePoolItsOldestLeavesNoGhost() {
    // N=3. 4,2,5 fill T1; |T1| + |B1| = 3 = c with B1 empty, so each new page (1, 4, 2) pushes
    // T1's oldest out without an id: the 4 and 2 that come back are plain misses into T1 (from
    // B1 they would have gone to T2 and raised p). T1 [2 4 1]; the last 4 hits.
    try (BufferPool p = pool(3, "arc")) {
      boolean[] hits = replay(p, Request.reads(4, 2, 5, 1, 4, 2, 4));
      assertArrayEquals(new boolean[] {false, false, false, false, false, false, true}, hits);
      assertEquals(-1, p.bufferOf(5));
    }
  }

  @Test
  void aRingHitLeavesThePageInT1() {
    // N=8: 1..8 fill T1. A BULKREAD hit on 1 is a hit but does not move it to T2, so page 9
    // pushes 1, still T1's oldest, out; after a normal hit on 1 it would be 2.
    for (AccessStrategy strategy : new AccessStrategy[] {AccessStrategy.BULKREAD, AccessStrategy.NORMAL}) {
      try (BufferPool p = pool(8, "arc"); PoolSession s = p.openSession()) {
        for (long page = 1; page <= 8; page++) s.access(page, AccessStrategy.NORMAL, 0, false);
        assertTrue(s.access(1, strategy, 0, false));
        s.access(9, AccessStrategy.NORMAL, 0, false);
        long gone = strategy.usesRing() ? 1 : 2;
        assertEquals(-1, p.bufferOf(gone), strategy + ": page " + gone);
        assertTrue(p.bufferOf(3 - gone) >= 0, strategy + ": page " + (3 - gone));
      }
    }
  }

  @Test
  void aPinnedVictimIsPassedOverAndKeepsItsPlace() {
    try (BufferPool p = pool(3, "arc"); PoolSession s = p.openSession()) {
      int b1 = s.pin(1, AccessStrategy.NORMAL, 0);
      s.access(2, AccessStrategy.NORMAL, 0, false);
      s.access(3, AccessStrategy.NORMAL, 0, false);
      s.access(4, AccessStrategy.NORMAL, 0, false);
      assertEquals(b1, p.bufferOf(1), "the pinned oldest page of T1 stays");
      assertEquals(-1, p.bufferOf(2), "the next oldest leaves");
      s.unpin(b1);
      s.access(5, AccessStrategy.NORMAL, 0, false);
      assertEquals(-1, p.bufferOf(1), "unpinned, it is T1's oldest again");
    }
  }

  @Test
  void everyBufferPinnedIsOneClearError() {
    try (BufferPool p = pool(2, "arc"); PoolSession s = p.openSession()) {
      s.pin(1, AccessStrategy.NORMAL, 0);
      s.pin(2, AccessStrategy.NORMAL, 0);
      assertThrows(NoUnpinnedBuffersException.class, () -> s.pin(3, AccessStrategy.NORMAL, 0));
    }
  }

  @Test
  void matchesThePlainModelRequestByRequestOnSeededTraces() {
    for (long seed = 1; seed <= 6; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int frames = 2 + r.nextInt(60);
      int pages = frames + 1 + r.nextInt(4 * frames);
      ArcModel model = new ArcModel(frames);
      try (BufferPool p = pool(frames, "arc"); PoolSession s = p.openSession()) {
        for (int i = 0; i < 20_000; i++) {
          long page = r.nextInt(10) < 7 ? r.nextInt(Math.max(1, pages / 5)) : r.nextInt(pages);
          boolean write = r.nextInt(8) == 0;
          assertEquals(model.access(page), s.access(page, AccessStrategy.NORMAL, 0, write), "seed " + seed + ", request " + i);
        }
        for (long page = 0; page < pages; page++) assertEquals(model.contains(page), p.bufferOf(page) >= 0, "page " + page);
        assertEquals(model.counters(), p.selectorCounters(), "seed " + seed + ": the selector's own counts");
      }
    }
  }

  /**
   * Misses of libCacheSim's own ARC on the shared LIRS traces at 5%, 20% and 50% of their
   * distinct pages: {@code cachesim T.txt txt ARC S1,S2,S3 --ignore-obj-size 1}, T.txt the
   * trace's ids one per line ({@code *} lines dropped), built from libCacheSim c9efc95 (cmake
   * Release, two printf formats changed to print exact miss counts).
   */
  @ParameterizedTest
  @CsvSource({
      "multi2.trace.gz, 284, 17164", "multi2.trace.gz, 1136, 12946", "multi2.trace.gz, 2842, 7211",
      "sprite.trace.gz, 353, 46377", "sprite.trace.gz, 1415, 11441", "sprite.trace.gz, 3537, 8391",
      "2_pools.trace.gz, 496, 48140", "2_pools.trace.gz, 1987, 40802", "2_pools.trace.gz, 4969, 27243",
      "cpp.trace.gz, 61, 4546", "cpp.trace.gz, 244, 1328", "cpp.trace.gz, 611, 1270"})
  void missesEqualLibCacheSimsArcOnSharedLirsTraces(String trace, int frames, long libCacheSimMisses) {
    long[] pages = SharedTraces.lirs(trace);
    ArcModel model = new ArcModel(frames);
    long modelMisses = 0;
    for (long page : pages) if (!model.access(page)) modelMisses++;
    assertEquals(libCacheSimMisses, modelMisses, "the model against libCacheSim on " + trace);
    assertEquals(libCacheSimMisses, misses(frames, "arc", pages), trace + " at " + frames + " frames");
  }
}
