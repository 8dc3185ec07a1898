package dev.bufmgr.eviction.hotcool;

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

/** HOT/COOL in the pool, single-threaded, against hand-worked sequences and an independent model. */
class HotCoolReferenceTest {

  @Test
  void handWorkedSweepCoolsHotAndEvictsCool() {
    // N=3. Pages 1,2,3 fill b0,b1,b2 COOL; the hit on 1 makes b0 HOT.
    // Page 4: b0 HOT->COOL, b1 COOL taken (page 2 leaves): 2 ticks, hand at 2.
    // Page 5: b2 COOL taken (page 3 leaves): 1 tick, hand at 0.
    // Page 1 hits: b0 HOT again. Page 6: b0 HOT->COOL, b1 (page 4) taken: 2 ticks.
    try (BufferPool p = pool(3, "hotcool")) {
      boolean[] hits = replay(p, Request.reads(1, 2, 3, 1, 4, 5, 1, 6));
      assertArrayEquals(new boolean[] {false, false, false, true, false, false, true, false}, hits);
      assertEquals(0, p.bufferOf(1));
      assertEquals(1, p.bufferOf(6));
      assertEquals(2, p.bufferOf(5));
      assertEquals(-1, p.bufferOf(4));
      assertEquals(-1, p.bufferOf(2));
      assertEquals(3, p.metrics().victimSearches());
      assertEquals(5 / 3.0, p.metrics().ticksPerVictimMean(), 1e-9);
      assertEquals(2, p.metrics().ticksPerVictimMax());
    }
  }

  @Test
  void repeatNeedsTwoHitsWhileCool() {
    // N=2: pages 1,2 in b0,b1; one hit on 1; page 3 looks at b0 first.
    // second: b0 is HOT, cooled; b1 taken, page 2 leaves. repeat: b0 is still COOL, page 1 leaves.
    try (BufferPool second = pool(2, "hotcool:promote=second");
        BufferPool repeat = pool(2, "hotcool:promote=repeat");
        BufferPool repeatTwice = pool(2, "hotcool:promote=repeat")) {
      replay(second, Request.reads(1, 2, 1, 3));
      replay(repeat, Request.reads(1, 2, 1, 3));
      replay(repeatTwice, Request.reads(1, 2, 1, 1, 3));
      assertEquals(0, second.bufferOf(1));
      assertEquals(1, second.bufferOf(3));
      assertEquals(-1, second.bufferOf(2));
      assertEquals(-1, repeat.bufferOf(1));
      assertEquals(0, repeat.bufferOf(3));
      assertEquals(1, repeat.bufferOf(2));
      assertEquals(0, repeatTwice.bufferOf(1), "two hits while COOL make page 1 HOT");
      assertEquals(1, repeatTwice.bufferOf(3));
    }
  }

  @Test
  void demotionForgetsTheFirstHitUnderRepeat() {
    // N=2, repeat: 1,2; 1,1 (HOT); 3 cools b0 and takes b1; 1 hits once (COOL, seen);
    // 4: b0 is COOL (seen does not protect) and is taken: page 1 leaves.
    try (BufferPool p = pool(2, "hotcool:promote=repeat")) {
      replay(p, Request.reads(1, 2, 1, 1, 3, 1, 4));
      assertEquals(-1, p.bufferOf(1));
      assertEquals(0, p.bufferOf(4));
      assertEquals(1, p.bufferOf(3));
    }
  }

  @Test
  void aRingHitDoesNotPromote() {
    // N=2 (one-slot rings). Pages 1,2; a BULKREAD hit on 1 leaves b0 COOL, so page 3 evicts page 1.
    // The same hit through the normal path would make b0 HOT and page 2 would leave.
    try (BufferPool ringHit = pool(2, "hotcool"); BufferPool normalHit = pool(2, "hotcool")) {
      replay(ringHit, Request.read(1), Request.read(2), new Request(1, AccessStrategy.BULKREAD, false), Request.read(3));
      replay(normalHit, Request.reads(1, 2, 1, 3));
      assertEquals(-1, ringHit.bufferOf(1));
      assertEquals(1, ringHit.bufferOf(2));
      assertEquals(0, normalHit.bufferOf(1));
      assertEquals(-1, normalHit.bufferOf(2));
    }
  }

