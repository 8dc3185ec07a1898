package dev.bufmgr.stress;

import static dev.bufmgr.core.buffer.BufferState.refCount;
import static dev.bufmgr.core.buffer.BufferState.usage;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.buffer.BufferTransitions;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZII_Result;

/**
 * An unpin against G-CLOCK's usage decrement. One buffer holds a page, pinned once, usage 1. One
 * thread unpins it ({@link BufferTransitions#unpin}, an atomic add); the other runs G-CLOCK's
 * victim search on the one-buffer pool, which either sees the buffer pinned and gives up, or sees
 * it unpinned, decrements its usage to 0 and claims it on the next tick. Neither the unpin nor the
 * decrement may be lost.
 *
 * <p>Result: (victim claimed, pins at the end, usage at the end).
 */
@JCStressTest
@Outcome(id = "true, 1, 0", expect = ACCEPTABLE,
    desc = "The unpin came first; the sweep decremented usage 1 to 0, then claimed the buffer (the one pin is the claim).")
@Outcome(id = "false, 0, 1", expect = ACCEPTABLE,
    desc = "The sweep saw the buffer pinned and gave up (no unpinned buffers); then the unpin; usage untouched.")
@Outcome(id = "false, 1, .*", expect = FORBIDDEN, desc = "The unpin was lost.")
@Outcome(id = "true, 1, 1", expect = FORBIDDEN, desc = "Claimed without the decrement: a lost decrement.")
@Outcome(expect = FORBIDDEN, desc = "A lost unpin, claim or decrement.")
@State
public class UnpinVersusUsageDecrement {
  private static final long PAGE = 7;
  private static final long INCOMING_PAGE = 8;

  private final Descriptors descriptors = StressBuffers.takeOneBuffer();
  private final VictimSelector selector;
  private final MissContext miss = new MissContext();

  public UnpinVersusUsageDecrement() {
    StressBuffers.install(descriptors, 0, PAGE, 1, 1);
    selector = StressBuffers.gclock(descriptors);
  }

  @Actor
  public void unpinner() {
    BufferTransitions.unpin(descriptors, 0);
  }

  @Actor
  public void evictor(ZII_Result r) {
    r.r1 = StressBuffers.claimVictim(selector, miss, INCOMING_PAGE) == 0;
  }

  @Arbiter
  public void finalState(ZII_Result r) {
    long st = descriptors.state(0);
    r.r2 = refCount(st);
    r.r3 = usage(st);
    StressBuffers.giveBack(descriptors);
  }
}
