package dev.bufmgr.core.buffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The descriptors touch each stripe on the thread the placement makes for it, and keep the placement. */
class StripePlacementTest {

  @Test
  void theDefaultHandsOutHomeStripesRoundRobinAndTouchesEachStripeOnANamedThread() {
    StripePlacement d = StripePlacement.DEFAULT;
    assertEquals(0, d.homeStripe(4, 0));
    assertEquals(3, d.homeStripe(4, 3));
    assertEquals(1, d.homeStripe(4, 5));
    Thread t = d.toucher(2, 4, () -> {});
    assertEquals("descriptor-stripe-2", t.getName());
    assertEquals(Thread.State.NEW, t.getState());
    try (Descriptors shared = Descriptors.allocate(8, 2, Padding.NONE)) {
      assertSame(StripePlacement.DEFAULT, shared.placement());
    }
  }

  @Test
  void eachStripeIsTouchedOnTheThreadThePlacementMadeForIt() {
    Map<Integer, Thread> made = new ConcurrentHashMap<>();
    Map<Integer, Thread> ran = new ConcurrentHashMap<>();
    StripePlacement recording = new StripePlacement() {
      @Override
      public Thread toucher(int stripe, int stripes, Runnable touch) {
        assertEquals(4, stripes);
        Thread t = Thread.ofPlatform().unstarted(() -> {
          ran.put(stripe, Thread.currentThread());
          touch.run();
        });
        made.put(stripe, t);
        return t;
      }
    };
    try (Descriptors d = Descriptors.allocate(10, 4, Padding.NONE, Sharing.SHARED, false, recording)) {
      assertSame(recording, d.placement());
      assertEquals(made, ran);
      assertEquals(4, ran.size());
      for (int b = 0; b < 10; b++) assertTrue(d.compareAndSetState(b, 0, b + 1), "every stripe was allocated");
    }
  }

  @Test
  void oneStripeIsTouchedByTheAllocatingThread() {
    StripePlacement refusing = new StripePlacement() {
      @Override
      public Thread toucher(int stripe, int stripes, Runnable touch) {
        throw new AssertionError("one stripe needs no thread");
      }
    };
    try (Descriptors d = Descriptors.allocate(10, 1, Padding.NONE, Sharing.SHARED, false, refusing)) {
      assertEquals(10, d.frames());
    }
  }

  @Test
  void aToucherThatNeverTouchesIsReported() {
    StripePlacement idle = new StripePlacement() {
      @Override
      public Thread toucher(int stripe, int stripes, Runnable touch) {
        return Thread.ofPlatform().unstarted(stripe == 1 ? () -> {} : touch);
      }
    };
    var e = assertThrows(IllegalStateException.class,
        () -> Descriptors.allocate(10, 3, Padding.NONE, Sharing.SHARED, false, idle));
    assertTrue(e.getMessage().contains("stripe 1's thread ended without allocating it"), e.getMessage());
  }
}
