package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.evict.hand.ClockHand;
import dev.bufmgr.core.evict.hand.ClockSweep;

/**
 * PostgreSQL's generalized clock (G-CLOCK): the usage count of {@code PinBuffer} (bufmgr.c) and
 * the aging of {@code StrategyGetBuffer} (freelist.c), given as rules to the core's clock sweep.
 * Each buffer's usage bits hold a count in 0..maxUsage. A loaded page starts at 1; a hit adds 1 up
 * to maxUsage, but a hit through a ring only raises 0 to 1 (the pool applies this inside the
 * pin's compare-and-set); a ring may reuse a buffer whose count is at most 1. The aging rule
 * decrements a count above 0 and names an unpinned buffer at 0 the victim.
 *
 * <p>The search itself is {@link ClockSweep#findVictim} on the {@link ClockHand} that the {@code
 * hand} and {@code batch} parameters chose (one hand over all buffers, stock or batched, or one
 * per stripe); it also decides when to give up with {@code NoUnpinnedBuffersException}. The
 * background writer sees the buffers ahead of the hand through {@link #cleaningView()}.
 *
 * <p>Thread-safe: the selector keeps no state but its hand; the sweep changes a state word only
 * by compare-and-set (plain stores on an exclusive pool), where PostgreSQL's sweep takes the
 * buffer's header spin lock.
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
