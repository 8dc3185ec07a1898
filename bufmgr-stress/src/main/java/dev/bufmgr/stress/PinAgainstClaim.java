package dev.bufmgr.stress;

import static dev.bufmgr.core.buffer.BufferState.refCount;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.buffer.BufferTransitions;
import org.openjdk.jcstress.annotations.Outcome;

/**
 * The state and the three steps shared by the races of a pin against a selector's claim on the
 * global stock hand or a queue ({@code PinVersusEvictionClaim} for G-CLOCK, {@code
 * PinVersusHotCoolClaim}, {@code PinVersusS3FifoClaim}, {@code PinVersusSieveClaim}, {@code
 * PinVersusClockProClaim}, {@code PinVersusArcClaim}): one buffer holds page 7, unpinned, usage 0,
 * admitted to the selector as the miss path admits it (a clock selector keeps nothing on admission); a reader pins it, an evictor runs the selector's victim
 * search and takes a claimed buffer from its page, and the arbiter counts the pins left. Each race
 * is its own jcstress class, which takes no parameters, and takes the outcomes below through
 * {@code @JCStressMeta}: (pin succeeded, invalidation succeeded, pins held at the end).
 */
@Outcome(id = "true, false, 1", expect = ACCEPTABLE,
    desc = "The pin came first; the victim search saw the only buffer pinned and gave up (no unpinned buffers).")
@Outcome(id = "true, false, 2", expect = ACCEPTABLE,
    desc = "The evictor claimed first; the pin joined the claim while the tag was valid; invalidation refused two pins.")
@Outcome(id = "false, true, 1", expect = ACCEPTABLE,
    desc = "The evictor claimed and invalidated first; the pin saw the page gone and took no pin.")
@Outcome(id = "true, true, .*", expect = FORBIDDEN,
    desc = "Pinned and evicted: the reader holds a buffer that is being given to another page.")
@Outcome(expect = FORBIDDEN, desc = "A pin lost or counted twice.")
final class PinAgainstClaim {
  private static final long PAGE = 7;
  private static final long INCOMING_PAGE = 8;

  private final Descriptors descriptors = StressBuffers.takeOneBuffer();
  private final VictimSelector selector;
  private final MissContext miss = new MissContext();

  /** The race for the selector {@code spec}, from the registry. */
  PinAgainstClaim(String spec) {
    StressBuffers.install(descriptors, 0, PAGE, 0, 0);
    selector = StressBuffers.admitted(spec, descriptors, 0, PAGE);
  }

  /** The reader: the pool's hit path ({@link BufferTransitions#tryPin}); whether it pinned. */
  boolean pin() {
    return BufferTransitions.tryPin(descriptors, 0, PAGE, selector, AccessStrategy.NORMAL);
  }

  /** The evictor: the victim search and {@link BufferTransitions#tryInvalidate}; whether the buffer left its page. */
  boolean evict() {
    return StressBuffers.evict(descriptors, selector, miss, INCOMING_PAGE);
  }

  /** The arbiter: the pins held at the end; gives the descriptors back. */
  int pinsLeft() {
    int pins = refCount(descriptors.state(0));
    StressBuffers.giveBack(descriptors);
    return pins;
  }
}
