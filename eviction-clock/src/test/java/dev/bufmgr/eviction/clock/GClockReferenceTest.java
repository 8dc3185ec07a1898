package dev.bufmgr.eviction.clock;

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

/** G-CLOCK in the pool, single-threaded, against hand-worked sequences and an independent model. */
class GClockReferenceTest {

  @Test
  void handWorkedSweepDecrementsThenEvicts() {
    // N=3. Pages 1,2,3 fill buffers 0,1,2 with usage 1; the hit on 1 raises buffer 0 to 2.
    // Page 4: the hand passes b0 (2->1), b1 (1->0), b2 (1->0), b0 (1->0), and takes b1: 5 ticks.
    // Page 2: b2 is at 0, taken at once (1 tick). Page 3: b0 at 0 (1 tick).
    // Page 1: b1 (4: 1->0), b2 (2: 1->0), b0 (3: 1->0), b1 taken (4 ticks).
    try (BufferPool p = pool(3, "gclock")) {
      boolean[] hits = replay(p, Request.reads(1, 2, 3, 1, 4, 2, 3, 1));
      assertArrayEquals(new boolean[] {false, false, false, true, false, false, false, false}, hits);
      assertEquals(0, p.bufferOf(3));
      assertEquals(1, p.bufferOf(1));
      assertEquals(2, p.bufferOf(2));
      assertEquals(-1, p.bufferOf(4));
      assertEquals(4, p.metrics().victimSearches());
      assertEquals((5 + 1 + 1 + 4) / 4.0, p.metrics().ticksPerVictimMean(), 1e-9);
      assertEquals(5, p.metrics().ticksPerVictimMax());
    }
  }

  @Test
  void maxUsageCapsTheCount() {
    // N=2; page 1 hit three times. With maxUsage=2 its count stops at 2, with 5 it reaches 4.
    // Page 3 then evicts page 2 either way; page 2's return evicts page 1 only when capped at 2.
    Request[] seq = Request.reads(1, 1, 1, 1, 2, 3, 2);
    try (BufferPool capped = pool(2, "gclock:maxUsage=2");
        BufferPool stock = pool(2, "gclock:maxUsage=5")) {
      replay(capped, seq);
      replay(stock, seq);
      assertEquals(-1, capped.bufferOf(1));
      assertEquals(0, capped.bufferOf(2));
      assertEquals(1, capped.bufferOf(3));
      assertEquals(0, stock.bufferOf(1));
      assertEquals(1, stock.bufferOf(2));
      assertEquals(-1, stock.bufferOf(3));
    }
  }

  @Test
  void ringHitRaisesUsageOnlyFromZeroToOne() {
    // N=2: page 1 (usage 1) and page 2 (usage 1). Page 3 sweeps both to 0 and takes b0.
    // A BULKREAD hit on page 2 (b1, usage 0) raises it to 1, a second ring hit leaves it at 1.
    // Page 4 then takes b0 again only if b1 is at 1 (b1 1->0, b0 1->0, b1 taken? no): walk it:
    // hand at 1: b1 (1->0), b0 (page 3, 1->0), b1 at 0: taken, so page 2 leaves.
    // Had the ring hits counted as normal hits, b1 would be at 2 and page 3 (b0) would leave.
    try (BufferPool p = pool(2, "gclock")) {
      replay(
          p,
          Request.read(1),
          Request.read(2),
          Request.read(3),
          new Request(2, AccessStrategy.BULKREAD, false),
          new Request(2, AccessStrategy.BULKREAD, false),
          Request.read(4));
      assertEquals(-1, p.bufferOf(2));
      assertEquals(0, p.bufferOf(3));
      assertEquals(1, p.bufferOf(4));
    }
  }

  @Test
  void searchEndsWithAClearErrorWhenEveryBufferIsPinned() {
    try (BufferPool p = pool(4, "gclock"); PoolSession s = p.openSession()) {
      for (long page = 0; page < 4; page++) s.pin(page, AccessStrategy.NORMAL, 0);
      NoUnpinnedBuffersException e =
          assertThrows(NoUnpinnedBuffersException.class, () -> s.pin(99, AccessStrategy.NORMAL, 0));
      assertTrue(e.getMessage().contains("no unpinned buffers available"), e.getMessage());
      s.unpin(p.bufferOf(2));
      int b = s.pin(99, AccessStrategy.NORMAL, 0);
      assertEquals(2, b, "the only unpinned buffer is taken");
    }
  }

  static Stream<Arguments> randomCases() {
    List<Arguments> cases = new ArrayList<>();
    String[] hands = {"batch=1", "batch=16", "batch=64", "hand=partitioned,batch=1", "hand=partitioned,batch=8"};
    for (long seed = 1; seed <= 12; seed++) {
      for (int frames : new int[] {1, 3, 17, 64, 200}) {
        int maxUsage = 1 + (int) (seed % 5);
        String hand = hands[(int) ((seed + frames) % hands.length)];
        cases.add(Arguments.of(seed, frames, maxUsage, hand, seed % 2 == 0));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "seed {0}, frames {1}, maxUsage {2}, {3}, rings {4}")
  @MethodSource("randomCases")
  void matchesTheIndependentModelRequestByRequest(long seed, int frames, int maxUsage, String hand, boolean rings) {
    Request[] trace = SeededTraces.mixed(seed, 20_000, frames * 3 + 5, true);
    GClockModel model = new GClockModel(frames, maxUsage, rings);
    PoolConfig config =
        PoolConfig.builder().frames(frames).rings(rings).selector("gclock:maxUsage=" + maxUsage + "," + hand).build();
    try (BufferPool p = new BufferPool(config); PoolSession s = p.openSession()) {
      long hits = 0;
      for (int i = 0; i < trace.length; i++) {
        Request r = trace[i];
        boolean expected = model.access(r);
        boolean actual = s.access(r.page(), r.strategy(), 0, r.write());
        assertEquals(expected, actual, "request " + i + " (page " + r.page() + ", " + r.strategy() + ")");
        if (actual) hits++;
      }
      assertEquals(hits, p.metrics().hits());
      for (long page = 0; page < frames * 3L + 5; page++) {
        assertEquals(model.bufferOf(page), p.bufferOf(page), "buffer of page " + page);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"multi2.trace.gz", "sprite.trace.gz", "loop.trace.gz", "2_pools.trace.gz"})
  void matchesTheModelOnSharedLirsTracesAtSeveralSizes(String trace) {
    long[] pages = SharedTraces.lirs(trace);
    int distinct = SharedTraces.distinct(pages);
    for (double fraction : new double[] {0.01, 0.05, 0.2, 0.5}) {
      int frames = Math.max(1, (int) (distinct * fraction));
      GClockModel model = new GClockModel(frames, 5, true);
      long expectedHits = 0;
      for (long page : pages) if (model.access(Request.read(page))) expectedHits++;
      try (BufferPool p = pool(frames, "gclock"); PoolSession s = p.openSession()) {
        for (long page : pages) s.access(page, AccessStrategy.NORMAL, 0, false);
        assertEquals(expectedHits, p.metrics().hits(), trace + " at " + frames + " frames");
        assertEquals(pages.length, p.metrics().requests());
      }
    }
  }
}
