package dev.bufmgr.eviction.s3fifo;

import static dev.bufmgr.core.testing.Replays.pool;
import static dev.bufmgr.core.testing.Replays.replay;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.testing.Request;
import org.junit.jupiter.api.Test;

/**
 * What a background writer sees of S3-FIFO: the tails of S (sweep 0) and M (sweep 1); in S a page
 * is reusable below the threshold, in M at count 0. The states are those of the reference test's
 * hand-worked sequence.
 */
class S3FifoCleaningViewTest {

  @Test
  void theQueuesTailsAndWhoWouldLeave() {
    try (BufferPool p = pool(4, "s3fifo:small=0.5,ghost=0.5")) {
      CleaningView v = p.cleaningView();
      // 1, 2 -> S (buffers 0, 1); 3, 4 -> M (buffers 2, 3); hits: 1 twice (count 2), 3 once (count 1).
      replay(p, Request.reads(1, 2, 3, 4, 1, 1, 3));
      assertEquals(2, v.sweeps());
      assertEquals(2, v.length(0));
      assertEquals(2, v.length(1));
      assertEquals(0, v.bufferAt(0, v.position(0)), "S's tail: page 1");
      assertFalse(v.reusable(0, p.descriptors().state(0)), "count 2 reaches the threshold: it would move to M");
      assertEquals(1, v.bufferAt(0, v.position(0) + 1));
      assertTrue(v.reusable(1, p.descriptors().state(1)), "page 2, count 0: it would leave");
      assertEquals(-1, v.bufferAt(0, v.position(0) + 2), "S holds two entries");
      assertEquals(2, v.bufferAt(1, v.position(1)), "M's tail: page 3");
      assertFalse(v.reusable(2, p.descriptors().state(2)), "count 1: it would go round M again");
      assertEquals(3, v.bufferAt(1, v.position(1) + 1));
      assertTrue(v.reusable(3, p.descriptors().state(3)));
      // Page 5: S's 1 moves to M (its old entry is now stale), 2 leaves; 5 enters S in buffer 1.
      long before = v.position(0);
      replay(p, Request.reads(5));
      assertEquals(before + 2, v.position(0), "two entries of S polled");
      assertEquals(1, v.bufferAt(0, v.position(0)), "S's tail: page 5 in buffer 1");
      assertEquals(3, v.length(1), "M: 3, 4 and the moved 1");
      assertEquals(0, v.bufferAt(1, v.position(1) + 2), "page 1 at M's head");
      assertTrue(v.reusable(0, p.descriptors().state(0)), "moved with count 0");
    }
  }
}
