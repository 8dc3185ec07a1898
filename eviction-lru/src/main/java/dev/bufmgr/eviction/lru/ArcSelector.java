package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.SelectorCounter;
import dev.bufmgr.core.evict.queue.BufferQueue;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * ARC, the adaptive replacement cache (Megiddo and Modha, FAST '03, Fig. 4), following
 * libCacheSim's {@code cache/eviction/ARC.c} (c9efc95) with unit-size objects; PostgreSQL 8.0.0
 * shipped an ARC in {@code freelist.c} before 8.0.2 replaced it with 2Q. With c the pool's
 * buffers: T1 and T2 are LRU lists of the buffers holding pages (T1 seen once since they last
 * entered the cache, T2 more often), B1 and B2 LRU lists of the ids of pages that left T1 and
 * T2, and p the target size of T1.
 *
 * <ul>
 *   <li>A normal hit in T1 moves the page to T2's head; in T2, to T2's head (case I).
 *   <li>A miss whose id B1 holds raises p by max(|B2|/|B1|, 1), at most to c; one whose id B2
 *       holds lowers it by max(|B1|/|B2|, 1), at least to 0 (cases II and III, sizes taken
 *       before the id is removed); the id leaves its list and the page is loaded into T2's head.
 *   <li>Any other miss (case IV) that needs a victim first trims the directory: when
 *       |T1| + |B1| reaches c, B1's oldest id goes, or, with B1 empty, T1's oldest page leaves
 *       without an id; otherwise, when all four lists hold 2c, B2's oldest id goes. The page is
 *       loaded into T1's head.
 *   <li>REPLACE: the victim is T1's oldest page when T1 is not empty and |T1| &gt; p, or |T1| =
 *       p and the missing page's id was in B2, or T2 is empty; otherwise T2's oldest. A page
 *       that leaves T1 enters B1's head, one that leaves T2 enters B2's head.
 * </ul>
 *
 * <p>Where libCacheSim and the paper differ, this follows libCacheSim. (1) p is a real number:
 * the paper does not say whether δ = |B2|/|B1| (or |B1|/|B2|) is rounded; libCacheSim keeps the
 * exact ratio in a {@code double} (its header: an integer first, then a float, as trauzti's
 * ARC.py has it), where PostgreSQL 8.0 divided integers. Against integers this changes
 * decisions: |T1| &gt; p compares with a fraction, and |T1| = p, the tie the B2 rule breaks,
 * needs an integral p. (2) REPLACE also takes from T1 when T2 is empty, which the paper never
 * needs. (3) libCacheSim trims the directory only when a victim is needed, and tests "B1 not
 * empty" where the paper tests |T1| &lt; c with |T1| + |B1| = c; with unit sizes the cache fills
 * before any id is kept and stays full, so the tests agree. (4) Its 2c test is &ge; where the
 * paper's is =; the lists never hold more. (2) to (4) change no decision with unit sizes.
 *
 * <p>In the pool: a search that finds its list pinned from end to end takes the other's oldest
 * unpinned page, and gives up with {@link dev.bufmgr.core.evict.NoUnpinnedBuffersException}
 * when both are pinned; a victim given back keeps its place. The directory is trimmed when the
 * victim's page leaves, so a victim given back changes nothing; a miss served by a free buffer
 * trims nothing (in replay there is no id to trim before the pool is full). B1 and B2 hold at
 * most c ids each, which only concurrent misses could reach. Rings: a ring hit moves nothing
 * and a ring reuses only a buffer no normal hit has touched since it was loaded (as
 * {@code lru-pool} and {@code twoq}); a ring's miss is a case-IV miss whatever the directory
 * holds: the page's id is forgotten without changing p and the page enters T1 (PostgreSQL
 * 8.0's {@code StrategyBufferLookup}: "VACUUM re-reads shouldn't adjust the target"), so a
 * bulk scan never adapts p nor fills T2. A page a ring pushes out enters B1 or B2 like any.
 *
 * <p>Concurrency: the lists, ids and p are guarded by the selector's lock on a shared pool (a
 * normal hit takes it), and by nothing on an exclusive one. A miss whose page another thread
 * loads first has still adapted p.
 */
final class ArcSelector extends ListSelector {
  /** The missing page's id was in B1 (the miss's note; 0: in neither). */
  private static final long FROM_RECENT_GHOST = 1;
  /** The missing page's id was in B2. */
  private static final long FROM_FREQUENT_GHOST = 2;

  private final int capacity;
  private final BufferQueue recent;
  private final BufferQueue frequent;
  private final GhostIds recentGhosts;
  private final GhostIds frequentGhosts;
  private final CleaningView cleaning;
  /** p: the target size of T1, between 0 and c. */
  private double target;
  private final SelectorCounter recentGhostHits;
  private final SelectorCounter frequentGhostHits;
  private final SelectorCounter recentEvictions;
  private final SelectorCounter frequentEvictions;

  ArcSelector(Descriptors descriptors, String name) {
    super(descriptors, name, 2);
    this.capacity = descriptors.frames();
    this.recent = new BufferQueue(capacity);
    this.frequent = new BufferQueue(capacity);
    this.recentGhosts = new GhostIds(capacity);
    this.frequentGhosts = new GhostIds(capacity);
    this.cleaning = tailSweeps(recent, frequent);
    this.recentGhostHits = SelectorCounter.forSharing(descriptors.sharing());
    this.frequentGhostHits = SelectorCounter.forSharing(descriptors.sharing());
    this.recentEvictions = SelectorCounter.forSharing(descriptors.sharing());
    this.frequentEvictions = SelectorCounter.forSharing(descriptors.sharing());
  }