  @Test
  void aRingReusesOnlyACoolBuffer() {
    // N=8: the BULKREAD ring has one slot. 100 takes free b0 into the slot; 101 reuses b0 (COOL).
    // A normal hit makes 101 HOT, so 102 cannot reuse b0 and takes free b1 into the slot.
    try (BufferPool p = pool(8, "hotcool")) {
      replay(
          p,
          new Request(100, AccessStrategy.BULKREAD, false),
          new Request(101, AccessStrategy.BULKREAD, false),
          Request.read(101),
          new Request(102, AccessStrategy.BULKREAD, false));
      assertEquals(-1, p.bufferOf(100));
      assertEquals(0, p.bufferOf(101));
      assertEquals(1, p.bufferOf(102));
      assertEquals(1, p.metrics().ringReuses());
    }
  }

  @Test
  void searchEndsWithAClearErrorWhenEveryBufferIsPinned() {
    try (BufferPool p = pool(4, "hotcool:batch=1"); PoolSession s = p.openSession()) {
      for (long page = 0; page < 4; page++) s.pin(page, AccessStrategy.NORMAL, 0);
      s.unpin(p.bufferOf(1));
      s.pin(1, AccessStrategy.NORMAL, 0);
      NoUnpinnedBuffersException e =
          assertThrows(NoUnpinnedBuffersException.class, () -> s.pin(99, AccessStrategy.NORMAL, 0));
      assertTrue(e.getMessage().contains("no unpinned buffers available"), e.getMessage());
      s.unpin(p.bufferOf(2));
      assertEquals(2, s.pin(99, AccessStrategy.NORMAL, 0), "the only unpinned buffer is taken");
    }
  }

  @Test
  void parametersAreValidated() {
    assertThrows(IllegalArgumentException.class, () -> pool(8, "hotcool:batch=0"));
    assertThrows(IllegalArgumentException.class, () -> pool(8, "hotcool:promote=third"));
    assertThrows(IllegalArgumentException.class, () -> pool(8, "hotcool:hand=local"));
    assertThrows(IllegalArgumentException.class, () -> pool(8, "hotcool:maxUsage=5"));
    try (BufferPool p = pool(8, "hotcool")) {
      assertEquals("hotcool:batch=64,hand=global,promote=second", p.selectorName());
    }
  }

  static Stream<Arguments> randomCases() {
    List<Arguments> cases = new ArrayList<>();
    String[] hands = {"batch=1", "batch=16", "batch=64", "hand=partitioned,batch=1", "hand=partitioned,batch=16"};
    for (long seed = 1; seed <= 10; seed++) {
      for (int frames : new int[] {1, 3, 17, 64, 200}) {
        String hand = hands[(int) ((seed + frames) % hands.length)];
        String promote = seed % 3 == 0 ? "repeat" : "second";
        cases.add(Arguments.of(seed, frames, promote, hand, seed % 2 == 0));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "seed {0}, frames {1}, promote {2}, {3}, rings {4}")
  @MethodSource("randomCases")
  void matchesTheIndependentModelRequestByRequest(long seed, int frames, String promote, String hand, boolean rings) {
    Request[] trace = SeededTraces.mixed(seed, 20_000, frames * 3 + 5, true);
    HotCoolModel model = new HotCoolModel(frames, promote.equals("repeat"), rings);
    PoolConfig config =
        PoolConfig.builder().frames(frames).rings(rings).selector("hotcool:promote=" + promote + "," + hand).build();
    try (BufferPool p = new BufferPool(config); PoolSession s = p.openSession()) {
      long hits = 0;
      long ticks = 0;
      for (int i = 0; i < trace.length; i++) {
        Request r = trace[i];
        boolean expected = model.access(r);
        boolean actual = s.access(r.page(), r.strategy(), 0, r.write());
        assertEquals(expected, actual, "request " + i + " (page " + r.page() + ", " + r.strategy() + ")");
        if (actual) hits++;
        if (!expected) ticks += model.lastTicks;
      }
      assertEquals(hits, p.metrics().hits());
      assertEquals(ticks, Math.round(p.metrics().ticksPerVictimMean() * p.metrics().victimSearches()));
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
    for (String promote : new String[] {"second", "repeat"}) {
      for (double fraction : new double[] {0.01, 0.05, 0.2, 0.5}) {
        int frames = Math.max(1, (int) (distinct * fraction));
        HotCoolModel model = new HotCoolModel(frames, promote.equals("repeat"), true);
        long expectedHits = 0;
        for (long page : pages) if (model.access(Request.read(page))) expectedHits++;
        try (BufferPool p = pool(frames, "hotcool:promote=" + promote); PoolSession s = p.openSession()) {
          for (long page : pages) s.access(page, AccessStrategy.NORMAL, 0, false);
          assertEquals(expectedHits, p.metrics().hits(), trace + " at " + frames + " frames, " + promote);
          assertEquals(pages.length, p.metrics().requests());
        }
      }
    }
  }
}
