package dev.bufmgr.eviction.lru;

import static dev.bufmgr.core.buffer.BufferState.isPinned;

import dev.bufmgr.core.buffer.BufferTransitions;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.SelectorCounter;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * LRU-K (O'Neil, O'Neil and Weikum, SIGMOD '93), following the paper's pseudocode (its section
 * 2.1.2, "Algorithm LRU-K"); libCacheSim has no LRU-K. Time t counts references (normal hits and
 * misses). Each page p keeps HIST(p, 1..K), the times of its last K uncorrelated references (0 for
 * none), and LAST(p), the time of its last reference.
 *
 * <ul>
 *   <li>Hit at t: when t - LAST(p) &gt; CRP (an uncorrelated reference), every HIST(p, i), i from
 *       K down to 2, becomes HIST(p, i-1) plus LAST(p) - HIST(p, 1), the length of the correlated
 *       period just closed, and HIST(p, 1) = LAST(p) = t; otherwise only LAST(p) = t.
 *   <li>Miss at t: the victim is the page with the largest backward K-distance t - HIST(q, K)
 *       among the eligible ones, those with t - LAST(q) &gt; CRP: the smallest HIST(q, K).
 *       Pages with fewer than K references (HIST(q, K) = 0, an infinite distance) and equal
 *       distances are ordered by LRU, least recent LAST(q) first, as the paper proposes
 *       ("a subsidiary policy such as LRU"); its pseudocode takes the first page of its scan.
 *   <li>The loaded page's history, when one was retained, shifts: HIST(p, i) = HIST(p, i-1) for i
 *       from K down to 2 (the paper writes the loop upward, which read literally would copy
 *       HIST(p, 1) into every slot; for K = 2 the two agree); with none, HIST(p, 2..K) = 0. Then HIST(p, 1) = LAST(p) = t.
 *   <li>A page's history is retained after it leaves for RIP references past its LAST (the
 *       paper's retained information period, enforced by its "asynchronous demon"; here an
 *       expired history is forgotten when looked up and in sweeps as the retained set grows);
 *       RIP 0 keeps it for ever.
 * </ul>
 *
 * <p>Choices the paper leaves open: when no resident page is eligible (every one referenced
 * within CRP) the victim is the smallest HIST(q, K), LAST(q) regardless of CRP; the paper assumes
 * the buffer outlasts the correlated period.
 *
 * <p>In the pool: the search passes pinned pages in that order and gives up with {@link
 * dev.bufmgr.core.evict.NoUnpinnedBuffersException} when all are pinned; a victim given back keeps
 * its history. Rings: a ring hit is no reference (nothing changes), a ring's miss is one, a ring
 * reuses only a buffer no normal hit has touched since it was loaded, and a page a ring pushes out
 * keeps its history like any. Concurrency: the histories and the order are guarded by the
 * selector's lock on a shared pool (every normal hit takes it), by nothing on an exclusive one.
 */
final class LruKSelector extends ListSelector {
  /** One page's history. */
  private static final class History {
    final long page;
    final long[] hist;
    long last;
    int buffer = -1;

    History(long page, int k) {
      this.page = page;
      this.hist = new long[k];
    }

    long kth() {
      return hist[hist.length - 1];
    }
  }

  private static final Comparator<History> ORDER =
      Comparator.<History>comparingLong(History::kth).thenComparingLong(h -> h.last).thenComparingLong(h -> h.page);

  private final int k;
  private final long crp;
  private final long rip;
  private long now;
  /** Resident pages, the next victim first. */
  private final TreeSet<History> order = new TreeSet<>(ORDER);
  private final History[] historyOf;
  /** Histories of pages not in the pool, retained for RIP. */
  private final HashMap<Long, History> retained = new HashMap<>();
  private long sweepAt = 1024;
  private final CleaningView cleaning;
  private long examinedCount;
  /** Changes of the order, for the cleaning view's copy. */
  private long changes;
  private final SelectorCounter retainedHits;
  private final SelectorCounter correlatedHits;

  LruKSelector(Descriptors descriptors, int k, long crp, long rip, String name) {
    super(descriptors, name, 1);
    this.k = k;
    this.crp = crp;
    this.rip = rip;
    this.historyOf = new History[descriptors.frames()];
    this.cleaning = new OrderView();
    this.retainedHits = SelectorCounter.forSharing(descriptors.sharing());
    this.correlatedHits = SelectorCounter.forSharing(descriptors.sharing());
  }

