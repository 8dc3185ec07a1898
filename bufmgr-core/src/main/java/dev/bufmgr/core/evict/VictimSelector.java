package dev.bufmgr.core.evict;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.buffer.UsageRule;

import java.util.Map;


/**
 * A victim selector: the policy that decides which buffer the pool reuses when no free buffer is
 * left. Small on purpose, like libCacheSim's function table ({@code cache.h}) and Caffeine's
 * simulator {@code Policy}: the pool tells the selector about hits, misses, admissions and
 * evictions, and asks it for a victim, which the selector may only take if it can claim it.
 *
 * <p><b>Usage bits.</b> Each buffer's state word carries 8 usage bits owned by the selector (see
 * {@link dev.bufmgr.core.buffer.BufferState}). The pool applies {@link #usageAfterHit} inside the
 * same compare-and-set that pins the buffer, and {@link #initialUsage} when a page is loaded, so a
 * hit costs one atomic operation and the selector needs no callback on the hit path.
 *
 * <p><b>Claiming.</b> {@link #selectVictim} must return a buffer it claimed itself: it read the
 * state word, saw the buffer unpinned ({@code refCount == 0}) and replaced the word by {@link
 * dev.bufmgr.core.buffer.BufferState#claimed(long)} with a compare-and-set. A claimed buffer is
 * pinned by the calling thread, so no other thread can claim it or start using it for another
 * page; the pool may still give it back unused (another thread loaded the same page first, or
 * pinned or dirtied the victim meanwhile), in which case the selector sees {@link #onRelease}
 * instead of {@link #onEvict}: the buffer keeps its page and must stay a candidate.
 *
 * <p><b>Threading contract.</b> One selector serves every thread of its pool.
 * <ul>
 *   <li>{@link #initialUsage}, {@link #usageAfterHit} and {@link #reusableByRing} are pure
 *       functions, called concurrently from any thread, possibly several times per operation
 *       (inside CAS retry loops).
 *   <li>{@link #onMiss}, {@link #selectVictim}, {@link #onEvict} and {@link #onAdmit} run
 *       concurrently on different threads, each for its own miss; for one miss they run on one
 *       thread in the order onMiss, (selectVictim), (onEvict), onAdmit, sharing one {@link
 *       MissContext}. When a free buffer is used, selectVictim and onEvict are skipped; when a ring
 *       reuses a buffer, selectVictim is skipped but onEvict still reports the page that left;
 *       when the pool gives a victim back, onRelease follows selectVictim and the pool asks again.
  <li>Between onMiss and onAdmit of one miss, other misses may run: on a shared pool, and on an
 *       exclusive one when the miss waits for its dirty victim's write (the simulated pipeline
 *       runs other clients meanwhile; {@link MissContext#interleaved} says which). They may load
 *       the missing page and evict it again before this miss loads it once more, so whatever
 *       onMiss found of the page's history (a ghost entry, say) may have changed by onAdmit.
 *   <li>During {@code onEvict} and {@code onAdmit} the calling thread holds the buffer's only
 *       pin, so no other thread can evict it; other threads may still read its state word and
 *       see TAG_VALID clear.
 *   <li>In single-threaded use, the calls come in program order and the selector must implement
 *       its reference semantics (DESIGN.md) exactly.
 * </ul>
 */
public interface VictimSelector extends UsageRule {

  /** The usage bits a page gets when it is loaded through the given strategy. */
  int initialUsage(AccessStrategy strategy);

  /** The usage bits after a hit through the given strategy on a buffer whose bits were {@code usage}. */
  @Override
  int usageAfterHit(int usage, AccessStrategy strategy);

  /**
   * Whether a ring may reuse an unpinned buffer whose usage bits are {@code usage} (PostgreSQL's
   * {@code GetBufferFromRing}: only while the buffer is still "cold", usage count at most 1).
   */
  boolean reusableByRing(int usage);

  /**
   * A hit on {@code buffer} through {@code strategy}, after its usage bits were updated; called
   * only for a selector whose factory declares {@link SelectorFactory.Requirement#HIT_NOTIFICATION}.
   * It runs on the hitting thread, concurrently with any other call. After a pin the buffer is
   * pinned by that thread; after a read hit without a pin ({@code PoolSession.access}) it is not,
   * so on a shared pool the buffer may already be on its way out, or hold another page, by the
   * time the call runs: the selector must tolerate a buffer it no longer holds in its structures.
   * In single-threaded use the call follows the hit in program order.
   */
  default void onHit(int buffer, AccessStrategy strategy) {}

  /** A miss for {@code miss.page()} begins, before any victim is looked for. */
  default void onMiss(MissContext miss) {}

  /**
   * Finds and claims a victim (see the class comment) and returns its buffer number. Records the
   * number of positions examined with {@link MissContext#addTicks}.
   *
   * @throws NoUnpinnedBuffersException when the search finds every buffer pinned
   */
  int selectVictim(MissContext miss);

  /**
   * A victim this selector returned from {@link #selectVictim} is given back unused: it still
   * holds its page, and the calling thread has already dropped its claim.
   */
  default void onRelease(int buffer, MissContext miss) {}

  /** The page {@code page} left {@code buffer}, which the calling thread holds claimed. */
  default void onEvict(int buffer, long page, MissContext miss) {}

  /** {@code miss.page()} was loaded into {@code buffer}, which the calling thread holds pinned. */
  default void onAdmit(int buffer, MissContext miss) {}

  /**
   * How a background cleaner sees this selector's victim search: which buffers it will examine
   * next and which of them are reusable now (see {@link CleaningView}); {@code null} when the
   * selector offers none, and then no background writer can run ahead of it. Called concurrently
   * from any thread; the view is the selector's, made once.
   */
  default CleaningView cleaningView() {
    return null;
  }

  /**
   * The selector's own counts, for result rows beside the pool's (which already count hits,
   * misses, evictions and ticks): names in lower camel case, each the events since the selector
   * was made, in a fixed order. Empty for a selector that keeps none. Exact once the pool's threads
   * have stopped; while they run, each value is a recent one. See {@link SelectorCounter}.
   */
  default Map<String, Long> counters() {
    return Map.of();
  }
}
