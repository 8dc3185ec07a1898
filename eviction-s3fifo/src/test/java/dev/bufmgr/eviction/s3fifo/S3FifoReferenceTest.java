package dev.bufmgr.eviction.s3fifo;

import static dev.bufmgr.core.testing.Replays.pool;
import static dev.bufmgr.core.testing.Replays.replay;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.testing.ProbedFactory;
import dev.bufmgr.core.testing.Request;
import dev.bufmgr.core.testing.SeededTraces;
import dev.bufmgr.core.testing.SharedTraces;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** S3-FIFO in the pool, single-threaded, against hand-worked sequences and an independent model. */
class S3FifoReferenceTest {

  @Test
  void handWorkedQueuesAndGhost() {
    // N=4, small=0.5 (S share 2, M share 2), ghost=0.5 (G holds 2), threshold 2.
    // Fill: 1,2 -> S; S holds its share and nothing was evicted yet, so 3,4 -> M.
    // Hits: 1,1 (count 2), 3 (count 1).
    // 5: M (2) not above its share, S not empty: S's oldest 1 has count 2 -> M head, count 0;
    //    2 has count 0 -> victim (b1), G=[2]; 5 -> S. 2 ticks.
    // 2: found in G (removed) -> goes to M. M=[3,4,1] holds 3 > 2: 3 (count 1) back to M's head
    //    with count 0; 4 (count 0) -> victim (b3). 2 -> M=[1,3,2]. 2 ticks.
    // 6: M=3 > 2: 1 (count 0) -> victim (b0); 6 -> S=[5,6]. 1 tick.
    // 7: M=2: S's 5 -> victim (b1), G=[5]; 7 -> S=[6,7].
    // 4: not in G (M victims do not enter it): S's 6 -> victim (b0), G=[5,6]; 4 -> S=[7,4].
    // 8: S's 7 -> victim (b1), G full: 5 leaves, G=[6,7]; 8 -> S=[4,8].
    // 5: not in G any more: S's 4 -> victim (b0), G=[7,4]; 5 -> S=[8,5].
    // 6: not in G (dropped when 4 came): S's 8 -> victim (b1); 6 -> S=[5,6].
    try (BufferPool p = pool(4, "s3fifo:small=0.5,ghost=0.5")) {
      boolean[] hits = replay(p, Request.reads(1, 2, 3, 4, 1, 1, 3, 5, 2, 6, 7, 4, 8, 5, 6));
      boolean[] expected = new boolean[15];
      expected[4] = expected[5] = expected[6] = true;
      assertArrayEquals(expected, hits);
      assertEquals(0, p.bufferOf(5));
      assertEquals(1, p.bufferOf(6));
      assertEquals(2, p.bufferOf(3));
      assertEquals(3, p.bufferOf(2));
      assertEquals(8, p.metrics().victimSearches());
      assertEquals(10 / 8.0, p.metrics().ticksPerVictimMean(), 1e-9);
      assertEquals(2, p.metrics().ticksPerVictimMax());
    }
  }

  @Test
  void originalAndCurrentDifferWhileThePoolFillsUp() {
    // N=4, small=0.5 (S share 2, M share 2), no ghost, threshold 2; requests 1..7, then 3 and 4.
    // current (has_evicted): 1,2 -> S (b0, b1); S holds its share and nothing was evicted yet, so
    //   3,4 -> M (b2, b3). 5: M (2) not above its share -> S's 1 leaves (b0), S=[2,5]. 6: 2 leaves
    //   (b1), S=[5,6]. 7: 5 leaves (b0), S=[6,7]. 3 and 4 are still in M: 2 hits.
    // original: 1..4 all -> S=[1,2,3,4], M empty. 5: M not above its share, S not empty -> 1
    //   leaves (b0), S=[2,3,4,5]. 6: 2 leaves (b1). 7: 3 leaves (b2), S=[4,5,6,7]. 3: miss, 4
    //   leaves (b3), S=[5,6,7,3]. 4: miss, 5 leaves (b0), S=[6,7,3,4]: 0 hits.
    Request[] seq = Request.reads(1, 2, 3, 4, 5, 6, 7, 3, 4);
    try (BufferPool current = pool(4, "s3fifo:small=0.5,ghost=0");
        BufferPool original = pool(4, "s3fifo:small=0.5,ghost=0,variant=original")) {
      boolean[] c = replay(current, seq);
      boolean[] o = replay(original, seq);
      assertEquals(2, current.metrics().hits());
      assertEquals(0, original.metrics().hits());
      assertTrue(c[7] && c[8]);
      assertArrayEquals(new long[] {7, 6, 3, 4}, pagesByBuffer(current, 7));
      assertArrayEquals(new long[] {4, 6, 7, 3}, pagesByBuffer(original, 7));
      assertEquals(3, current.metrics().victimSearches());
      assertEquals(5, original.metrics().victimSearches());
      assertArrayEquals(new boolean[seq.length], o);
      S3FifoModel model = new S3FifoModel(4, 0.5, 0, 2, 0.1, true, false);
      for (int i = 0; i < seq.length; i++) assertEquals(o[i], model.access(seq[i]), "model, request " + i);
    }
  }

