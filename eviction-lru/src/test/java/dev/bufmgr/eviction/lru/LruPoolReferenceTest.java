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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** LRU in the pool, single-threaded: hand-worked sequences, a plain model, and libCacheSim's own miss counts. */
class LruPoolReferenceTest {

  /** LRU by an access-ordered LinkedHashMap, written for the test. */
  private static final class Model {
    private final LinkedHashMap<Long, Boolean> cache;

    Model(int frames) {
      cache = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
          return size() > frames;
        }
      };
    }

    boolean access(long page) {
      if (cache.get(page) != null) return true;
      cache.put(page, Boolean.TRUE);
      return false;
    }

    boolean contains(long page) {
      return cache.containsKey(page);
    }
  }

  @Test
  void aHitMovesThePageToTheHeadAndTheTailLeaves() {
    // N=3: 1,2,3 loaded (tail 1); the hit on 1 moves it to the head (tail 2).
    // Page 4 evicts 2 (1 tick); page 5 evicts 3; the hit on 1 again; page 6 evicts 4.
    try (BufferPool p = pool(3, "lru-pool")) {
      boolean[] hits = replay(p, Request.reads(1, 2, 3, 1, 4, 5, 1, 6));
      assertArrayEquals(new boolean[] {false, false, false, true, false, false, true, false}, hits);
      for (long gone : new long[] {2, 3, 4}) assertEquals(-1, p.bufferOf(gone), "page " + gone);
      for (long kept : new long[] {1, 5, 6}) assertTrue(p.bufferOf(kept) >= 0, "page " + kept);
      assertEquals(1.0, p.metrics().ticksPerVictimMean(), 1e-9);
    }
  }

  @Test
  void aPinnedTailIsPassedOverForTheNextLeastRecent() {
    try (BufferPool p = pool(3, "lru-pool"); PoolSession s = p.openSession()) {
      int b1 = s.pin(1, AccessStrategy.NORMAL, 0);
      s.access(2, AccessStrategy.NORMAL, 0, false);
      s.access(3, AccessStrategy.NORMAL, 0, false);
      s.access(4, AccessStrategy.NORMAL, 0, false);
      assertEquals(b1, p.bufferOf(1), "the pinned least recent page stays");
      assertEquals(-1, p.bufferOf(2), "the least recent unpinned page leaves");
      s.unpin(b1);
    }
  }

  @Test
  void matchesThePlainModelRequestByRequestOnSeededTraces() {
    for (long seed = 1; seed <= 6; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int frames = 3 + r.nextInt(60);
      int pages = frames + 1 + r.nextInt(4 * frames);
      Model model = new Model(frames);
      try (BufferPool p = pool(frames, "lru-pool"); PoolSession s = p.openSession()) {
        for (int i = 0; i < 20_000; i++) {
          long page = r.nextInt(10) < 7 ? r.nextInt(Math.max(1, pages / 5)) : r.nextInt(pages);
          boolean write = r.nextInt(8) == 0;
          assertEquals(model.access(page), s.access(page, AccessStrategy.NORMAL, 0, write), "seed " + seed + ", request " + i);
        }
        for (long page = 0; page < pages; page++) assertEquals(model.contains(page), p.bufferOf(page) >= 0, "page " + page);
      }
    }
  }

  /**
   * Misses of libCacheSim's own LRU on the shared LIRS traces at 5%, 20% and 50% of their
   * distinct pages: {@code cachesim T.txt txt LRU S1,S2,S3 --ignore-obj-size 1}, built from
   * libCacheSim c9efc95 (cmake Release, two printf formats changed to print exact miss counts).
   */
  @ParameterizedTest
  @CsvSource({
      "multi2.trace.gz, 284, 19235", "multi2.trace.gz, 1136, 13677", "multi2.trace.gz, 2842, 7962",
      "sprite.trace.gz, 353, 46061", "sprite.trace.gz, 1415, 10437", "sprite.trace.gz, 3537, 7687",
      "2_pools.trace.gz, 496, 48992", "2_pools.trace.gz, 1987, 40751", "2_pools.trace.gz, 4969, 27191",
      "cpp.trace.gz, 61, 7296", "cpp.trace.gz, 244, 1549", "cpp.trace.gz, 611, 1278"})
  void missesEqualLibCacheSimsLruOnSharedLirsTraces(String trace, int frames, long libCacheSimMisses) {
    long[] pages = SharedTraces.lirs(trace);
    Model model = new Model(frames);
    long modelMisses = 0;
    for (long page : pages) if (!model.access(page)) modelMisses++;
    assertEquals(libCacheSimMisses, modelMisses, "the model against libCacheSim on " + trace);
    assertEquals(libCacheSimMisses, misses(frames, "lru-pool", pages), trace + " at " + frames + " frames");
  }

  @Test
  void everyBufferPinnedIsOneClearError() {
    try (BufferPool p = pool(2, "lru-pool"); PoolSession s = p.openSession()) {
      s.pin(1, AccessStrategy.NORMAL, 0);
      s.pin(2, AccessStrategy.NORMAL, 0);
      assertThrows(NoUnpinnedBuffersException.class, () -> s.pin(3, AccessStrategy.NORMAL, 0));
    }
  }
}
