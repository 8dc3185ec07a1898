package dev.bufmgr.eviction.lru;

import static dev.bufmgr.core.testing.Replays.misses;
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
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** 2Q in the pool, single-threaded: a hand-worked sequence, a plain model, and libCacheSim's own miss counts. */
class TwoQReferenceTest {

  @Test
  void aSecondTouchAfterLeavingA1inIsWhatEarnsAm() {
    // N=4: kin=1, kout=2. 1,2,3,4 fill A1in. Page 5: A1in holds 4 > 1, so its oldest, 1, leaves
    // into A1out [1]. Page 1: a ghost hit (A1out empties), loaded into Am; A1in's oldest, 2,
    // leaves: A1out [2]. Page 6: 3 leaves A1in: A1out [2, 3]. Page 2: a ghost hit into Am; 4
    // leaves A1in: A1out [3, 4]. Page 1: a hit in Am. Left: 1, 2 in Am; 5, 6 in A1in.
    try (BufferPool p = pool(4, "twoq")) {
      boolean[] hits = replay(p, Request.reads(1, 2, 3, 4, 5, 1, 6, 2, 1));
      assertArrayEquals(new boolean[] {false, false, false, false, false, false, false, false, true}, hits);
      for (long kept : new long[] {1, 2, 5, 6}) assertTrue(p.bufferOf(kept) >= 0, "page " + kept);
      for (long gone : new long[] {3, 4}) assertEquals(-1, p.bufferOf(gone), "page " + gone);
    }
  }

  @Test
  void matchesThePlainModelRequestByRequestOnSeededTraces() {
    for (long seed = 1; seed <= 6; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int frames = 4 + r.nextInt(60);
      int pages = frames + 1 + r.nextInt(4 * frames);
      String[] specs = {"twoq", "twoq:in=0.5,out=1.0", "twoq:in=0.1,out=0"};
      double[][] ratios = {{0.25, 0.5}, {0.5, 1.0}, {0.1, 0.0}};
      for (int v = 0; v < specs.length; v++) {
        TwoQModel model = new TwoQModel(frames, ratios[v][0], ratios[v][1]);
        try (BufferPool p = pool(frames, specs[v]); PoolSession s = p.openSession()) {
          for (int i = 0; i < 20_000; i++) {
            long page = r.nextInt(10) < 7 ? r.nextInt(Math.max(1, pages / 5)) : r.nextInt(pages);
            assertEquals(model.access(page), s.access(page, AccessStrategy.NORMAL, 0, false),
                specs[v] + ", seed " + seed + ", request " + i);
          }
          for (long page = 0; page < pages; page++) assertEquals(model.contains(page), p.bufferOf(page) >= 0, "page " + page);
          assertEquals(model.counters(), p.selectorCounters(), specs[v] + ", seed " + seed + ": the selector's own counts");
        }
      }
    }
  }

  /**
   * Misses of libCacheSim's own TwoQ (defaults Ain-size-ratio=0.25, Aout-size-ratio=0.5) on the
   * shared LIRS traces at 5%, 20% and 50% of their distinct pages: {@code cachesim T.txt txt TwoQ
   * S1,S2,S3 --ignore-obj-size 1}, built from libCacheSim c9efc95 (cmake Release, two printf
   * formats changed to print exact miss counts).
   */
  @ParameterizedTest
  @CsvSource({
      "multi2.trace.gz, 284, 17191", "multi2.trace.gz, 1136, 13384", "multi2.trace.gz, 2842, 8963",
      "sprite.trace.gz, 353, 45284", "sprite.trace.gz, 1415, 11177", "sprite.trace.gz, 3537, 8515",
      "2_pools.trace.gz, 496, 48264", "2_pools.trace.gz, 1987, 40933", "2_pools.trace.gz, 4969, 27278",
      "cpp.trace.gz, 61, 4869", "cpp.trace.gz, 244, 1595", "cpp.trace.gz, 611, 1436"})
  void missesEqualLibCacheSimsTwoQOnSharedLirsTraces(String trace, int frames, long libCacheSimMisses) {
    long[] pages = SharedTraces.lirs(trace);
    TwoQModel model = new TwoQModel(frames, 0.25, 0.5);
    long modelMisses = 0;
    for (long page : pages) if (!model.access(page)) modelMisses++;
    assertEquals(libCacheSimMisses, modelMisses, "the model against libCacheSim on " + trace);
    assertEquals(libCacheSimMisses, misses(frames, "twoq", pages), trace + " at " + frames + " frames");
  }
}