  /** For each buffer 0..N-1, the page 1..maxPage it holds (0 for none). */
  private static long[] pagesByBuffer(BufferPool p, int maxPage) {
    long[] out = new long[p.frames()];
    for (long page = 1; page <= maxPage; page++) {
      int b = p.bufferOf(page);
      if (b >= 0) out[b] = page;
    }
    return out;
  }

  @Test
  void thresholdOneMovesAPageHitOnce() {
    // N=4, small=0.5, no ghost: 1,2 -> S, 3,4 -> M; one hit on 1. Page 5 evicts from S:
    // threshold 1 moves 1 to M and takes 2's buffer; threshold 2 takes 1's buffer.
    Request[] seq = Request.reads(1, 2, 3, 4, 1, 5);
    try (BufferPool one = pool(4, "s3fifo:small=0.5,ghost=0,threshold=1");
        BufferPool two = pool(4, "s3fifo:small=0.5,ghost=0,threshold=2")) {
      replay(one, seq);
      replay(two, seq);
      assertEquals(0, one.bufferOf(1));
      assertEquals(1, one.bufferOf(5));
      assertEquals(-1, one.bufferOf(2));
      assertEquals(-1, two.bufferOf(1));
      assertEquals(0, two.bufferOf(5));
      assertEquals(1, two.bufferOf(2));
    }
  }

  @Test
  void aRingReusedPageEntersTheGhostOnlyUnderTheCap() {
    // N=8 (one-slot BULKREAD ring), small=0.5 (S share 4), G holds 7 ids.
    // ring 100 -> free b0, S. ring 101 reuses b0 (count 0): 100 leaves S for G as a ring id,
    // unless strategyCap=0 keeps ring ids out. Normal 100: a G hit goes to M, else to S. Pages
    // 1..6 fill b2..b7 (S up to its share, then M). 7 evicts S's oldest (101), 8 the next one:
    // page 1 when 100 sits in M, page 100 itself when it went to S.
    Request[] seq = {
      new Request(100, AccessStrategy.BULKREAD, false), new Request(101, AccessStrategy.BULKREAD, false),
      Request.read(100), Request.read(1), Request.read(2), Request.read(3), Request.read(4), Request.read(5),
      Request.read(6), Request.read(7), Request.read(8)
    };
    try (BufferPool capped = pool(8, "s3fifo:small=0.5,strategyCap=1.0");
        BufferPool closed = pool(8, "s3fifo:small=0.5,strategyCap=0")) {
      replay(capped, seq);
      replay(closed, seq);
      assertEquals(1, capped.bufferOf(100));
      assertEquals(-1, capped.bufferOf(1));
      assertEquals(2, capped.bufferOf(8));
      assertEquals(-1, closed.bufferOf(100));
      assertEquals(2, closed.bufferOf(1));
      assertEquals(1, closed.bufferOf(8));
      assertEquals(1, capped.metrics().ringReuses());
    }
  }

  @Test
  void searchEndsWithAClearErrorWhenEveryBufferIsPinned() {
    ProbedFactory<S3FifoSelector> probe = new ProbedFactory<>(new S3FifoFactory(), S3FifoSelector.class);
    try (BufferPool p = probe.pool(PoolConfig.builder().frames(20).selector("s3fifo").build());
        PoolSession s = p.openSession()) {
      S3FifoSelector selector = probe.last();
      for (long page = 0; page < 20; page++) s.pin(page, AccessStrategy.NORMAL, 0);
      s.unpin(p.bufferOf(3));
      s.pin(3, AccessStrategy.NORMAL, 0);
      NoUnpinnedBuffersException e =
          assertThrows(NoUnpinnedBuffersException.class, () -> s.pin(99, AccessStrategy.NORMAL, 0));
      assertTrue(e.getMessage().contains("no unpinned buffers available"), e.getMessage());
      assertTrue(selector.pinnedPutBacks() >= 20, "every pinned buffer was met and put back");
      s.unpin(p.bufferOf(12));
      assertEquals(12, s.pin(99, AccessStrategy.NORMAL, 0), "the only unpinned buffer is taken");
      assertEquals(-1, p.bufferOf(12));
      assertTrue(selector.toString().contains("pinned put back " + selector.pinnedPutBacks()), selector.toString());
    }
  }

