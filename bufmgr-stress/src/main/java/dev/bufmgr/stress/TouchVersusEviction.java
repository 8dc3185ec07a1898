package dev.bufmgr.stress;

import static dev.bufmgr.core.buffer.BufferState.REFCOUNT_MASK;
import static dev.bufmgr.core.buffer.BufferState.REPLACEMENT_MASK;
import static dev.bufmgr.core.buffer.BufferState.TAG_VALID;
import static dev.bufmgr.core.buffer.BufferState.USAGE_MASK;
import static dev.bufmgr.core.buffer.BufferState.VALID;
import static dev.bufmgr.core.buffer.BufferState.refCount;
import static dev.bufmgr.core.buffer.BufferState.replacements;
import static dev.bufmgr.core.buffer.BufferState.usage;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
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
import org.openjdk.jcstress.infra.results.ZZI_Result;

/**
 * A pin-less read hit against the eviction of its buffer. One buffer holds page 7, loaded,
 * unpinned, G-CLOCK usage 0 (G-CLOCK from the registry). A reader records a hit on page 7 without
 * a pin ({@link BufferTransitions#touch}, the hit of {@code PoolSession.access} and {@code
 * readDeferred}: usage 0 to 1 in one CAS); an evictor runs G-CLOCK's sweep (which decrements a
 * usage of 1 and takes the buffer on its next tick), takes the buffer from page 7 and re-tags it
 * for page 8 with G-CLOCK's initial usage 1, keeping its pin, as the pool's miss path does. The
 * touch must land on page 7's word or not at all: it must neither bring back page 7's flags on
 * the invalidated word nor raise page 8's usage.
 *
 * <p>The evictor keeps its pin, so the word never returns to one the touch may have read (no ABA):
 * page 8's usage must be exactly 1. {@link BufferTransitions#tryInvalidate} is one read and one
 * CAS of the word, not a loop, so a touch that lands on the claimed word between the two makes
 * the invalidation fail: the buffer keeps page 7 (usage 1, the evictor's claim) and the pool's
 * miss path gives it back and searches again (a victim retry), as after a pin that joined a claim.
 *
 * <p>Result: (touch counted a hit; the evictor re-tagged the buffer; the usage at the end, or -1
 * when the rest of the word or the tag is not what the evictor's outcome leaves: one pin, TAG_VALID
 * and VALID only, tag 8 and one replacement counted when re-tagged, tag 7 and none when not).
 */
@JCStressTest
@Outcome(id = "true, true, 1", expect = ACCEPTABLE,
    desc = "The touch came first, or while the buffer was claimed but still held page 7; the sweep or the re-tag reset the usage.")
@Outcome(id = "false, true, 1", expect = ACCEPTABLE,
    desc = "The touch came after the invalidation (no TAG_VALID) or the re-tag (tag 8) and changed nothing.")
@Outcome(id = "true, false, 1", expect = ACCEPTABLE_INTERESTING,
    desc = "The touch's CAS (usage 0 to 1) fell between the invalidation's read and CAS of the claimed word: the invalidation failed, page 7 stays with the evictor's claim; the pool gives the victim back and retries.")
@Outcome(id = ".*, true, 2", expect = FORBIDDEN,
    desc = "The hit on page 7 raised the usage of page 8's buffer.")
@Outcome(id = ".*, .*, -1", expect = FORBIDDEN,
    desc = "The word or tag is not what the eviction left: flags of page 7 brought back, or a pin lost.")
@Outcome(expect = FORBIDDEN, desc = "Any other usage, or a failed eviction with no touch to explain it.")
@State
public class TouchVersusEviction {
  private static final long PAGE = 7;
  private static final long INCOMING_PAGE = 8;

  private final Descriptors descriptors = StressBuffers.takeOneBuffer();
  private final VictimSelector selector;
  private final MissContext miss = new MissContext();

  public TouchVersusEviction() {
    StressBuffers.install(descriptors, 0, PAGE, 0, 0);
    selector = StressBuffers.gclock(descriptors);
  }

  @Actor
  public void reader(ZZI_Result r) {
    r.r1 = BufferTransitions.touch(descriptors, 0, PAGE, selector, AccessStrategy.NORMAL);
  }

  @Actor
  public void evictor(ZZI_Result r) {
    if (StressBuffers.evict(descriptors, selector, miss, INCOMING_PAGE)) {
      StressBuffers.retag(descriptors, selector, miss, 0, PAGE, INCOMING_PAGE);
      r.r2 = true;
    }
  }

  @Arbiter
  public void finalState(ZZI_Result r) {
    long st = descriptors.state(0);
    boolean consistent = refCount(st) == 1
        && (st & ~(REFCOUNT_MASK | USAGE_MASK | REPLACEMENT_MASK)) == (TAG_VALID | VALID)
        && replacements(st) == (r.r2 ? 1 : 0)
        && descriptors.tag(0) == (r.r2 ? INCOMING_PAGE : PAGE);
    r.r3 = consistent ? usage(st) : -1;
    StressBuffers.giveBack(descriptors);
  }
}
