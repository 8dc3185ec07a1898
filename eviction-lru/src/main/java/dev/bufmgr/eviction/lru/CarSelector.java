package dev.bufmgr.eviction.lru;

import static dev.bufmgr.core.buffer.BufferState.isPinned;

import dev.bufmgr.core.buffer.BufferTransitions;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.SelectorCounter;
import dev.bufmgr.core.evict.queue.BufferQueue;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CAR, CLOCK with Adaptive Replacement (Bansal and Modha, FAST '04), following the paper's
 * pseudocode (its Fig. 2) line by line; libCacheSim has no CAR. With c the pool's buffers: T1 and
 * T2 are clocks of the buffers holding pages (T1 seen once since they last entered the cache, T2
 * more often), each page with a reference bit; B1 and B2 are LRU lists of the ids of pages that
 * left T1 and T2; p is T1's target size.
 *
 * <ul>
 *   <li>Hit (line 1): the page's reference bit is set; nothing moves.
 *   <li>Miss in a full cache (lines 3 to 6): REPLACE, then, for an id in neither B1 nor B2, B1's
 *       LRU id leaves when |T1| + |B1| = c, else B2's when all four lists hold 2c.
 *   <li>The page is loaded (lines 7 to 9) at T1's tail, or, for an id in B1, at T2's tail with p
 *       raised by max(1, |B2| / |B1|), at most c, or, for an id in B2, at T2's tail with p
 *       lowered by max(1, |B1| / |B2|), at least 0; its bit 0.
 *   <li>REPLACE (lines 23 to 34): while |T1| &ge; max(1, p), T1's head page with bit 0 leaves
 *       for B1's MRU end and ends the loop, one with bit 1 has it cleared and moves to T2's tail;
 *       otherwise T2's head page with bit 0 leaves for B2's MRU end and ends the loop, one with
 *       bit 1 has it cleared and moves to T2's tail.
 * </ul>
 *
 * <p>Choices the paper leaves open: p is a real number and the ratios are not rounded, as
 * libCacheSim's ARC keeps them ({@link ArcSelector}); the sizes in lines 8 and 9 are taken with
 * the page's id still in its list. The trimming tests of lines 5 and 6 are &ge; where the paper
 * writes =, which changes nothing while the lists keep the paper's bounds. B1 and B2 hold at most
 * 2c ids each, which only concurrent misses could reach: between REPLACE and line 9, B1 alone can
 * hold c + 1 ids.
 *
 * <p>In the pool: REPLACE passes a pinned head page with bit 0 to its clock's tail, bit kept;
 * once it has passed, since it last cleared a bit, as many pages of one clock that way as the clock
 * holds, it takes from the other clock only, and
 * gives up with {@link dev.bufmgr.core.evict.NoUnpinnedBuffersException} when both are passed
 * through. A victim given back keeps its place; the bits REPLACE cleared and the pages it moved to
 * T2 stay so. Lines 5 and 6 run when the victim's page leaves, so a victim given back trims
 * nothing; a miss served by a free buffer runs no REPLACE and trims nothing (the paper's cache is
 * not full). Rings: a ring hit sets no bit, a ring reuses only a buffer no normal hit has touched
 * since it was loaded, and the page a ring pushes out enters B1 or B2 like any. Concurrency: the
 * clocks, bits, ids and p are guarded by the selector's lock on a shared pool (every normal hit
 * takes it), by nothing on an exclusive one.
 */
final class CarSelector extends ListSelector {
  private final int capacity;
  private final BufferQueue recent;
  private final BufferQueue frequent;
  private final boolean[] referenced;
  private final GhostIds recentGhosts;
  private final GhostIds frequentGhosts;
  private final CleaningView cleaning;
  /** p: the target size of T1, between 0 and c. */
  private double target;
  private final SelectorCounter recentGhostHits;
  private final SelectorCounter frequentGhostHits;
  private final SelectorCounter recentEvictions;
  private final SelectorCounter frequentEvictions;

  CarSelector(Descriptors descriptors, String name) {
    super(descriptors, name, 2);
    this.capacity = descriptors.frames();
    this.recent = new BufferQueue(capacity);
    this.frequent = new BufferQueue(capacity);
    this.referenced = new boolean[capacity];
    this.recentGhosts = new GhostIds(2 * capacity);
    this.frequentGhosts = new GhostIds(2 * capacity);
    this.cleaning = tailSweeps((b, st) -> !isPinned(st) && !referenced[b], recent, frequent);
    this.recentGhostHits = SelectorCounter.forSharing(descriptors.sharing());
    this.frequentGhostHits = SelectorCounter.forSharing(descriptors.sharing());
    this.recentEvictions = SelectorCounter.forSharing(descriptors.sharing());
    this.frequentEvictions = SelectorCounter.forSharing(descriptors.sharing());
  }

