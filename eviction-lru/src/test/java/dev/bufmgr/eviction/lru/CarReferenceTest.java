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
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * CAR in the pool, single-threaded, against {@link CarModel}, a plain transcription of the paper's
 * Fig. 2 (libCacheSim has no CAR): hit for hit on the shared LIRS traces, a Zipf stream and seeded
 * random streams, and a hand-worked sequence.
 */
class CarReferenceTest {

  @Test
  void aReferencedHeadGoesToT2AndTheTargetFollowsGhostHits() {
    // c=3. 1,2,3 fill T1; hit 1 sets its bit. Page 4: |T1| = 3 >= max(1, p = 0): head 1 has its
    // bit, cleared and moved to T2's tail; head 2 has none and leaves for B1 (|T1| + |B1| = 2, no
    // trimming): T1 [3 4], T2 [1]. Page 2, in B1: head 3 leaves for B1, p = 1, 2 enters T2 [1 2].
    // Page 3, in B1: |T1| = 1 >= max(1, 1), head 4 leaves for B1, p = 2, 3 enters T2 [1 2 3].
    // Page 4, in B1: |T1| = 0 < 2, so T2's head 1 (bit cleared) leaves for B2; p = 3; T2 [2 3 4].
    // Page 1, in B2, misses.
    try (BufferPool p = pool(3, "car")) {
      boolean[] hits = replay(p, Request.reads(1, 2, 3, 1, 4, 2, 3, 4, 1));
      assertArrayEquals(new boolean[] {false, false, false, true, false, false, false, false, false}, hits);
    }
    CarModel model = new CarModel(3);
    boolean[] modelHits = new boolean[9];
    long[] pages = {1, 2, 3, 1, 4, 2, 3, 4, 1};
    for (int i = 0; i < pages.length; i++) modelHits[i] = model.access(pages[i]);
    assertArrayEquals(new boolean[] {false, false, false, true, false, false, false, false, false}, modelHits);
  }

  @Test
  void aPinnedHeadIsPassedOver() {
    try (BufferPool p = pool(3, "car"); PoolSession s = p.openSession()) {
      int b1 = s.pin(1, AccessStrategy.NORMAL, 0);
      s.access(2, AccessStrategy.NORMAL, 0, false);
      s.access(3, AccessStrategy.NORMAL, 0, false);
      s.access(4, AccessStrategy.NORMAL, 0, false);
      assertEquals(b1, p.bufferOf(1), "the pinned head stays");
      assertEquals(-1, p.bufferOf(2), "the next head leaves");
    }
  }

  @Test
  void everyBufferPinnedIsOneClearError() {
    try (BufferPool p = pool(2, "car"); PoolSession s = p.openSession()) {
      s.pin(1, AccessStrategy.NORMAL, 0);
      s.pin(2, AccessStrategy.NORMAL, 0);
      assertThrows(NoUnpinnedBuffersException.class, () -> s.pin(3, AccessStrategy.NORMAL, 0));
    }
  }

  @Test
  void matchesTheModelOnSeededAndZipfStreams() {
    for (long seed = 1; seed <= 6; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int frames = 2 + r.nextInt(60);
      int pages = frames + 1 + r.nextInt(4 * frames);
      long[] trace = new long[20_000];
      for (int i = 0; i < trace.length; i++) trace[i] = r.nextInt(10) < 7 ? r.nextInt(Math.max(1, pages / 5)) : r.nextInt(pages);
      sameHits(frames, trace, "seed " + seed);
    }
    for (int frames : new int[] {50, 500}) sameHits(frames, ZipfTrace.of(7, 100_000, 10_000, 0.9), "zipf at " + frames);
  }

  /** The shared LIRS traces at about 5% and 20% of their distinct pages (5% only past 60,000 requests). */
  @ParameterizedTest
  @CsvSource({"cpp.trace.gz", "cs.trace.gz", "gli.trace.gz", "ps.trace.gz", "multi2.trace.gz", "sprite.trace.gz",
      "2_pools.trace.gz", "loop.trace.gz", "zigzag.trace.gz", "scan.trace.gz", "backf.trace.gz", "multi1.trace.gz",
      "multi3.trace.gz"})
  void matchesTheModelOnSharedLirsTraces(String trace) {
    long[] pages = SharedTraces.lirs(trace);
    int distinct = SharedTraces.distinct(pages);
    int[] sizes = pages.length > 60_000 ? new int[] {distinct * 5 / 100} : new int[] {distinct * 5 / 100, distinct * 20 / 100};
    for (int frames : sizes) sameHits(frames, pages, trace + " at " + frames);
  }

  private static void sameHits(int frames, long[] trace, String what) {
    CarModel model = new CarModel(frames);
    try (BufferPool p = pool(frames, "car"); PoolSession s = p.openSession()) {
      for (int i = 0; i < trace.length; i++) {
        assertEquals(model.access(trace[i]), s.access(trace[i], AccessStrategy.NORMAL, 0, false), what + ", request " + i);
      }
      for (long page : trace) assertEquals(model.contains(page), p.bufferOf(page) >= 0, what + ": page " + page);
    }
  }
}
