package dev.bufmgr.bench.stress;

import static dev.bufmgr.core.buffer.BufferState.refCount;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.AccessStrategy;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.pool.BufferTransitions;

/**
 * The state and the three steps shared by the races of a pin against a queue-keeping selector's
 * claim ({@code PinVersusS3FifoClaim}, {@code PinVersusSieveClaim}, {@code PinVersusClockProClaim},
 * {@code PinVersusArcClaim}): one buffer holds page 7, unpinned, usage 0, admitted to the
 * selector as the miss path admits it; a reader pins it, an evictor runs the selector's victim
 * search and takes a claimed buffer from its page, and the arbiter counts the pins left. Each race
 * is its own jcstress class, which takes no parameters, and names its outcomes there.
 */
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
