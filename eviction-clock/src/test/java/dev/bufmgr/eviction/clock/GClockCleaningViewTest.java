package dev.bufmgr.eviction.clock;

import static dev.bufmgr.core.testing.Replays.pool;
import static dev.bufmgr.core.testing.Replays.replay;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.testing.Request;
import org.junit.jupiter.api.Test;

/** What a background writer sees of G-CLOCK, on the hand-worked sequence of the reference test. */
class GClockCleaningViewTest {

  @Test
  void theBuffersAheadOfTheHandReusableAtUsageZero() {
    try (BufferPool p = pool(3, "gclock")) {
      CleaningView v = p.cleaningView();
      // Pages 1, 2, 3 in buffers 0, 1, 2 with usage 1; the hit on 1 raises b0 to 2. No tick yet.
      replay(p, Request.reads(1, 2, 3, 1));
      assertEquals(1, v.sweeps());
      assertEquals(3, v.length(0));
      assertEquals(0, v.position(0));
      for (int k = 0; k < 3; k++) {
        assertEquals(k, v.bufferAt(0, k));
        assertFalse(v.reusable(k, p.descriptors().state(k)), "usage above 0: the hand would only decrement it");
      }
      // Page 4: the hand decrements b0, b1, b2, b0 and takes b1 (5 ticks); b0 and b2 are left at 0.
      replay(p, Request.reads(4));
      assertEquals(5, v.position(0));
      assertEquals(2, v.bufferAt(0, 5));
      assertTrue(v.reusable(2, p.descriptors().state(2)));
      assertEquals(0, v.bufferAt(0, 6));
      assertTrue(v.reusable(0, p.descriptors().state(0)));
      assertEquals(1, v.bufferAt(0, 7));
      assertFalse(v.reusable(1, p.descriptors().state(1)), "page 4 was loaded with usage 1");
      try (PoolSession s = p.openSession()) {
        int held = s.pin(1, AccessStrategy.NORMAL, 0);
        assertEquals(0, held, "page 1 is still in b0");
        assertFalse(v.reusable(0, p.descriptors().state(0)), "pinned, and its usage raised by the hit");
        s.unpin(held);
      }
    }
  }
}
