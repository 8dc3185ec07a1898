package dev.bufmgr.core.testing;

import static dev.bufmgr.core.buffer.BufferState.DIRTY;
import static dev.bufmgr.core.buffer.BufferState.REFCOUNT_MASK;
import static dev.bufmgr.core.buffer.BufferState.REFCOUNT_ONE;
import static dev.bufmgr.core.buffer.BufferState.TAG_VALID;
import static dev.bufmgr.core.buffer.BufferState.claimed;
import static dev.bufmgr.core.buffer.BufferState.refCount;
import static dev.bufmgr.core.buffer.BufferState.usage;
import static dev.bufmgr.core.buffer.BufferState.withUsage;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.evict.hand.BatchedHand;
import dev.bufmgr.core.evict.hand.ClockSweep;
import dev.bufmgr.core.evict.hand.HandCursor;
import java.util.Arrays;
import java.util.List;

/**
 * A plain second-chance clock (one reference bit) for the core's own tests, which must not depend
 * on a selector module. Not registered as a service: tests pass {@link #registry()} to the pool.
 *
 * <p>Its {@code fault} parameter plants one bug of a kind a real selector could have ({@link
 * Fault}), so that the conformance suite can be shown to catch each ({@code
 * ConformanceSuiteCatchesFaultsTest}).
 */
public final class SecondChanceFactory implements SelectorFactory {

  /** A bug the selector can be told to have; {@link #NONE} is the correct selector. */
  public enum Fault {
    /** None: a correct second-chance clock. */
    NONE,
    /**
     * Claims a victim without looking at its pins and writes a pin count of one, its own, so the
     * pool takes a buffer other threads hold for a victim.
     */
    PINNED_VICTIM,
    /** Every 64th search claims a buffer and keeps it, returning another: a pin that never ends. */
    LEAKED_CLAIM,
    /** Never gives up: when every buffer is pinned, the search goes round until interrupted. */
    ENDLESS_SEARCH,
    /** Clears the dirty flag as it claims a victim, so the page leaves without being written. */
    DROPPED_DIRTY,
    /** Clears TAG_VALID of every buffer it gives a second chance: the page is lost to the mapping. */
    LOST_PAGE,
    /** Lets no ring reuse its own buffers, so a scan through a ring evicts the rest of the pool. */
    RING_REFUSES,
    /** On a shared pool the hand starts one buffer later than on an exclusive one. */
    SHARING_DEPENDENT,
    /** The cleaning view clears the reference bit of each buffer a cleaner asks about. */
    CLEANER_AGES,
    /** The cleaning view reports the hand one position ahead of where the search will look. */
    VIEW_AHEAD;

    /** The parameter value, e.g. {@code pinned-victim}. */
    public String spec() {
      return name().toLowerCase().replace('_', '-');
    }
  }

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
    return List.of(
        ParameterSpec.integer("batch", 1, 1, 1024, "ticks per atomic add"),
        ParameterSpec.choice("fault", Fault.NONE.spec(), Arrays.stream(Fault.values()).map(Fault::spec).toList(),
            "a planted bug, for tests of the conformance suite"));
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    String chosen = parameters.choice("fault");
    Fault fault = Arrays.stream(Fault.values()).filter(f -> f.spec().equals(chosen)).findFirst().orElseThrow();
    return new SecondChance(descriptors, parameters.intValue("batch"), fault);
  }

  private static final class SecondChance implements VictimSelector {
    private final Descriptors descriptors;
    private final BatchedHand hand;
    private final Fault fault;
    private final CleaningView cleaning;
    private long searches;

    SecondChance(Descriptors descriptors, int batch, Fault fault) {
      this.descriptors = descriptors;
      this.hand = new BatchedHand(descriptors.frames(), batch, descriptors.sharing());
      this.fault = fault;
      CleaningView view = ClockSweep.cleaningView(hand, u -> u == 1 ? 0 : ClockSweep.VICTIM);
      this.cleaning = switch (fault) {
        case CLEANER_AGES -> new ForwardingView(view) {
          @Override
          public boolean reusable(int buffer, long state) {
            descriptors.compareAndSetState(buffer, state, withUsage(state, 0));
            return super.reusable(buffer, state);
          }
        };
        case VIEW_AHEAD -> new ForwardingView(view) {
          @Override
          public long position(int sweep) {
            return super.position(sweep) + 1;
          }
        };
        default -> view;
      };
      if (fault == Fault.SHARING_DEPENDENT && descriptors.sharing() == Sharing.SHARED) hand.cursor().next();
    }

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
      return fault != Fault.RING_REFUSES && usage == 0;
    }

    @Override
    public int selectVictim(MissContext miss) {
      HandCursor c = hand.cursor();
      boolean leak = fault == Fault.LEAKED_CLAIM && ++searches % 64 == 0;
      int pinned = 0;
      while (true) {
        int b = c.next();
        miss.addTicks(1);
        long st = descriptors.state(b);
        if (refCount(st) != 0 && fault != Fault.PINNED_VICTIM) {
          if (fault == Fault.ENDLESS_SEARCH) {
            if (Thread.currentThread().isInterrupted()) throw new IllegalStateException("interrupted");
          } else if (++pinned > 2 * descriptors.frames()) {
            throw new NoUnpinnedBuffersException("second-chance", descriptors.frames());
          }
          continue;
        }
        if (usage(st) == 1) {
          long aged = withUsage(st, 0);
          if (fault == Fault.LOST_PAGE) aged &= ~TAG_VALID;
          descriptors.compareAndSetState(b, st, aged);
        } else {
          long claim = switch (fault) {
            case DROPPED_DIRTY -> claimed(st) & ~DIRTY;
            case PINNED_VICTIM -> (st & ~REFCOUNT_MASK) | REFCOUNT_ONE;
            default -> claimed(st);
          };
          if (descriptors.compareAndSetState(b, st, claim)) {
            if (!leak) return b;
            leak = false;
          }
        }
      }
    }
  }

  /** A cleaning view passing every call to another, for faults that change one answer. */
  private static class ForwardingView implements CleaningView {
    private final CleaningView view;

    ForwardingView(CleaningView view) {
      this.view = view;
    }

    @Override
    public int sweeps() {
      return view.sweeps();
    }

    @Override
    public int length(int sweep) {
      return view.length(sweep);
    }

    @Override
    public long position(int sweep) {
      return view.position(sweep);
    }

    @Override
    public int bufferAt(int sweep, long position) {
      return view.bufferAt(sweep, position);
    }

    @Override
    public boolean reusable(int buffer, long state) {
      return view.reusable(buffer, state);
    }
  }
}
