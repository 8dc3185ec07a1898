package dev.bufmgr.bench.stress;

import static dev.bufmgr.core.buffer.BufferState.TAG_VALID;
import static dev.bufmgr.core.buffer.BufferState.VALID;
import static dev.bufmgr.core.buffer.BufferState.withUsage;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.Admission;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.evict.SelectorSpec;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.pool.AccessStrategy;
import dev.bufmgr.core.pool.BufferTransitions;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Small descriptor arrays for the jcstress tests, recycled between test states. jcstress builds
 * millions of states; a fresh {@link Descriptors} allocates its stripes on a thread of their own
 * and costs about a millisecond, so each state takes an array from here, resets the words it uses
 * with {@link #install}, and its arbiter gives the array back once both actors have finished.
 * The selectors are created fresh for each state, from the registry, as the pool creates them.
 */
final class StressBuffers {
  private StressBuffers() {}

  private static final SelectorRegistry REGISTRY = SelectorRegistry.load();
  private static final ConcurrentLinkedQueue<Descriptors> ONE_BUFFER = new ConcurrentLinkedQueue<>();

  /**
   * A one-buffer shared descriptor array, with a selector word (for the selectors that keep one),
   * whose words the caller must set with {@link #install}.
   */
  static Descriptors takeOneBuffer() {
    Descriptors d = ONE_BUFFER.poll();
    return d != null ? d : Descriptors.allocate(1, 1, Padding.NONE, Sharing.SHARED, true);
  }

  /** Returns an array taken by {@link #takeOneBuffer}; no thread may use it afterwards. */
  static void giveBack(Descriptors d) {
    ONE_BUFFER.offer(d);
  }

  /**
   * Makes buffer {@code b} hold {@code page}, loaded (TAG_VALID and VALID), with {@code pins}
   * pins and usage bits {@code usage}, no other flag, page LSN 0 and selector word 0. Only while
   * no other thread uses the array.
   */
  static void install(Descriptors d, int b, long page, int pins, int usage) {
    d.setTag(b, page);
    d.resetLsn(b);
    if (!d.compareAndSetSelectorWord(b, d.selectorWord(b), 0)) {
      throw new IllegalStateException("buffer " + b + "'s selector word changed while a test state was being set up");
    }
    long wanted = withUsage(pins | TAG_VALID | VALID, usage);
    long st = d.state(b);
    if (!d.compareAndSetState(b, st, wanted)) {
      throw new IllegalStateException("buffer " + b + " changed while a test state was being set up");
    }
  }

  /** The selector {@code spec} names, created through the registry. */
  static VictimSelector selector(String spec, Descriptors d) {
    return REGISTRY.create(SelectorSpec.parse(spec), d);
  }

  /** G-CLOCK with its defaults (maxUsage 5, stock hand), created through the registry. */
  static VictimSelector gclock(Descriptors d) {
    return REGISTRY.create(SelectorSpec.parse("gclock"), d);
  }

  /**
   * The evictor's step of a miss for {@code incomingPage}: the selector's victim search, as the
   * pool runs it. Returns the claimed buffer, or -1 when the search found every buffer pinned.
   */
  static int claimVictim(VictimSelector selector, Admission admission, long incomingPage) {
    admission.begin(incomingPage, AccessStrategy.NORMAL, 0);
    try {
      return selector.selectVictim(admission);
    } catch (NoUnpinnedBuffersException allPinned) {
      return -1;
    }
  }

  /**
   * A whole eviction up to the point where the buffer leaves its page: {@link #claimVictim}, then
   * {@link BufferTransitions#tryInvalidate}. Returns whether the buffer was taken from its page.
   */
  static boolean evict(Descriptors d, VictimSelector selector, Admission admission, long incomingPage) {
    int victim = claimVictim(selector, admission, incomingPage);
    return victim >= 0 && BufferTransitions.tryInvalidate(d, victim, true);
  }
}
