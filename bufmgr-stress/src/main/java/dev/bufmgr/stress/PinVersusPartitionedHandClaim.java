package dev.bufmgr.stress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.buffer.BufferTransitions;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZIZ_Result;

/**
 * A pin against a claim through the partitioned clock hand, on its stealing path. Four buffers in
 * two stripes ({0, 1} and {2, 3}), G-CLOCK with one hand per stripe, 8 ticks per atomic add
 * ({@code gclock:hand=partitioned,batch=8}, {@code PartitionedHand}, from the registry). The
 * evictor's cursor is the hand's first, so its home is stripe 0, whose buffers 0 and 1 another
 * thread keeps pinned: after a lap of its home stripe it must steal from stripe 1. Buffer 2 holds
 * page 7 and buffer 3 page 9, both unpinned at usage 0. A reader pins page 7 ({@link
 * BufferTransitions#tryPin}); the evictor runs the victim search (0, 1, then 2, 3) and takes its
 * victim from its page. Since buffer 3 stays unpinned the search must always find a victim in
 * stripe 1, and the pin and the eviction of buffer 2 must never both succeed.
 *
 * <p>Result: (pin succeeded, the victim claimed or -1 when the search gave up, invalidated).
 */
@JCStressTest
@Outcome(id = "true, 3, true", expect = ACCEPTABLE,
    desc = "The pin came first; the sweep passed stripe 0, stole, passed buffer 2, pinned, and took buffer 3.")
@Outcome(id = "true, 2, false", expect = ACCEPTABLE,
    desc = "The sweep stole and claimed buffer 2 first; the pin joined the claim; invalidation refused two pins.")
@Outcome(id = "false, 2, true", expect = ACCEPTABLE,
    desc = "The sweep stole, claimed and invalidated buffer 2 first; the pin saw page 7 gone.")
@Outcome(id = "true, 2, true", expect = FORBIDDEN,
    desc = "Pinned and evicted: the reader holds buffer 2 while it is given to another page.")
@Outcome(id = ".*, -1, .*", expect = FORBIDDEN,
    desc = "The search gave up (no unpinned buffers) while buffer 3 was unpinned all along.")
@Outcome(id = ".*, [01], .*", expect = FORBIDDEN,
    desc = "The sweep claimed buffer 0 or 1, which another thread kept pinned.")
@Outcome(expect = FORBIDDEN, desc = "A pin refused on a resident page, or a claim that did not end in an eviction.")
@State
public class PinVersusPartitionedHandClaim {
  private static final long PAGE = 7;
  private static final long INCOMING_PAGE = 8;

  private final Descriptors descriptors = StressBuffers.take(4, 2);
  private final VictimSelector selector;
  private final MissContext miss = new MissContext();

  public PinVersusPartitionedHandClaim() {
    StressBuffers.install(descriptors, 0, 100, 1, 0);
    StressBuffers.install(descriptors, 1, 101, 1, 0);
    StressBuffers.install(descriptors, 2, PAGE, 0, 0);
    StressBuffers.install(descriptors, 3, 9, 0, 0);
    selector = StressBuffers.selector("gclock:hand=partitioned,batch=8", descriptors);
  }

  @Actor
  public void reader(ZIZ_Result r) {
    r.r1 = BufferTransitions.tryPin(descriptors, 2, PAGE, selector, AccessStrategy.NORMAL);
  }

  @Actor
  public void evictor(ZIZ_Result r) {
    int victim = StressBuffers.claimVictim(selector, miss, INCOMING_PAGE);
    r.r2 = victim;
    r.r3 = victim >= 0 && BufferTransitions.tryInvalidate(descriptors, victim, true);
  }

  @Arbiter
  public void done(ZIZ_Result r) {
    StressBuffers.giveBack(descriptors);
  }
}
