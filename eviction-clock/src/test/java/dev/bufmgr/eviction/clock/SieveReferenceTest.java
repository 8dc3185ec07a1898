package dev.bufmgr.eviction.clock;

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

/** SIEVE in the pool, single-threaded: hand-worked sequences, an independent model, and libCacheSim's own miss counts. */
class SieveReferenceTest {

  @Test
  void handWorkedSweepKeepsSurvivorsInPlaceAndTheHandWhereItStopped() {
    // N=3. 1,2,3 fill the queue (head 3,2,1 tail); the hit marks 1.
    // Page 4: the hand starts at the tail, clears 1, moves toward the head and takes 2 (2 ticks);
    //   it stays at 3, the buffer loaded after 2. Queue: 4,3,1.
    // Page 5: 3 is unvisited, taken at once (1 tick); the hand moves on to 4. Queue: 5,4,1.
    // The hit marks 1 again. Page 6: 4 is unvisited, taken (1 tick). CLOCK would have moved 1 to
    // the head at the first sweep and taken it here instead of 4.
    try (BufferPool p = pool(3, "sieve")) {
      boolean[] hits = replay(p, Request.reads(1, 2, 3, 1, 4, 5, 1, 6));
      assertArrayEquals(new boolean[] {false, false, false, true, false, false, true, false}, hits);
      for (long gone : new long[] {2, 3, 4}) assertEquals(-1, p.bufferOf(gone), "page " + gone);
      for (long kept : new long[] {1, 5, 6}) assertTrue(p.bufferOf(kept) >= 0, "page " + kept);
      assertEquals(3, p.metrics().victimSearches());
      assertEquals((2 + 1 + 1) / 3.0, p.metrics().ticksPerVictimMean(), 1e-9);
    }
  }

  @Test
  void aFullTurnClearsEveryBitThenTakesTheTail() {
    // N=2, both pages hit: the hand clears 1 and 2, wraps to the tail and takes 1 (3 ticks).
    try (BufferPool p = pool(2, "sieve")) {
      replay(p, Request.reads(1, 2, 1, 2, 3));
      assertEquals(-1, p.bufferOf(1));
      assertEquals(3, p.metrics().ticksPerVictimMax());
    }
  }

  @Test
  void matchesTheModelRequestByRequestOnSeededTraces() {
    for (long seed = 1; seed <= 6; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int frames = 3 + r.nextInt(60);
      int pages = frames + 1 + r.nextInt(4 * frames);
      SieveModel model = new SieveModel(frames);
      try (BufferPool p = pool(frames, "sieve"); PoolSession s = p.openSession()) {
        for (int i = 0; i < 20_000; i++) {
          long page = r.nextInt(10) < 7 ? r.nextInt(Math.max(1, pages / 5)) : r.nextInt(pages);
          boolean expected = model.access(page);
          assertEquals(expected, s.access(page, AccessStrategy.NORMAL, 0, false), "seed " + seed + ", request " + i);
          if (model.lastEvicted >= 0) assertEquals(-1, p.bufferOf(model.lastEvicted), "seed " + seed + ", request " + i);
        }
      }
    }
  }

  /**
   * Misses of libCacheSim's own Sieve on the shared LIRS traces at 5%, 20% and 50% of their
   * distinct pages: {@code cachesim T.txt txt Sieve S1,S2,S3 --ignore-obj-size 1}, built from
   * libCacheSim c9efc95 (cmake Release, two printf formats changed to print exact miss counts),
   * on each trace's page ids one per line. The model must agree too.
   */
  @ParameterizedTest
  @CsvSource({
      "multi2.trace.gz, 284, 18893", "multi2.trace.gz, 1136, 12957", "multi2.trace.gz, 2842, 7624",
      "sprite.trace.gz, 353, 52884", "sprite.trace.gz, 1415, 13296", "sprite.trace.gz, 3537, 8095",
      "2_pools.trace.gz, 496, 48158", "2_pools.trace.gz, 1987, 40723", "2_pools.trace.gz, 4969, 27077",
      "cpp.trace.gz, 61, 4270", "cpp.trace.gz, 244, 1344", "cpp.trace.gz, 611, 1270"})
  void missesEqualLibCacheSimsSieveOnSharedLirsTraces(String trace, int frames, long libCacheSimMisses) {
    long[] pages = SharedTraces.lirs(trace);
    SieveModel model = new SieveModel(frames);
    long modelMisses = 0;
    for (long page : pages) if (!model.access(page)) modelMisses++;
    assertEquals(libCacheSimMisses, modelMisses, "the model against libCacheSim on " + trace);
    assertEquals(libCacheSimMisses, misses(frames, "sieve", pages), trace + " at " + frames + " frames");
  }

  @Test
  void everyBufferPinnedIsOneClearError() {
    try (BufferPool p = pool(2, "sieve"); PoolSession s = p.openSession()) {
      s.pin(1, AccessStrategy.NORMAL, 0);
      s.pin(2, AccessStrategy.NORMAL, 0);
      assertThrows(NoUnpinnedBuffersException.class, () -> s.pin(3, AccessStrategy.NORMAL, 0));
    }
  }
}
