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
import org.openjdk.jcstress.infra.results.ZJZ_Result;

/**
 * The re-tag after an eviction against a pin of the old page. One buffer holds page 7, unpinned,
 * COOL (HOT/COOL from the registry, whose loaded pages are COOL too). A reader has looked page 7
 * up and found this buffer, and pins it ({@link BufferTransitions#tryPin}: word, tag check, CAS);
 * an evictor claims the buffer through HOT/COOL's sweep, takes it from page 7 ({@link
 * BufferTransitions#tryInvalidate}) and re-tags it for page 8 (new tag, {@link
 * BufferTransitions#publishTag} with the initial usage, the selector told), keeping its pin, as
 * the pool's miss path does. The reader must either pin the buffer while it still holds page 7 or
 * fail (the pool then looks the page up again); it must never hold a pin on the buffer holding
 * page 8 believing it holds page 7.
 *
 * <p>HOT/COOL is chosen because the claimed word (one pin, TAG_VALID, VALID, COOL) equals the word
 * after the re-tag in every bit but the replacement count: a reader that read the word and the old
 * tag just before the re-tag would find its CAS succeeding on page 8's buffer (ABA) but for that
 * count, which the invalidation raised.
 *
 * <p>Result: (pin succeeded, the tag the reader saw while holding its pin or 0, re-tagged).
 */
@JCStressTest
@Outcome(id = "true, 7, false", expect = ACCEPTABLE,
    desc = "The pin came first (the sweep gave up), or joined the evictor's claim while the tag was valid and the invalidation refused two pins.")
@Outcome(id = "false, 0, true", expect = ACCEPTABLE,
    desc = "The evictor took the buffer first; the pin saw page 7 gone (no tag, or tag 8), or its CAS met the re-tagged word, whose replacement count differs.")
@Outcome(id = "true, 8, .*", expect = FORBIDDEN,
    desc = "Wrong page: the reader holds a pin on the buffer holding page 8 and believes it holds page 7.")
@Outcome(id = "true, 7, true", expect = FORBIDDEN,
    desc = "Pinned and re-tagged: the reader's page left its buffer under its pin.")
@Outcome(expect = FORBIDDEN, desc = "A pin taken without a page, or neither thread succeeded.")
@State
public class RetagVersusPin {
  private static final long PAGE = 7;
  private static final long INCOMING_PAGE = 8;

  private final Descriptors descriptors = StressBuffers.takeOneBuffer();
  private final VictimSelector selector;
  private final MissContext miss = new MissContext();

  public RetagVersusPin() {
    StressBuffers.install(descriptors, 0, PAGE, 0, 0);
    selector = StressBuffers.selector("hotcool", descriptors);
  }

  @Actor
  public void reader(ZJZ_Result r) {
    if (BufferTransitions.tryPin(descriptors, 0, PAGE, selector, AccessStrategy.NORMAL)) {
      r.r1 = true;
      r.r2 = descriptors.tag(0);
    }
  }

  @Actor
  public void evictor(ZJZ_Result r) {
    if (StressBuffers.evict(descriptors, selector, miss, INCOMING_PAGE)) {
      StressBuffers.retag(descriptors, selector, miss, 0, PAGE, INCOMING_PAGE);
      r.r3 = true;
    }
  }

  @Arbiter
  public void done(ZJZ_Result r) {
    StressBuffers.giveBack(descriptors);
  }
}
