import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A broken policy for the tests of check-policy: FIFO order round the buffers, but it claims the
 * buffer under the hand whether or not another thread has it pinned (it writes a pin count of
 * one, its own, over theirs), so the pool loads a page into a buffer someone holds.
 */
public class PinnedVictim implements SelectorFactory {
  public String name() { return "pinned-victim"; }
  public String description() { return "broken on purpose: evicts pinned buffers"; }
  public List<ParameterSpec> parameters() { return List.of(); }

  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    AtomicLong hand = new AtomicLong();
    return new VictimSelector() {
      public int initialUsage(AccessStrategy strategy) { return 0; }
      public int usageAfterHit(int usage, AccessStrategy strategy) { return 0; }
      public boolean reusableByRing(int usage) { return true; }

      public int selectVictim(MissContext miss) {
        while (true) {
          int b = (int) (hand.getAndIncrement() % descriptors.frames());
          miss.addTicks(1);
          long st = descriptors.state(b);
          long mine = (st & ~BufferState.REFCOUNT_MASK) | BufferState.REFCOUNT_ONE;
          if (descriptors.compareAndSetState(b, st, mine)) return b;
        }
      }
    };
  }
}