  @Override
  protected void promote(int b) {
    if (recent.contains(b) || frequent.contains(b)) referenced[b] = true;
  }

  /** REPLACE: claims the first page with bit 0 at a clock's head, as the paper's loop finds it. */
  @Override
  protected int search(MissContext miss) {
    boolean recentStuck = false;
    boolean frequentStuck = false;
    int recentPassed = 0;
    int frequentPassed = 0;
    long ticks = 0;
    try {
      while (true) {
        boolean fromRecent = recent.size() >= Math.max(1, target);
        if (fromRecent && (recentStuck || recent.size() == 0)) {
          fromRecent = false;
        } else if (!fromRecent && (frequentStuck || frequent.size() == 0)) {
          fromRecent = true;
        }
        BufferQueue clock = fromRecent ? recent : frequent;
        if (clock.size() == 0 || (fromRecent ? recentStuck : frequentStuck)) throw allPinned();
        int b = clock.tail();
        ticks++;
        examined(fromRecent ? 0 : 1, 1);
        if (referenced[b]) {
          referenced[b] = false;
          recentPassed = 0;
          frequentPassed = 0;
          clock.unlink(b);
          frequent.pushHead(b);
          continue;
        }
        long st = descriptors.state(b);
        if (!isPinned(st) && BufferTransitions.tryClaim(descriptors, b, st)) return b;
        clock.pushHead(b);
        if (fromRecent) {
          recentStuck = ++recentPassed >= recent.size();
        } else {
          frequentStuck = ++frequentPassed >= frequent.size();
        }
      }
    } finally {
      miss.addTicks(ticks);
    }
  }

  @Override
  protected void leave(int b, long page, MissContext miss) {
    if (recent.contains(b)) {
      recent.unlink(b);
      recentEvictions.increment();
      recentGhosts.add(page);
    } else if (frequent.contains(b)) {
      frequent.unlink(b);
      frequentEvictions.increment();
      frequentGhosts.add(page);
    } else {
      return;
    }
    referenced[b] = false;
    long x = miss.page();
    if (recentGhosts.contains(x) || frequentGhosts.contains(x)) return;
    if (recent.size() + recentGhosts.size() >= capacity) {
      recentGhosts.dropOldest();
    } else if (recent.size() + frequent.size() + recentGhosts.size() + frequentGhosts.size() >= 2L * capacity) {
      frequentGhosts.dropOldest();
    }
  }

  @Override
  protected void admit(int b, MissContext miss) {
    long x = miss.page();
    referenced[b] = false;
    if (recentGhosts.contains(x)) {
      double delta = Math.max(1, (double) frequentGhosts.size() / recentGhosts.size());
      target = Math.min(target + delta, capacity);
      recentGhosts.remove(x);
      recentGhostHits.increment();
      frequent.pushHead(b);
    } else if (frequentGhosts.contains(x)) {
      double delta = Math.max(1, (double) recentGhosts.size() / frequentGhosts.size());
      target = Math.max(target - delta, 0);
      frequentGhosts.remove(x);
      frequentGhostHits.increment();
      frequent.pushHead(b);
    } else {
      recent.pushHead(b);
    }
  }

  /** Whether B1 or B2 hold {@code page}'s id (for the tests' invariant checks: never a resident page's). */
  boolean ghostHolds(long page) {
    return recentGhosts.contains(page) || frequentGhosts.contains(page);
  }

  /**
   * Misses whose id B1 held ({@code recentGhostHits}, p raised) and B2 held ({@code
   * frequentGhostHits}, p lowered), and pages that left T1 ({@code recentEvictions}) and T2
   * ({@code frequentEvictions}).
   */
  @Override
  public Map<String, Long> counters() {
    Map<String, Long> c = new LinkedHashMap<>();
    c.put("recentGhostHits", recentGhostHits.sum());
    c.put("frequentGhostHits", frequentGhostHits.sum());
    c.put("recentEvictions", recentEvictions.sum());
    c.put("frequentEvictions", frequentEvictions.sum());
    return c;
  }

  /** Two sweeps, T1's and T2's clocks, each from its head. Reusable: unpinned with bit 0. */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }
}
