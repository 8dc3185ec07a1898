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
 * LIRS (Jiang and Zhang, SIGMETRICS '02), following libCacheSim's {@code
 * cache/eviction/LIRS.c} at aa0fc40 (the file last changed in 7e3f484) with unit-size objects,
 * function by function ({@code LIRS_find}, {@code LIRS_can_insert}, {@code LIRS_evict}, {@code
 * LIRS_insert}, {@code evictLIR}, {@code evictHIR}, {@code LIRS_prune}, {@code limitStack}).
 * With C the pool's buffers: Q holds at most {@code max(1, (long) (hir x C))} resident HIR pages
 * (libCacheSim's {@code hirs_ratio}, 0.01), the LIR set the rest; the stack S holds LIR pages,
 * resident HIR pages and non-resident HIR ids in recency order, its bottom always a LIR page
 * (pruning), and at most {@code stack} x C entries (libCacheSim's {@code limitStack}, 2): past
 * that the oldest non-resident ids leave.
 *
 * <ul>
 *   <li>Hit on a LIR page: to S's top, then prune.
 *   <li>Hit on a resident HIR page in S: it leaves Q and becomes LIR; while the LIR set is full
 *       S's bottom LIR page is demoted to Q's head (Q's oldest page leaving the cache while Q is
 *       full), then S is pruned.
 *   <li>Hit on a resident HIR page not in S: to Q's head and S's top, staying HIR.
 *   <li>Miss on a non-resident HIR id in S: to S's top; LIR pages are demoted until the LIR set
 *       has room, and the page is loaded as LIR.
 *   <li>Any other miss: while the LIR set has room the page is loaded as LIR; otherwise, Q's
 *       oldest pages leave while Q is full, and the page is loaded as resident HIR at S's top
 *       and Q's head.
 * </ul>
 *
 * <p>Where the paper and libCacheSim differ, this follows libCacheSim. (1) A hit on a resident
 * HIR page not in S demotes S's bottom LIR page while the LIR set is full, as {@code
 * hit_RD_HIRinQ} does; the paper leaves the LIR set alone. Q being full, the demoted page pushes
 * Q's oldest page out of the cache on that hit, and the LIR set stays a page short until a miss
 * loads a new page straight into it (the paper never lets a new page in as LIR once the set has
 * filled). (2) S is bounded at 2C entries ({@code limitStack}); the paper bounds it only in its
 * discussion. (3) Q's share is 1% of C, at least one page, as the paper's experiments use.
 *
 * <p>In the pool a page cannot leave its buffer on a hit: the page (1) pushes out is
 * <em>dropped</em>, held in a queue whose buffers the next misses take first, while libCacheSim's
 * cache stays that many pages short until those misses refill it. A request for a dropped page
 * before its buffer is reused is a hit here and a miss in libCacheSim, and the page re-enters as a
 * missed page would. With Q of one page (C under 200 at the default) libCacheSim's hit can push
 * out the very page it hits and keep a resident entry for it in S without holding it; here that
 * page stays and the demoted one is dropped instead.
 *
 * <p>Victims: the dropped buffers first, oldest first; then, for a miss that found every one
 * pinned, Q's oldest unpinned page, then S's lowest unpinned LIR page, which leave as libCacheSim's
 * {@code LIRS_remove} takes a page; a victim given back keeps its place, and {@link
 * dev.bufmgr.core.evict.NoUnpinnedBuffersException} when all are pinned. Rings: a ring hit moves
 * nothing, a ring's miss is a miss like any, a ring reuses only a buffer no normal hit has touched
 * since it was loaded, and the page it pushes out leaves as {@code LIRS_remove} takes it.
 * Concurrency: the lists are guarded by the selector's lock on a shared pool (every normal hit
 * takes it), by nothing on an exclusive one. A miss publishes its page before it reports the page
 * that left its victim, so another miss can load that page elsewhere, and a hit can reach the
 * victim, first: a load of a page LIRS still holds resident elsewhere removes it from there
 * first, and a hit on a dropped buffer whose page has changed moves nothing (its miss reports
 * soon). Without both, a buffer could leave every list for good and never be a victim again.
 */
final class LirsSelector extends ListSelector {
  /** One page LIRS knows: in S, in Q, or both. */
  private static final class Entry {
    final long page;
    int buffer = -1;
    boolean lir;
    boolean resident;
    boolean inQ;

    Entry(long page) {
      this.page = page;
    }
  }

  private final int capacity;
  private final int hirsLimit;
  private final int lirsLimit;
  private final long stackLimit;
  private int lirsCount;
  private int hirsCount;
  /** The stack S, oldest (bottom) first. */
  private final LinkedHashMap<Long, Entry> stack = new LinkedHashMap<>();
  /** The non-resident HIR ids in S, oldest first (libCacheSim's {@code LRU_nh}). */
  private final LinkedHashMap<Long, Entry> nonResident = new LinkedHashMap<>();
  /** Q: the resident HIR pages, oldest at the tail. */
  private final BufferQueue q;
  private final BufferQueue dropped;
  private final Entry[] entryOf;
  private final long[] pageOf;
  private final CleaningView cleaning;
  private final SelectorCounter demotions;
  private final SelectorCounter droppedOnHit;
  private final SelectorCounter droppedHits;
  private final SelectorCounter nonResidentHits;
  /** Whether a hit is being served: a page evictHIR pushes out then counts as dropped on a hit. */
  private boolean hitting;

  LirsSelector(Descriptors descriptors, double hirRatio, double stackFactor, String name) {
    super(descriptors, name, 3);
    this.capacity = descriptors.frames();
    this.hirsLimit = (int) Math.min(capacity, Math.max(1, (long) (hirRatio * capacity)));
    this.lirsLimit = capacity - hirsLimit;
    this.stackLimit = (long) (stackFactor * capacity);
    this.q = new BufferQueue(capacity);
    this.dropped = new BufferQueue(capacity);
    this.entryOf = new Entry[capacity];
    this.pageOf = new long[capacity];
    this.cleaning = tailSweeps(dropped, q);
    this.demotions = SelectorCounter.forSharing(descriptors.sharing());
    this.droppedOnHit = SelectorCounter.forSharing(descriptors.sharing());
    this.droppedHits = SelectorCounter.forSharing(descriptors.sharing());
    this.nonResidentHits = SelectorCounter.forSharing(descriptors.sharing());
  }

  @Override
  protected void promote(int b) {
    hitting = true;
    try {
      hit(b);
    } finally {
      hitting = false;
    }
  }

  private void hit(int b) {
    if (dropped.contains(b)) {
      if (descriptors.tag(b) != pageOf[b]) return;
      dropped.unlink(b);
      droppedHits.increment();
      long page = pageOf[b];
      prepareMiss(page);
      insert(page, b);
      limitStack();
      return;
    }
    Entry e = entryOf[b];
    if (e == null) return;
    boolean inStack = stack.get(e.page) == e;
    if (inStack) stack.putLast(e.page, e);
    if (e.inQ) q.pushHead(b);
    if (inStack && e.lir) {
      prune();
    } else if (inStack) {
      hitResidentHirInStack(e);
    } else if (e.inQ) {
      hitResidentHirInQ(e);
    }
    limitStack();
  }

  /** libCacheSim's {@code hit_RD_HIRinS}. */
  private void hitResidentHirInStack(Entry e) {
    if (e.inQ) {
      q.unlink(e.buffer);
      e.inQ = false;
      hirsCount--;
    }
    while (lirsCount + 1 > lirsLimit && lirsCount > 0) evictLir();
    e.lir = true;
    lirsCount++;
  }

  /** libCacheSim's {@code hit_RD_HIRinQ}, keeping the hit page where Q has room for one page only. */
  private void hitResidentHirInQ(Entry e) {
    int b = e.buffer;
    while (lirsCount + 1 > lirsLimit && lirsCount > 0) evictLir();
    if (!e.resident) {
      dropped.unlink(b);
      e.resident = true;
      e.buffer = b;
      entryOf[b] = e;
      e.inQ = true;
      q.pushHead(b);
      hirsCount++;
      while (hirsCount > hirsLimit) evictHir();
    }
    stack.putLast(e.page, e);
  }

  @Override
  public void onMiss(MissContext miss) {
    if (exclusive) {
      prepareMiss(miss.page());
      return;
    }
    synchronized (this) {
      prepareMiss(miss.page());
    }
  }

  /**
   * A miss up to its insertion: {@code LIRS_find}'s move to S's top, {@code LIRS_can_insert}, and
   * {@code cache_get_base}'s loop over {@code LIRS_evict} while the cache is full.
   */
  private void prepareMiss(long page) {
    Entry e = stack.get(page);
    if (e != null) {
      if (e.resident) return;
      stack.putLast(page, e);
      nonResidentHits.increment();
      while (lirsCount + 1 > lirsLimit && lirsCount > 0) evictLir();
      nonResident.remove(page);
    } else if (lirsCount + 1 > lirsLimit && hirsCount + 1 > hirsLimit) {
      while (hirsCount + 1 > hirsLimit && q.size() > 0) evictHir();
    }
    while (lirsCount + hirsCount + 1 > capacity) {
      int before = lirsCount + hirsCount;
      Entry s = stack.get(page);
      if (s != null && !s.lir && !s.resident) {
        while (hirsCount >= hirsLimit && q.size() > 0) evictHir();
        if (lirsCount > 0) evictLir();
      } else if (s == null && lirsCount + 1 > lirsLimit && hirsCount + 1 > hirsLimit && q.size() > 0) {
        evictHir();
      }
      if (lirsCount + hirsCount >= before) break;
    }
  }

  /**
   * {@code LIRS_insert}: {@code page} was loaded into {@code b}. On a shared pool the page may
   * still be resident in another buffer, which a miss took and filled but whose departure it has
   * not reported yet ({@link #leave}): the page left that buffer first, so it leaves LIRS's lists
   * as {@code LIRS_remove} takes it and this miss is prepared again, as one that came after.
   */
  private void insert(long page, int b) {
    pageOf[b] = page;
    Entry e = stack.get(page);
    if (e != null && e.resident && e.buffer != b) {
      remove(e.buffer);
      prepareMiss(page);
      e = stack.get(page);
    }
    if (e != null && !e.lir && !e.resident) {
      e.lir = true;
      lirsCount++;
    } else if (e == null) {
      e = new Entry(page);
      stack.put(page, e);
      if (lirsCount + 1 <= lirsLimit) {
        e.lir = true;
        lirsCount++;
      } else {
        e.inQ = true;
        q.pushHead(b);
        hirsCount++;
      }
    } else {
      return;
    }
    e.resident = true;
    e.buffer = b;
    entryOf[b] = e;
  }

  /** {@code evictLIR}: S's bottom LIR page to Q's head, making room in Q first; then prune. */
  private void evictLir() {
    Entry bottom = stack.firstEntry().getValue();
    stack.remove(bottom.page);
    lirsCount--;
    demotions.increment();
    while (hirsCount + 1 > hirsLimit && q.size() > 0) evictHir();
    bottom.lir = false;
    bottom.inQ = true;
    q.pushHead(bottom.buffer);
    hirsCount++;
    prune();
  }

  /** {@code evictHIR}: Q's oldest page leaves the cache, its id staying in S as non-resident. */
  private void evictHir() {
    int b = q.tail();
    Entry e = entryOf[b];
    q.unlink(b);
    e.inQ = false;
    hirsCount--;
    e.resident = false;
    e.buffer = -1;
    entryOf[b] = null;
    if (stack.get(e.page) == e) nonResident.put(e.page, e);
    dropped.pushHead(b);
    if (hitting) droppedOnHit.increment();
  }

  /** {@code LIRS_prune}: HIR entries leave S's bottom until a LIR page or S's top is there. */
  private void prune() {
    while (stack.size() > 1) {
      Entry bottom = stack.firstEntry().getValue();
      if (bottom.lir) break;
      if (!bottom.resident) nonResident.remove(bottom.page);
      stack.remove(bottom.page);
    }
  }

  /** {@code limitStack}: past its bound, S loses its oldest non-resident ids. */
  private void limitStack() {
    while (stack.size() > stackLimit && !nonResident.isEmpty()) {
      Entry oldest = nonResident.pollFirstEntry().getValue();
      stack.remove(oldest.page);
    }
  }

  @Override
  protected int search(MissContext miss) {
    int b = claimOldest(0, dropped, miss);
    if (b < 0) b = claimOldest(1, q, miss);
    if (b < 0) b = claimLowestLir(miss);
    if (b < 0) throw allPinned();
    return b;
  }

  /** S's lowest unpinned LIR page, claimed, or -1. */
  private int claimLowestLir(MissContext miss) {
    long ticks = 0;
    try {
      for (Entry e : stack.values()) {
        if (!e.lir) continue;
        ticks++;
        long st = descriptors.state(e.buffer);
        if (!isPinned(st) && BufferTransitions.tryClaim(descriptors, e.buffer, st)) return e.buffer;
      }
      return -1;
    } finally {
      miss.addTicks(ticks);
    }
  }

  @Override
  protected void leave(int b, long page, MissContext miss) {
    if (dropped.contains(b)) {
      dropped.unlink(b);
      return;
    }
    remove(b);
  }

  /** {@code LIRS_remove}: the page in {@code b} leaves LIRS's lists. */
  private void remove(int b) {
    Entry e = entryOf[b];
    if (e == null) return;
    entryOf[b] = null;
    e.resident = false;
    e.buffer = -1;
    if (e.inQ) {
      q.unlink(b);
      e.inQ = false;
      hirsCount--;
    }
    if (stack.get(e.page) == e) {
      stack.remove(e.page);
      if (e.lir) {
        e.lir = false;
        lirsCount--;
        prune();
      }
    }
  }

  @Override
  protected void admit(int b, MissContext miss) {
    insert(miss.page(), b);
    limitStack();
  }

  /**
   * LIR pages demoted to Q ({@code demotions}), misses on a non-resident id S held, loaded as LIR
   * ({@code nonResidentHits}), and pages libCacheSim would have evicted on a hit, left for the next
   * misses ({@code droppedOnHit}), and hits on such pages before a miss took their buffers, each a
   * miss in libCacheSim ({@code droppedHits}).
   */
  @Override
  public Map<String, Long> counters() {
    Map<String, Long> c = new LinkedHashMap<>();
    c.put("demotions", demotions.sum());
    c.put("nonResidentHits", nonResidentHits.sum());
    c.put("droppedOnHit", droppedOnHit.sum());
    c.put("droppedHits", droppedHits.sum());
    return c;
  }

  /** Two sweeps: the dropped buffers and Q, each from its oldest page. Reusable: unpinned. */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }
}
