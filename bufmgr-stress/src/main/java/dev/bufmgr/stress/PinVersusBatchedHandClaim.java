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
 * A pin against a claim through the batched clock hand. Three buffers in one stripe, G-CLOCK with
 * a batched hand of 64 ticks per atomic add ({@code gclock:batch=64}, {@code BatchedHand}, from
 * the registry), so one add claims the whole lap and the thread's cursor wraps within its batch.
 * Buffer 0 is pinned by a third party for the whole test; buffer 1 holds page 7 and buffer 2 page
 * 9, both unpinned at usage 0. A reader pins page 7 ({@link BufferTransitions#tryPin}); an evictor
 * runs the victim search (from the hand's start: 0, 1, 2) and takes its victim from its page.
 * Since buffer 2 stays unpinned the search must always find a victim, never buffer 0, and the pin
 * and the eviction of buffer 1 must never both succeed.
 *
 * <p>Result: (pin succeeded, the victim claimed or -1 when the search gave up, invalidated).
 */
@JCStressTest
@Outcome(id = "true, 2, true", expect = ACCEPTABLE,
    desc = "The pin came first; the sweep passed buffers 0 and 1, both pinned, and took buffer 2.")
@Outcome(id = "true, 1, false", expect = ACCEPTABLE,
    desc = "The sweep claimed buffer 1 first; the pin joined the claim; invalidation refused two pins.")
@Outcome(id = "false, 1, true", expect = ACCEPTABLE,
    desc = "The sweep claimed and invalidated buffer 1 first; the pin saw page 7 gone.")
@Outcome(id = "true, 1, true", expect = FORBIDDEN,
    desc = "Pinned and evicted: the reader holds buffer 1 while it is given to another page.")
@Outcome(id = ".*, -1, .*", expect = FORBIDDEN,
    desc = "The search gave up (no unpinned buffers) while buffer 2 was unpinned all along.")
@Outcome(id = ".*, 0, .*", expect = FORBIDDEN,
    desc = "The sweep claimed buffer 0, which another thread kept pinned.")
@Outcome(expect = FORBIDDEN, desc = "A pin refused on a resident page, or a claim that did not end in an eviction.")
@State
public class PinVersusBatchedHandClaim {
  private static final long PAGE = 7;
  private static final long INCOMING_PAGE = 8;

  private final Descriptors descriptors = StressBuffers.take(3, 1);
  private final VictimSelector selector;
  private final MissContext miss = new MissContext();

  public PinVersusBatchedHandClaim() {
    StressBuffers.install(descriptors, 0, 100, 1, 0);
    StressBuffers.install(descriptors, 1, PAGE, 0, 0);
    StressBuffers.install(descriptors, 2, 9, 0, 0);
    selector = StressBuffers.selector("gclock:batch=64", descriptors);
  }

  @Actor
  public void reader(ZIZ_Result r) {
    r.r1 = BufferTransitions.tryPin(descriptors, 1, PAGE, selector, AccessStrategy.NORMAL);
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
