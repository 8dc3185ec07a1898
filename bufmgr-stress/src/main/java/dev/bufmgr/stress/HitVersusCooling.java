package dev.bufmgr.stress;

import static dev.bufmgr.core.buffer.BufferState.refCount;
import static dev.bufmgr.core.buffer.BufferState.usage;
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
import org.openjdk.jcstress.infra.results.ZII_Result;

/**
 * A hit against HOT/COOL's cooling: both change the usage bits of one word. One buffer holds a
 * page, unpinned, HOT (usage bits 1). A reader pins it (refcount +1 and promotion in one
 * compare-and-set); the other thread runs HOT/COOL's victim search (stock hand) on the one-buffer
 * pool: HOT to COOL, then claim when COOL, give up when it sees the buffer pinned.
 *
 * <p>Result: (victim claimed, pins at the end, usage bits at the end).
 */
@JCStressTest
@Outcome(id = "false, 1, 1", expect = ACCEPTABLE,
    desc = "The pin came first, or came after the cooling and promoted COOL back to HOT; the sweep then saw the buffer pinned and gave up.")
@Outcome(id = "true, 2, 1", expect = ACCEPTABLE,
    desc = "The sweep cooled and claimed first; the pin joined the claim (tag still valid) and promoted COOL to HOT.")
@Outcome(id = "false, 1, 0", expect = FORBIDDEN, desc = "The pin's promotion was lost against the cooling.")
@Outcome(id = "true, 2, 0", expect = FORBIDDEN, desc = "The pin joined the claim but its promotion was lost.")
@Outcome(expect = FORBIDDEN, desc = "A lost pin, claim or usage change.")
@State
public class HitVersusCooling {
  private static final long PAGE = 7;
  private static final long INCOMING_PAGE = 8;

  private final Descriptors descriptors = StressBuffers.takeOneBuffer();
  private final VictimSelector selector;
  private final MissContext miss = new MissContext();

  public HitVersusCooling() {
    StressBuffers.install(descriptors, 0, PAGE, 0, 1);
    selector = StressBuffers.selector("hotcool:batch=1", descriptors);
  }

  @Actor
  public void reader() {
    if (!BufferTransitions.tryPin(descriptors, 0, PAGE, selector, AccessStrategy.NORMAL)) {
      throw new AssertionError("the page never left its buffer, so the pin must succeed");
    }
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
