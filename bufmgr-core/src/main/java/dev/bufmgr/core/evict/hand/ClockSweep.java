package dev.bufmgr.core.evict.hand;

import static dev.bufmgr.core.buffer.BufferState.refCount;
import static dev.bufmgr.core.buffer.BufferState.usage;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.BufferTransitions;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;

/**
 * The victim search of a clock selector, as PostgreSQL's {@code StrategyGetBuffer} (freelist.c)
 * runs it: look at the buffer under the hand; if it is unpinned, either age its usage bits and
 * move on, or claim it as the victim; a pinned buffer is passed. Every change is a
 * compare-and-set of the buffer's state word, retried on the same buffer when it fails (each failure
 * counted in the miss's {@link MissContext#failedCas}). The search
 * gives up with {@link NoUnpinnedBuffersException} when the hand's cursor says it has found every
 * buffer pinned with no aging in between ({@link HandCursor#pinned}): for one hand over all buffers
 * after N pinned ticks in a row, PostgreSQL's {@code trycounter}, reset on every decrement; for a
 * partitioned hand once every stripe has been swept and checked buffer by buffer.
 */
public final class ClockSweep {
  /** What {@link Aging#age} returns for a buffer that is the victim. */
  public static final int VICTIM = -1;

  private ClockSweep() {}

  /** A selector's rule for an unpinned buffer under the hand. */
  @FunctionalInterface
  public interface Aging {
    /** The usage bits the sweep leaves on a buffer whose bits are {@code usage}, or {@link #VICTIM}. */
    int age(int usage);
  }

  /**
   * The cleaning view of a clock selector with hand {@code hand} and sweep rule {@code aging}:
   * the buffers ahead of the hand (of each stripe's hand when partitioned), a buffer reusable when
   * unpinned and the rule would take it as the victim (G-CLOCK: usage 0; HOT/COOL: COOL).
   */
  public static CleaningView cleaningView(ClockHand hand, Aging aging) {
    return new CleaningView() {
      @Override
      public int sweeps() {
        return hand.sweeps();
      }

      @Override
      public int length(int sweep) {
        return hand.sweepLength(sweep);
      }

      @Override
      public long position(int sweep) {
        return hand.position(sweep);
      }

      @Override
      public int bufferAt(int sweep, long position) {
        return hand.sweepStart(sweep) + (int) Math.floorMod(position, (long) hand.sweepLength(sweep));
      }

      @Override
      public boolean reusable(int buffer, long state) {
        return refCount(state) == 0 && aging.age(usage(state)) == VICTIM;
      }
    };
  }

  /**
   * Sweeps with the calling thread's cursor on {@code hand} until a victim is claimed, and
   * returns it; records the positions examined in {@code miss}.
   *
   * @param selector the selector's name, for the error message
   * @throws NoUnpinnedBuffersException when the sweep finds every buffer pinned
   */
  public static int findVictim(
      Descriptors descriptors, ClockHand hand, Aging aging, MissContext miss, String selector) {
    HandCursor cursor = hand.cursor();
    cursor.beginSearch();
    long ticks = 0;
    while (true) {
      int b = cursor.next();
      ticks++;
      while (true) {
        long st = descriptors.state(b);
        if (refCount(st) != 0) {
          if (cursor.pinned()) {
            miss.addTicks(ticks);
            throw new NoUnpinnedBuffersException(selector, descriptors.frames());
          }
          break;
        }
        int aged = aging.age(usage(st));
        if (aged != VICTIM) {
          if (BufferTransitions.trySetUsage(descriptors, b, st, aged)) {
            cursor.aged();
            break;
          }
        } else if (BufferTransitions.tryClaim(descriptors, b, st)) {
          miss.addTicks(ticks);
          return b;
        }
        miss.failedCas();
      }
    }
  }
}
