package dev.bufmgr.eviction.hotcool;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.evict.hand.ClockHand;
import dev.bufmgr.core.evict.hand.ClockSweep;

/**
 * The one-bit HOT/COOL clock of the batched clock-sweep patch (seeds/002, patch 0002): a loaded
 * page is COOL, a hit makes it HOT ({@link Promotion}), a hit through a ring never promotes. The
 * sweep looks at the buffer under the hand: unpinned and HOT, it is turned COOL and the hand moves
 * on; unpinned and COOL, it is the victim. So a victim is found within one lap after the last
 * demotion, and each buffer is demoted at most once per lap. A ring reuses only a COOL buffer.
 *
 * <p>The search ({@link ClockSweep}) gives up with {@code NoUnpinnedBuffersException} once it has
 * found every buffer pinned with no demotion in between, the same rule as G-CLOCK's: with the
 * global hand after N pinned buffers in a row (PostgreSQL's {@code trycounter} in {@code
 * StrategyGetBuffer}, reset on every usage change), with the partitioned hand once every stripe
 * has been swept and then checked buffer by buffer ({@code PartitionedHand}).
 *
 * <p>Thread-safe: every change is a compare-and-set on the buffer's state word, retried on the
 * same buffer when it fails; the hand (stock, batched or partitioned) gives each thread its ticks.
 */
final class HotCoolSelector implements VictimSelector {
  private final Descriptors descriptors;
  private final Promotion promotion;
  private final ClockHand hand;
  private final String name;
  private final CleaningView cleaning;

  HotCoolSelector(Descriptors descriptors, Promotion promotion, ClockHand hand, String name) {
    this.descriptors = descriptors;
    this.promotion = promotion;
    this.hand = hand;
    this.name = name;
    this.cleaning = ClockSweep.cleaningView(hand, HotCoolSelector::age);
  }

  @Override
  public int initialUsage(AccessStrategy strategy) {
    return Promotion.COOL;
  }

  @Override
  public int usageAfterHit(int usage, AccessStrategy strategy) {
    return promotion.afterHit(usage, strategy);
  }

  @Override
  public boolean reusableByRing(int usage) {
    return !Promotion.isHot(usage);
  }

  @Override
  public int selectVictim(MissContext miss) {
    return ClockSweep.findVictim(descriptors, hand, HotCoolSelector::age, miss, name);
  }

  /** The sweep's rule: HOT becomes COOL; COOL (seen once or not) is the victim. */
  private static int age(int usage) {
    return Promotion.isHot(usage) ? Promotion.COOL : ClockSweep.VICTIM;
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