  @Test
  void parametersAreValidated() {
    assertThrows(IllegalArgumentException.class, () -> pool(8, "s3fifo:small=1.5"));
    assertThrows(IllegalArgumentException.class, () -> pool(8, "s3fifo:small=-0.1"));
    assertThrows(IllegalArgumentException.class, () -> pool(8, "s3fifo:ghost=5"));
    assertThrows(IllegalArgumentException.class, () -> pool(8, "s3fifo:ghost=NaN"));
    assertThrows(IllegalArgumentException.class, () -> pool(8, "s3fifo:threshold=0"));
    assertThrows(IllegalArgumentException.class, () -> pool(8, "s3fifo:threshold=4"));
    assertThrows(IllegalArgumentException.class, () -> pool(8, "s3fifo:threshold=two"));
    assertThrows(IllegalArgumentException.class, () -> pool(8, "s3fifo:strategyCap=1.1"));
    assertThrows(IllegalArgumentException.class, () -> pool(8, "s3fifo:batch=64"));
    IllegalArgumentException bad =
        assertThrows(IllegalArgumentException.class, () -> pool(8, "s3fifo:variant=paper"));
    assertEquals(
        "selector 's3fifo:variant=paper': parameter variant: 'paper' is not one of original, current", bad.getMessage());
    try (BufferPool p = pool(8, "s3fifo")) {
      assertEquals("s3fifo:small=0.1,ghost=0.9,threshold=2,strategyCap=0.1,variant=current", p.selectorName());
    }
    try (BufferPool p = pool(8, "s3fifo:variant=Original")) {
      assertEquals("s3fifo:small=0.1,ghost=0.9,threshold=2,strategyCap=0.1,variant=original", p.selectorName());
    }
  }

  static Stream<Arguments> randomCases() {
    List<Arguments> cases = new ArrayList<>();
    for (long seed = 1; seed <= 6; seed++) {
      for (int frames : new int[] {1, 3, 17, 64, 200}) {
        for (int threshold : new int[] {1, 2}) {
          double ghost = seed % 2 == 0 ? 0.0 : 0.9;
          boolean rings = (seed + frames + threshold) % 2 == 0;
          double cap = seed % 3 == 0 ? 0.5 : 0.1;
          for (String variant : new String[] {"current", "original"}) {
            cases.add(Arguments.of(seed, frames, threshold, ghost, cap, rings, variant));
          }
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "seed {0}, frames {1}, threshold {2}, ghost {3}, cap {4}, rings {5}, {6}")
  @MethodSource("randomCases")
  void matchesTheIndependentModelRequestByRequest(
      long seed, int frames, int threshold, double ghost, double cap, boolean rings, String variant) {
    Request[] trace = SeededTraces.mixed(seed, 20_000, frames * 3 + 5, true);
    S3FifoModel model = new S3FifoModel(frames, 0.1, ghost, threshold, cap, rings, variant.equals("current"));
    String spec = "s3fifo:threshold=" + threshold + ",ghost=" + ghost + ",strategyCap=" + cap + ",variant=" + variant;
    PoolConfig config = PoolConfig.builder().frames(frames).rings(rings).selector(spec).build();
    ProbedFactory<S3FifoSelector> probe = new ProbedFactory<>(new S3FifoFactory(), S3FifoSelector.class);
    try (BufferPool p = probe.pool(config); PoolSession s = p.openSession()) {
      S3FifoSelector selector = probe.last();
      long hits = 0;
      long ticks = 0;
      for (int i = 0; i < trace.length; i++) {
        Request r = trace[i];
        boolean expected = model.access(r);
        boolean actual = s.access(r.page(), r.strategy(), 0, r.write());
        assertEquals(expected, actual, "request " + i + " (page " + r.page() + ", " + r.strategy() + ")");
        if (actual) hits++;
        ticks += model.lastTicks;
      }
      assertEquals(hits, p.metrics().hits());
      assertEquals(ticks, Math.round(p.metrics().ticksPerVictimMean() * p.metrics().victimSearches()));
      for (long page = 0; page < frames * 3L + 5; page++) {
        assertEquals(model.bufferOf(page), p.bufferOf(page), "buffer of page " + page);
      }
      assertEquals(model.counters(), p.selectorCounters(), "the selector's own counts");
      if (selector.ghost() != null) {
        assertEquals(model.ghostSize(), selector.ghost().size());
        assertEquals(model.ghostRingIds(), selector.ghost().ringSize());
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"multi2.trace.gz", "sprite.trace.gz", "loop.trace.gz", "2_pools.trace.gz"})
  void matchesTheModelOnSharedLirsTracesAtSeveralSizes(String trace) {
    long[] pages = SharedTraces.lirs(trace);
    int distinct = SharedTraces.distinct(pages);
    String[] configs = {"threshold=2,ghost=0.9", "threshold=1,ghost=0.9", "threshold=2,ghost=0"};
    int[] thresholds = {2, 1, 2};
    double[] ghosts = {0.9, 0.9, 0.0};
    for (int v = 0; v < configs.length; v++) {
      for (String variant : new String[] {"current", "original"}) {
        for (double fraction : new double[] {0.01, 0.05, 0.2, 0.5}) {
          int frames = Math.max(1, (int) (distinct * fraction));
          S3FifoModel model =
              new S3FifoModel(frames, 0.1, ghosts[v], thresholds[v], 0.1, true, variant.equals("current"));
          long expectedHits = 0;
          for (long page : pages) if (model.access(Request.read(page))) expectedHits++;
          String spec = "s3fifo:" + configs[v] + ",variant=" + variant;
          try (BufferPool p = pool(frames, spec); PoolSession s = p.openSession()) {
            for (long page : pages) s.access(page, AccessStrategy.NORMAL, 0, false);
            assertEquals(expectedHits, p.metrics().hits(), trace + " at " + frames + " frames, " + spec);
          }
        }
      }
    }
  }
}
