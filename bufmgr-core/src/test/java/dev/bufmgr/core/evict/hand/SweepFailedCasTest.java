package dev.bufmgr.core.evict.hand;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.buffer.AccessStrategy;
import org.junit.jupiter.api.Test;

/**
 * The sweep counts a compare-and-set that loses to another thread's change of the word between
 * its read and its write. The other thread's change is made from inside the sweep's aging rule,
 * which runs exactly between the two, so the interleaving is fixed; the expected victim, ticks and
 * failures follow from stepping G-CLOCK's rule by hand over four buffers with the hand at 0.
 */
class SweepFailedCasTest {

  private static void setUsage(Descriptors d, int b, int usage) {
    long st = d.state(b);
    assertEquals(true, d.compareAndSetState(b, st, BufferState.withUsage(st, usage)));
  }

  @Test
  void aUsageRaisedBetweenReadAndDecrementIsOneFailureAndTheDecrementIsRetried() {
    try (Descriptors d = Descriptors.allocate(4, 1, Padding.NONE)) {
      for (int b = 0; b < 4; b++) setUsage(d, b, 1);
      boolean[] interfered = {false};
      ClockSweep.Aging rule = usage -> {
        if (!interfered[0]) {
          interfered[0] = true;
          setUsage(d, 0, 2); // a hit on buffer 0
        }
        return usage > 0 ? usage - 1 : ClockSweep.VICTIM;
      };
      MissContext miss = new MissContext();
      miss.begin(7, AccessStrategy.NORMAL, 0);

      int victim = ClockSweep.findVictim(d, new BatchedHand(4, 1), rule, miss, "test");

      // b0: read 1, CAS fails (now 2), re-read 2 -> 1; b1, b2, b3: 1 -> 0; b0: 1 -> 0; b1: 0, the victim.
      assertEquals(1, victim);
      assertEquals(6, miss.ticks());
      assertEquals(1, miss.failedCasCount());
    }
  }

  @Test
  void aPinTakenBetweenReadAndClaimIsOneFailureAndTheBufferIsPassed() {
    try (Descriptors d = Descriptors.allocate(4, 1, Padding.NONE)) {
      boolean[] interfered = {false};
      ClockSweep.Aging rule = usage -> {
        if (!interfered[0]) {
          interfered[0] = true;
          d.getAndAddState(0, BufferState.REFCOUNT_ONE); // another thread pins buffer 0
        }
        return usage > 0 ? usage - 1 : ClockSweep.VICTIM;
      };
      MissContext miss = new MissContext();
      miss.begin(7, AccessStrategy.NORMAL, 0);

      int victim = ClockSweep.findVictim(d, new BatchedHand(4, 1), rule, miss, "test");

      // b0: read usage 0, the claim fails (pinned), re-read: pinned, passed; b1: usage 0, the victim.
      assertEquals(1, victim);
      assertEquals(2, miss.ticks());
      assertEquals(1, miss.failedCasCount());
    }
  }

  @Test
  void aSearchWithoutInterferenceFailsNone() {
    try (Descriptors d = Descriptors.allocate(4, 1, Padding.NONE)) {
      MissContext miss = new MissContext();
      miss.begin(7, AccessStrategy.NORMAL, 0);

      ClockSweep.findVictim(d, new BatchedHand(4, 1), u -> u > 0 ? u - 1 : ClockSweep.VICTIM, miss, "test");

      assertEquals(0, miss.failedCasCount());
      miss.begin(8, AccessStrategy.NORMAL, 0);
      assertEquals(0, miss.failedCasCount());
    }
  }
}