  @Override
  protected void promote(int b) {
    if (recent.contains(b)) {
      recent.unlink(b);
      frequent.pushHead(b);
    } else if (frequent.contains(b)) {
      frequent.pushHead(b);
    }
  }

  @Override
  public void onMiss(MissContext miss) {
    long note;
    if (exclusive) {
      note = adapt(miss);
    } else {
      synchronized (this) {
        note = adapt(miss);
      }
    }
    miss.note(note);
  }

  /** Cases II and III: removes the page's id from B1 or B2 and moves p; returns the miss's note. */
  private long adapt(MissContext miss) {
    long page = miss.page();
    if (miss.strategy().usesRing()) {
      if (!recentGhosts.remove(page)) frequentGhosts.remove(page);
      return 0;
    }
    if (recentGhosts.remove(page)) {
      double delta = Math.max((double) frequentGhosts.size() / (recentGhosts.size() + 1), 1);
      target = Math.min(target + delta, capacity);
      recentGhostHits.increment();
      return FROM_RECENT_GHOST;
    }
    if (frequentGhosts.remove(page)) {
      double delta = Math.max((double) recentGhosts.size() / (frequentGhosts.size() + 1), 1);
      target = Math.max(target - delta, 0);
      frequentGhostHits.increment();
      return FROM_FREQUENT_GHOST;
    }
    return 0;
  }

  @Override
  protected int search(MissContext miss) {
    boolean fromRecent = replacesFromRecent(miss.note() == FROM_FREQUENT_GHOST);
    int b = claimOldest(fromRecent ? 0 : 1, fromRecent ? recent : frequent, miss);
    if (b < 0) b = claimOldest(fromRecent ? 1 : 0, fromRecent ? frequent : recent, miss);
    if (b < 0) throw allPinned();
    return b;
  }

  /**
   * REPLACE's choice. Case IV's "T1 holds c pages and B1 none: T1's oldest" needs no test of its
   * own: T1 then holds every buffer, so T2 is empty.
   */
  private boolean replacesFromRecent(boolean fromFrequentGhost) {
    int t1 = recent.size();
    return t1 > 0 && (t1 > target || (t1 == target && fromFrequentGhost)) || frequent.size() == 0;
  }

  @Override
  protected void leave(int b, long page, MissContext miss) {
    boolean keepId = miss.note() != 0 || trimDirectory();
    if (recent.contains(b)) {
      recent.unlink(b);
      recentEvictions.increment();
      if (keepId) recentGhosts.add(page);
    } else if (frequent.contains(b)) {
      frequent.unlink(b);
      frequentEvictions.increment();
      frequentGhosts.add(page);
    }
  }

  /**
   * Case IV's trimming before REPLACE (libCacheSim's {@code _ARC_evict_miss_on_all_queues});
   * returns false when a page leaving T1 must leave no id (T1 and B1 hold c and B1 is empty).
   */
  private boolean trimDirectory() {
    int l1 = recent.size() + recentGhosts.size();
    if (l1 >= capacity) {
      if (recentGhosts.size() == 0) return false;
      recentGhosts.dropOldest();
    } else if (l1 + frequent.size() + frequentGhosts.size() >= 2L * capacity) {
      frequentGhosts.dropOldest();
    }
    return true;
  }

  /**
   * Loads the page into T1's head, or T2's after a ghost hit. libCacheSim's miss runs at once from
   * its lookup in B1 and B2 to its insertion, so no list holds the id of a cached page. Here other
   * misses may run between this miss's {@link #onMiss} and now ({@link MissContext#interleaved})
   * and may have loaded the page and evicted it again, putting its id back in B1 or B2. The only
   * order of whole misses that fits has this miss come after that eviction, where its lookup finds
   * the id: so a miss that was case IV is looked up again here and, if found, taken as case II or
   * III now (p adapted with the sizes of now, the ghost hit counted, the page into T2); its case
   * IV trimming and REPLACE have been done and stay done. A miss that was a ghost hit already, or
   * a ring's miss, only forgets the id again: one miss adapts p once. Uninterleaved misses (every
   * exact replay) take no second lookup.
   */
  @Override
  protected void admit(int b, MissContext miss) {
    long note = miss.note();
    if (miss.interleaved()) {
      if (note == 0) {
        note = adapt(miss);
      } else if (!recentGhosts.remove(miss.page())) {
        frequentGhosts.remove(miss.page());
      }
    }
    (note == 0 ? recent : frequent).pushHead(b);
  }

  /** Whether B1 or B2 hold {@code page}'s id (for the tests' invariant checks: never a resident page's). */
  boolean ghostHolds(long page) {
    return recentGhosts.contains(page) || frequentGhosts.contains(page);
  }

  /**
   * Normal misses whose id B1 held ({@code recentGhostHits}, p raised) and B2 held ({@code
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

  /** Two sweeps, T1's and T2's, each from its oldest page. Reusable: unpinned. */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }
}
