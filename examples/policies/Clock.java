import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.evict.hand.ClockHand;
import dev.bufmgr.core.evict.hand.ClockHands;
import dev.bufmgr.core.evict.hand.ClockSweep;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import java.util.List;

/**
 * CLOCK (Corbato, 1968): one reference bit per buffer, set when the page is loaded and on every
 * hit; the hand clears a set bit and takes the first unpinned buffer whose bit is clear.
 */
public class Clock implements SelectorFactory {
  public String name() { return "clock"; }
  public String description() { return "CLOCK: one reference bit, second chance"; }
  public List<ParameterSpec> parameters() { return List.of(ClockHands.batchParameter(1), ClockHands.handParameter()); }

  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    return new Selector(descriptors, ClockHands.create(descriptors, parameters));
  }

  static final class Selector implements VictimSelector {
    final Descriptors descriptors;
    final ClockHand hand;
    final CleaningView view;

    Selector(Descriptors descriptors, ClockHand hand) {
      this.descriptors = descriptors;
      this.hand = hand;
      this.view = ClockSweep.cleaningView(hand, Selector::age);
    }

    /** A set bit is cleared (a second chance); a clear bit makes the buffer the victim. */
    static int age(int bit) { return bit == 1 ? 0 : ClockSweep.VICTIM; }

    public int initialUsage(AccessStrategy strategy) { return 1; }
    public int usageAfterHit(int bit, AccessStrategy strategy) { return 1; }
    public boolean reusableByRing(int bit) { return true; }
    public int selectVictim(MissContext miss) { return ClockSweep.findVictim(descriptors, hand, Selector::age, miss, "clock"); }
    public CleaningView cleaningView() { return view; }
  }
}
