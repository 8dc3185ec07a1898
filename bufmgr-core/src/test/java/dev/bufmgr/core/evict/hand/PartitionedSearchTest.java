package dev.bufmgr.core.evict.hand;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The partitioned hand's victim search near all pinned: with its home stripe all pinned it must
 * still find the one unpinned buffer of another stripe, however another thread's ticks on that
 * stripe's hand fall, and it must end with {@link NoUnpinnedBuffersException} when every buffer
 * is pinned. The rule is G-CLOCK's (usage above 0 is decremented, 0 is the victim).
 */
class PartitionedSearchTest {
  private static final ClockSweep.Aging GCLOCK = u -> u > 0 ? u - 1 : ClockSweep.VICTIM;

  private static void pinAll(Descriptors d) {
    for (int b = 0; b < d.frames(); b++) d.getAndAddState(b, BufferState.REFCOUNT_ONE);
  }

  private static void unpin(Descriptors d, int b) {
    d.getAndAddState(b, -BufferState.REFCOUNT_ONE);
  }

  /** A cursor made on a thread of its own: the next home stripe, as another session's would be. */
  private static HandCursor cursorOfAnotherThread(ClockHand hand) throws InterruptedException {
    AtomicReference<HandCursor> made = new AtomicReference<>();
    Thread t = Thread.ofPlatform().start(() -> made.set(hand.cursor()));
    t.join();
    return made.get();
  }

  /**
   * A hand whose one cursor is {@code searcher}, except that just before the searcher's second tick
   * in stripe {@code stripe}, {@code other} (another thread's cursor, home in that stripe) ticks
   * once, finds its buffer pinned, and that buffer's holder then unpins it. Every other call goes
   * to {@code searcher} unchanged, whatever methods the cursor interface has.
   */
  private static ClockHand interleaved(
      ClockHand hand, HandCursor searcher, HandCursor other, Descriptors d, int stripe, int[] otherSaw) {
    int[] ticksThere = {0};
    HandCursor cursor = (HandCursor) Proxy.newProxyInstance(
        HandCursor.class.getClassLoader(), new Class<?>[] {HandCursor.class}, (proxy, method, args) -> {
          if (method.getName().equals("next") && ticksThere[0] == 1) {
            other.beginSearch();
            int b = other.next();
            otherSaw[0] = b;
            assertTrue(BufferState.isPinned(d.state(b)), "the other thread finds its buffer pinned");
            unpin(d, b);
            ticksThere[0]++;
          }
          Object result;
          try {
            result = method.invoke(searcher, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
          if (method.getName().equals("next") && d.stripeOf((Integer) result) == stripe && ticksThere[0] == 0) {
            ticksThere[0]++;
          }
          return result;
        });
    return new ClockHand() {
      @Override
      public HandCursor cursor() {
        return cursor;
      }

      @Override
      public String describe() {
        return hand.describe();
      }

      @Override
      public int sweeps() {
        return hand.sweeps();
      }

      @Override
      public int sweepStart(int sweep) {
        return hand.sweepStart(sweep);
      }

      @Override
      public int sweepLength(int sweep) {
        return hand.sweepLength(sweep);
      }

      @Override
      public long position(int sweep) {
        return hand.position(sweep);
      }
    };
  }

  /**
   * 16 buffers in 4 stripes of 4, all pinned; the searcher's home is stripe 0, the other thread's
   * stripe 1. The searcher sweeps stripe 0, then takes position 0 of stripe 1 (buffer 4); the other
   * thread takes position 1 (buffer 5), finds it pinned, and its holder unpins it; the searcher's
   * lap of stripe 1 then lands on positions 2, 3, 4 (buffers 6, 7, 4) and never on buffer 5. A
   * search that counts N pinned ticks gives up after stripes 2 and 3 although buffer 5 has been
   * unpinned all along; one that sweeps every stripe fully finds it.
   */
  @Test
  void findsTheUnpinnedBufferOfAnotherStripeWhenAnotherThreadsTickPassedIt() throws InterruptedException {
    try (Descriptors d = Descriptors.allocate(16, 4, Padding.NONE)) {
      PartitionedHand hand = new PartitionedHand(d, 1);
      HandCursor searcher = hand.cursor();
      HandCursor other = cursorOfAnotherThread(hand);
      pinAll(d);
      int[] otherSaw = {-1};
      ClockHand h = interleaved(hand, searcher, other, d, 1, otherSaw);
      MissContext miss = new MissContext();
      int victim = ClockSweep.findVictim(d, h, GCLOCK, miss, "gclock");
      assertEquals(5, otherSaw[0], "the other thread's tick passed buffer 5");
      assertEquals(5, victim, "the search takes the one unpinned buffer");
      assertEquals(BufferState.REFCOUNT_ONE, BufferState.refCount(d.state(victim)), "claimed once");
    }
  }

  /**
   * One thread alone: stripe 0 (home) all pinned, every other buffer pinned but {@code free}, whose
   * usage count is {@code usage}; for every batch the search takes {@code free}.
   */
  @ParameterizedTest(name = "batch {0}")
  @ValueSource(ints = {1, 3, 4, 8, 64})
  void findsTheOneUnpinnedBufferOutsideAnAllPinnedHomeStripe(int batch) {
    for (int free = 5; free < 18; free++) {
      for (int usage : new int[] {0, 1, 5}) {
        try (Descriptors d = Descriptors.allocate(18, 4, Padding.NONE)) {
          PartitionedHand hand = new PartitionedHand(d, batch);
          HandCursor c = hand.cursor();
          for (int i = 0; i < 7; i++) c.next(); // leave the hand somewhere in its home stripe's batch
          pinAll(d);
          unpin(d, free);
          d.compareAndSetState(free, d.state(free), BufferState.withUsage(d.state(free), usage));
          int victim = ClockSweep.findVictim(d, hand, GCLOCK, new MissContext(), "gclock");
          assertEquals(free, victim, "buffer " + free + " with usage " + usage + ", batch " + batch);
        }
      }
    }
  }

  /** Every buffer pinned: the search ends with the error, for stripes that do not divide the pool. */
  @ParameterizedTest(name = "{0} buffers, {1} stripes, batch {2}")
  @CsvSource({"16, 4, 1", "18, 4, 8", "9, 4, 2", "5, 4, 1", "7, 1, 3"})
  void givesUpWhenEveryBufferIsPinned(int frames, int stripes, int batch) {
    try (Descriptors d = Descriptors.allocate(frames, stripes, Padding.NONE)) {
      PartitionedHand hand = new PartitionedHand(d, batch);
      pinAll(d);
      MissContext miss = new MissContext();
      assertThrows(
          NoUnpinnedBuffersException.class, () -> ClockSweep.findVictim(d, hand, GCLOCK, miss, "gclock"));
      assertTrue(miss.ticks() >= frames, "every buffer looked at: " + miss.ticks() + " ticks");
      assertTrue(miss.ticks() <= 2L * frames, "at most two looks per buffer: " + miss.ticks() + " ticks");
    }
  }
}
