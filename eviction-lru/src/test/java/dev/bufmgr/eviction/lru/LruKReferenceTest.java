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
 * LRU-K in the pool, single-threaded, against {@link LruKModel}, a plain transcription of the
 * paper's pseudocode (libCacheSim has no LRU-K): hit for hit on the shared LIRS traces, a Zipf
 * stream and seeded random streams, with the defaults and with K = 3, a correlated reference
 * period and a retained information period; and a hand-worked sequence.
 */
class LruKReferenceTest {

  @Test
  void theVictimHasTheOldestSecondLastReferenceAndOnceSeenPagesGoFirst() {
    // N=3, LRU-2. t=1..3 load 1,2,3; hits at t=4 (1), t=5 (2): HIST(1,2) = 1, HIST(2,2) = 2; 3
    // has one reference (infinite distance). Page 4 at t=6 takes 3 (infinite first). Page 5 at
    // t=7: 4 (infinite). Hit 1 at t=8: HIST(1,2) = 4. Page 6 at t=9: 5 is the only once-seen page.
    // Hit 6 (t=10): HIST(6,2) = 9. Page 7 at t=11: smallest HIST(q,2) is 2's (2): 2 leaves.
    try (BufferPool p = pool(3, "lru-k")) {
      boolean[] hits = replay(p, Request.reads(1, 2, 3, 1, 2, 4, 5, 1, 6, 6, 7, 2));
      assertArrayEquals(new boolean[] {false, false, false, true, true, false, false, true, false, true, false, false}, hits);
      assertEquals(-1, p.bufferOf(5));
    }
  }

  @Test
  void everyBufferPinnedIsOneClearError() {
    try (BufferPool p = pool(2, "lru-k"); PoolSession s = p.openSession()) {
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
      sameHits(frames, 2, 0, 0, trace, "seed " + seed);
      sameHits(frames, 3, 1 + seed, 40L * frames, trace, "k=3 seed " + seed);
    }
    for (int frames : new int[] {50, 500}) {
      long[] zipf = ZipfTrace.of(7, 100_000, 10_000, 0.9);
      sameHits(frames, 2, 0, 0, zipf, "zipf at " + frames);
      sameHits(frames, 3, 20, 20_000, zipf, "zipf k=3 at " + frames);
    }
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
    for (int frames : sizes) {
      sameHits(frames, 2, 0, 0, pages, trace + " at " + frames);
    }
    sameHits(distinct * 5 / 100, 2, 3, 10L * distinct, pages, trace + " crp=3");
  }

  private static void sameHits(int frames, int k, long crp, long rip, long[] trace, String what) {
    LruKModel model = new LruKModel(frames, k, crp, rip);
    try (BufferPool p = pool(frames, "lru-k:k=" + k + ",crp=" + crp + ",rip=" + rip); PoolSession s = p.openSession()) {
      for (int i = 0; i < trace.length; i++) {
        assertEquals(model.access(trace[i]), s.access(trace[i], AccessStrategy.NORMAL, 0, false), what + ", request " + i);
      }
      for (long page : trace) assertEquals(model.contains(page), p.bufferOf(page) >= 0, what + ": page " + page);
    }
  }
}
