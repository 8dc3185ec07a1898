package dev.bufmgr.eviction.hotcool;

import static dev.bufmgr.core.testing.Replays.pool;
import static dev.bufmgr.core.testing.Replays.replay;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.testing.Request;
import org.junit.jupiter.api.Test;

/** What a background writer sees of HOT/COOL: the buffers ahead of the hand, reusable when COOL. */
class HotCoolCleaningViewTest {

  @Test
  void coolBuffersAheadOfTheHandAreReusable() {
    try (BufferPool p = pool(3, "hotcool:batch=1,promote=second")) {
      CleaningView v = p.cleaningView();
      replay(p, Request.reads(1, 2, 3, 2));
      assertEquals(0, v.position(0));
      assertTrue(v.reusable(0, p.descriptors().state(0)), "loaded COOL");
      assertFalse(v.reusable(1, p.descriptors().state(1)), "page 2 was hit: HOT");
      assertTrue(v.reusable(2, p.descriptors().state(2)));
      // Page 4 takes b0 at once (COOL, 1 tick); the hand then points at b1, HOT.
      replay(p, Request.reads(4));
      assertEquals(1, v.position(0));
      assertEquals(1, v.bufferAt(0, 1));
      assertFalse(v.reusable(1, p.descriptors().state(1)));
      assertEquals(2, v.bufferAt(0, 2));
      assertTrue(v.reusable(2, p.descriptors().state(2)));
    }
    try (BufferPool p = pool(2, "hotcool:batch=1,promote=repeat")) {
      CleaningView v = p.cleaningView();
      replay(p, Request.reads(1, 2, 1));
      assertTrue(v.reusable(0, p.descriptors().state(0)), "promote=repeat: one hit only marks it, still COOL");
    }
  }
}
