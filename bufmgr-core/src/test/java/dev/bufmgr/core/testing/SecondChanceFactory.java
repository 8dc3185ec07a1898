package dev.bufmgr.core.testing;

import static dev.bufmgr.core.buffer.BufferState.claimed;
import static dev.bufmgr.core.buffer.BufferState.refCount;
import static dev.bufmgr.core.buffer.BufferState.usage;
import static dev.bufmgr.core.buffer.BufferState.withUsage;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.AccessStrategy;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.ParameterSpec;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.SelectorParameters;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.evict.hand.BatchedHand;
import dev.bufmgr.core.evict.hand.ClockSweep;
import dev.bufmgr.core.evict.hand.HandCursor;
import java.util.List;

/**
 * A plain second-chance clock (one reference bit) for the core's own tests, which must not depend
 * on a selector module. Not registered as a service: tests pass {@link #registry()} to the pool.
 */
public final class SecondChanceFactory implements SelectorFactory {

  /** A registry holding only this selector, under the name {@code second-chance}. */
  public static SelectorRegistry registry() {
    return SelectorRegistry.of(new SecondChanceFactory());
  }

  @Override
  public String name() {
    return "second-chance";
  }

  @Override
  public String description() {
    return "test-only second-chance clock";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(ParameterSpec.integer("batch", 1, 1, 1024, "ticks per atomic add"));
  }

  @Override
  public VictimSelector create(Descriptors descriptors, SelectorParameters parameters) {
    BatchedHand hand = new BatchedHand(descriptors.frames(), parameters.intValue("batch"), descriptors.sharing());
    CleaningView cleaning = ClockSweep.cleaningView(hand, u -> u == 1 ? 0 : ClockSweep.VICTIM);
    return new VictimSelector() {
      @Override
      public CleaningView cleaningView() {
        return cleaning;
      }

      @Override
      public int initialUsage(AccessStrategy strategy) {
        return 0;
      }

      @Override
      public int usageAfterHit(int usage, AccessStrategy strategy) {
        return 1;
      }

      @Override
      public boolean reusableByRing(int usage) {
        return usage == 0;
      }

      @Override
      public int selectVictim(MissContext miss) {
        HandCursor c = hand.cursor();
        int misses = 0;
        while (true) {
          int b = c.next();
          miss.addTicks(1);
          long st = descriptors.state(b);
          if (refCount(st) != 0) {
            if (++misses > 2 * descriptors.frames()) throw new NoUnpinnedBuffersException(name(), descriptors.frames());
            continue;
          }
          if (usage(st) == 1) {
            descriptors.compareAndSetState(b, st, withUsage(st, 0));
          } else if (descriptors.compareAndSetState(b, st, claimed(st))) {
            return b;
          }
        }
      }
    };
  }
}