  @Override
  protected void promote(int b) {
    History h = historyOf[b];
    if (h == null) return;
    long t = ++now;
    order.remove(h);
    if (t - h.last > crp) {
      long correlated = h.last - h.hist[0];
      for (int i = k - 1; i > 0; i--) h.hist[i] = h.hist[i - 1] + correlated;
      h.hist[0] = t;
    } else {
      correlatedHits.increment();
    }
    h.last = t;
    order.add(h);
    changes++;
  }

  @Override
  public void onMiss(MissContext miss) {
    if (exclusive) {
      now++;
      return;
    }
    synchronized (this) {
      now++;
    }
  }

  @Override
  protected int search(MissContext miss) {
    long ticks = 0;
    try {
      History ineligible = null;
      for (History h : order) {
        ticks++;
        long st = descriptors.state(h.buffer);
        if (isPinned(st)) continue;
        if (now - h.last <= crp) {
          if (ineligible == null) ineligible = h;
          continue;
        }
        if (BufferTransitions.tryClaim(descriptors, h.buffer, st)) return h.buffer;
      }
      if (ineligible != null) {
        for (History h : order) {
          if (now - h.last > crp) continue;
          ticks++;
          long st = descriptors.state(h.buffer);
          if (!isPinned(st) && BufferTransitions.tryClaim(descriptors, h.buffer, st)) return h.buffer;
        }
      }
      throw allPinned();
    } finally {
      miss.addTicks(ticks);
      examinedCount += ticks;
    }
  }

  @Override
  protected void leave(int b, long page, MissContext miss) {
    History h = historyOf[b];
    if (h == null) return;
    historyOf[b] = null;
    order.remove(h);
    changes++;
    h.buffer = -1;
    retained.put(h.page, h);
    if (rip > 0 && retained.size() >= sweepAt) {
      retained.values().removeIf(r -> now - r.last > rip);
      sweepAt = Math.max(1024, 2L * retained.size());
    }
  }

  @Override
  protected void admit(int b, MissContext miss) {
    long t = now;
    History h = retained.remove(miss.page());
    if (h != null && rip > 0 && t - h.last > rip) h = null;
    if (h == null) {
      h = new History(miss.page(), k);
    } else {
      retainedHits.increment();
      for (int i = k - 1; i > 0; i--) h.hist[i] = h.hist[i - 1];
    }
    h.hist[0] = t;
    h.last = t;
    h.buffer = b;
    historyOf[b] = h;
    order.add(h);
    changes++;
  }

  /**
   * Misses whose page's history was retained ({@code retainedHits}) and hits within the
   * correlated reference period, which leave the history alone ({@code correlatedHits}).
   */
  @Override
  public Map<String, Long> counters() {
    Map<String, Long> c = new LinkedHashMap<>();
    c.put("retainedHits", retainedHits.sum());
    c.put("correlatedHits", correlatedHits.sum());
    return c;
  }

  /**
   * One sweep: the resident pages in victim order. Reusable: unpinned and past the correlated
   * period at the next miss's time.
   */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }

  /** The search's order as a sweep, copied once per change of the order. */
  private final class OrderView implements CleaningView {
    private int[] snapshot = new int[0];
    private long snapshotAt = -1;

    @Override
    public int sweeps() {
      return 1;
    }

    @Override
    public int length(int sweep) {
      return lockedInt(() -> order.size());
    }

    @Override
    public long position(int sweep) {
      return lockedLong(() -> examinedCount);
    }

    @Override
    public int bufferAt(int sweep, long position) {
      return lockedInt(() -> {
        long offset = position - examinedCount;
        if (offset < 0 || offset >= order.size()) return -1;
        if (snapshotAt != changes) {
          int[] s = new int[order.size()];
          Iterator<History> it = order.iterator();
          for (int i = 0; i < s.length; i++) s[i] = it.next().buffer;
          snapshot = s;
          snapshotAt = changes;
        }
        return snapshot[(int) offset];
      });
    }

    @Override
    public boolean reusable(int buffer, long state) {
      if (isPinned(state)) return false;
      return lockedInt(() -> {
        History h = historyOf[buffer];
        return h != null && now + 1 - h.last > crp ? 1 : 0;
      }) == 1;
    }

    private int lockedInt(java.util.function.IntSupplier f) {
      if (exclusive) return f.getAsInt();
      synchronized (LruKSelector.this) {
        return f.getAsInt();
      }
    }

    private long lockedLong(java.util.function.LongSupplier f) {
      if (exclusive) return f.getAsLong();
      synchronized (LruKSelector.this) {
        return f.getAsLong();
      }
    }
  }
}
