package dev.bufmgr.stress;

import static dev.bufmgr.core.buffer.BufferState.TAG_VALID;
import static dev.bufmgr.core.buffer.BufferState.VALID;
import static dev.bufmgr.core.buffer.BufferState.withUsage;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.buffer.BufferTransitions;
import java.util.concurrent.ConcurrentHashMap;
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
  /** Arrays given back, by shape: frames * 64 + stripes. */
  private static final ConcurrentHashMap<Integer, ConcurrentLinkedQueue<Descriptors>> FREE = new ConcurrentHashMap<>();

  /**
   * A one-buffer shared descriptor array, with a selector word (for the selectors that keep one),
   * whose words the caller must set with {@link #install}.
   */
  static Descriptors takeOneBuffer() {
    return take(1, 1);
  }

  /**
   * A shared descriptor array of {@code frames} buffers in {@code stripes} stripes (fewer than 64),
   * with selector words, whose words the caller must set with {@link #install} (every buffer).
   */
  static Descriptors take(int frames, int stripes) {
    Descriptors d = FREE.computeIfAbsent(shape(frames, stripes), k -> new ConcurrentLinkedQueue<>()).poll();
    return d != null ? d : Descriptors.allocate(frames, stripes, Padding.NONE, Sharing.SHARED, true);
  }

  /** Returns an array taken by {@link #take} or {@link #takeOneBuffer}; no thread may use it afterwards. */
  static void giveBack(Descriptors d) {
    FREE.computeIfAbsent(shape(d.frames(), d.stripes()), k -> new ConcurrentLinkedQueue<>()).offer(d);
  }

  private static int shape(int frames, int stripes) {
    return frames * 64 + stripes;
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
    return REGISTRY.create(Spec.parse(spec), d);
  }

  /**
   * The rest of the eviction of a claimed buffer that held {@code oldPage}, as the pool's miss
   * path runs it once {@link BufferTransitions#tryInvalidate} has succeeded (metadata mode, so
   * there is nothing to load): set the new tag, publish it with the selector's initial usage, and
   * tell the selector of the eviction and of the miss. The buffer stays pinned by the caller.
   * The mapping table, which the pool updates under its partition locks meanwhile, is not part of
   * these one-buffer tests: a reader here has already looked the buffer up.
   */
  static void retag(Descriptors d, VictimSelector selector, MissContext miss, int b, long oldPage, long newPage) {
    d.setTag(b, newPage);
    d.resetLsn(b);
    BufferTransitions.publishTag(d, b, selector.initialUsage(miss.strategy()), false);
    selector.onEvict(b, oldPage, miss);
    selector.onAdmit(b, miss);
  }

  /**
   * The selector {@code spec} names, created through the registry and told that buffer {@code b}
   * was loaded with {@code page} by a normal miss, as the pool's miss path tells it ({@code
   * onAdmit}): for selectors that keep queues or lists (S3-FIFO, SIEVE, CLOCK-Pro, ARC), whose
   * victim search only looks at buffers they were given.
   */
  static VictimSelector admitted(String spec, Descriptors d, int b, long page) {
    VictimSelector selector = selector(spec, d);
    MissContext loaded = new MissContext();
    loaded.begin(page, AccessStrategy.NORMAL, 0);
    selector.onMiss(loaded);
    selector.onAdmit(b, loaded);
    return selector;
  }

  /** G-CLOCK with its defaults (maxUsage 5, stock hand), created through the registry. */
  static VictimSelector gclock(Descriptors d) {
    return REGISTRY.create(Spec.parse("gclock"), d);
  }

  /**
   * The evictor's step of a miss for {@code incomingPage}: the selector's victim search, as the
   * pool runs it. Returns the claimed buffer, or -1 when the search found every buffer pinned.
   */
  static int claimVictim(VictimSelector selector, MissContext miss, long incomingPage) {
    miss.begin(incomingPage, AccessStrategy.NORMAL, 0);
    try {
      return selector.selectVictim(miss);
    } catch (NoUnpinnedBuffersException allPinned) {
      return -1;
    }
  }

  /**
   * A whole eviction up to the point where the buffer leaves its page: {@link #claimVictim}, then
   * {@link BufferTransitions#tryInvalidate}. Returns whether the buffer was taken from its page.
   */
  static boolean evict(Descriptors d, VictimSelector selector, MissContext miss, long incomingPage) {
    int victim = claimVictim(selector, miss, incomingPage);
    return victim >= 0 && BufferTransitions.tryInvalidate(d, victim, true);
  }
}
