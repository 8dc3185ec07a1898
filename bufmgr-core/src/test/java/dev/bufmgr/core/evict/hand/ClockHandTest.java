package dev.bufmgr.core.evict.hand;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.buffer.StripePlacement;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ClockHandTest {

  private static int[] ticks(HandCursor c, int n) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) out[i] = c.next();
    return out;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 16, 64})
  void aSingleThreadVisitsBuffersInOrderWhateverTheBatch(int batch) {
    HandCursor c = new BatchedHand(5, batch).cursor();
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1}, ticks(c, 12));
  }

  @Test
  void theBatchedHandClaimsBTicksPerAtomicAdd() {
    BatchedHand hand = new BatchedHand(1000, 16);
    HandCursor c = hand.cursor();
    c.next();
    assertEquals(16, hand.ticksClaimed());
    ticks(c, 15);
    assertEquals(16, hand.ticksClaimed(), "the rest of the batch is swept without touching the hand");
    c.next();
    assertEquals(32, hand.ticksClaimed());
  }

  @Test
  void threadsSweepDisjointBatches() throws Exception {
    BatchedHand hand = new BatchedHand(1 << 20, 8);
    Set<Integer> seen = ConcurrentHashMap.newKeySet();
    Thread[] threads = new Thread[4];
    for (int t = 0; t < threads.length; t++) {
      threads[t] =
          Thread.ofPlatform()
              .start(
                  () -> {
                    HandCursor c = hand.cursor();
                    for (int i = 0; i < 4_000; i++) assertTrue(seen.add(c.next()), "a position was swept twice");
                  });
    }
    for (Thread t : threads) t.join();
    assertEquals(16_000, seen.size());
  }

  @Test
  void aPartitionedHandOnOneStripeEqualsTheGlobalHand() {
    try (Descriptors d = Descriptors.allocate(7, 1, Padding.NONE)) {
      HandCursor p = new PartitionedHand(d, 3).cursor();
      HandCursor g = new BatchedHand(7, 3).cursor();
      p.beginSearch();
      assertArrayEquals(ticks(g, 30), ticks(p, 30));
    }
  }

  @Test
  void aPartitionedHandSweepsItsHomeStripeThenSteals() {
    try (Descriptors d = Descriptors.allocate(12, 3, Padding.NONE)) {
      PartitionedHand hand = new PartitionedHand(d, 1);
      HandCursor c = hand.cursor();
      c.beginSearch();
      int[] first = ticks(c, 4);
      int home = d.stripeOf(first[0]);
      Set<Integer> homeStripe = new HashSet<>();
      for (int b : first) {
        assertEquals(home, d.stripeOf(b), "the first lap stays in the home stripe");
        homeStripe.add(b);
      }
      assertEquals(4, homeStripe.size());
      int stolen = c.next();
      assertEquals((home + 1) % 3, d.stripeOf(stolen), "after a dry lap it steals from the next stripe");
      c.beginSearch();
      assertEquals(home, d.stripeOf(c.next()), "a new search starts at home again");
    }
  }

  @Test
  void aPartitionedHandTakesItsHomeStripesFromThePlacement() throws Exception {
    StripePlacement backwards = new StripePlacement() {
      @Override
      public int homeStripe(int stripes, int arrival) {
        return stripes - 1 - arrival % stripes;
      }
    };
    try (Descriptors d = Descriptors.allocate(12, 3, Padding.NONE, Sharing.SHARED, false, backwards)) {
      PartitionedHand hand = new PartitionedHand(d, 1);
      int[] homes = new int[4];
      for (int t = 0; t < homes.length; t++) {
        int slot = t;
        Thread th = Thread.ofPlatform().start(() -> {
          HandCursor c = hand.cursor();
          c.beginSearch();
          homes[slot] = d.stripeOf(c.next());
        });
        th.join();
      }
      assertArrayEquals(new int[] {2, 1, 0, 2}, homes, "the cursors' home stripes, in the order they were made");
    }
  }

  @Test
  void aHomeStripeOutsideTheStripesIsRefused() {
    StripePlacement wrong = new StripePlacement() {
      @Override
      public int homeStripe(int stripes, int arrival) {
        return stripes;
      }
    };
    try (Descriptors d = Descriptors.allocate(12, 3, Padding.NONE, Sharing.SHARED, false, wrong)) {
      var e = assertThrows(IllegalStateException.class, () -> new PartitionedHand(d, 1).cursor());
      assertTrue(e.getMessage().contains("home stripe 3, outside 0..2"), e.getMessage());
    }
  }
}
