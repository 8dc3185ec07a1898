package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.evict.hand.ClockHand;
import dev.bufmgr.core.evict.hand.ClockSweep;

/**
 * PostgreSQL's generalized clock (G-CLOCK), as in {@code StrategyGetBuffer} and {@code
 * PinBuffer} (freelist.c, bufmgr.c). Each buffer's usage bits hold a count in 0..maxUsage. A
 * loaded page starts at 1; a hit adds 1 up to maxUsage, but a hit through a ring only raises 0 to
 * 1. The sweep ({@link ClockSweep}) looks at the buffer under the hand: unpinned with a count
 * above 0, it decrements the count and moves on; unpinned at 0, it is the victim; once it has found
 * every buffer pinned without a decrement in between it gives up with {@code
 * NoUnpinnedBuffersException} (the global hand: N pinned buffers in a row, PostgreSQL's {@code
 * trycounter}; the partitioned hand: every stripe swept, then checked buffer by buffer). A ring
 * may reuse a buffer whose count is at most 1.
 *
 * <p>Thread-safe: every change is a compare-and-set on the buffer's state word, retried on the
 * same buffer when it fails, as PostgreSQL does since it dropped the header lock from the sweep.
 */
final class GClockSelector implements VictimSelector {
  private final Descriptors descriptors;
  private final int maxUsage;
  private final ClockHand hand;
  private final String name;
  private final CleaningView cleaning;

  GClockSelector(Descriptors descriptors, int maxUsage, ClockHand hand, String name) {
    this.descriptors = descriptors;
    this.maxUsage = maxUsage;
    this.hand = hand;
    this.name = name;
    this.cleaning = ClockSweep.cleaningView(hand, GClockSelector::age);
  }

  @Override
  public int initialUsage(AccessStrategy strategy) {
    return 1;
  }

  @Override
  public int usageAfterHit(int usage, AccessStrategy strategy) {
    if (strategy.usesRing()) return usage == 0 ? 1 : usage;
    return usage < maxUsage ? usage + 1 : maxUsage;
  }

  @Override
  public boolean reusableByRing(int usage) {
    return usage <= 1;
  }

  @Override
  public int selectVictim(MissContext miss) {
    return ClockSweep.findVictim(descriptors, hand, GClockSelector::age, miss, name);
  }

  /** The sweep's rule: a count above 0 is decremented; 0 is the victim. */
  private static int age(int usage) {
    return usage > 0 ? usage - 1 : ClockSweep.VICTIM;
  }

  /** The buffers ahead of the hand; reusable when unpinned and the sweep would take it. */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }

  @Override
  public String toString() {
    return name + " [" + hand.describe() + "]";
  }
}
