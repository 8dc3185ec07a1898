package dev.bufmgr.eviction.clock;

import static dev.bufmgr.core.buffer.BufferState.isPinned;
import static dev.bufmgr.core.buffer.BufferState.usage;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.evict.queue.BufferQueue;
import dev.bufmgr.core.buffer.BufferTransitions;
import dev.bufmgr.core.table.LongIntHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * CLOCK-Pro (Jiang, Chen and Zhang, "CLOCK-Pro: An Effective Improvement of the CLOCK
 * Replacement", USENIX ATC '05), following the structure and rules of libCacheSim's {@code
 * cache/eviction/ClockPro.c} (read at 80334406; its logic unchanged since it was added, cdb5c25)
 * where that code is sound, and repaired where it is not (see below).
 *
 * <p><b>The clock.</b> One circular list holds the resident <em>hot</em> and <em>cold</em> pages
 * and the <em>test</em> entries: pages that left as cold pages and are still in their test
 * period, without a buffer. A buffer's usage bits are its reference bit (0 or 1; a hit sets 1).
 * Three hands walk the list in one direction, each examining the entry it rests on before moving
 * (as ClockPro.c does, unlike PyClockPro); an entry that leaves or moves takes any hand resting on
 * it to the next entry. A loaded page is put just behind the hot hand, the position every hand
 * reaches last (the paper's list head).
 * <ul>
 *   <li><b>Cold hand</b> (a miss with no free buffer; {@code ClockPro_run_cold}): passes hot pages
 *       and test entries; a referenced cold page is promoted (below); an unreferenced one is the
 *       victim, the hand moves past it, and when its page leaves it becomes a test entry in its
 *       place, after the test hand has made room when {@code frames} test entries are held.
 *   <li><b>Promotion</b> ({@code ClockPro_promote}), of a cold page found referenced by the cold
 *       hand, or of a page loaded while it had a test entry (which then goes): a test entry first
 *       raises the cold target by 1 (at most {@code frames}); the cold and test hands leave the
 *       page; the hot hand runs while {@code hot + 1 > frames - coldTarget} and some page is hot;
 *       the page becomes hot with reference bit {@code initRef} and moves behind the hot hand.
 *   <li><b>Hot hand</b> ({@code ClockPro_run_hot}): passes cold pages and test entries; clears a
 *       referenced hot page; turns an unreferenced one cold in place, moving the cold and test
 *       hands off it.
 *   <li><b>Test hand</b> ({@code ClockPro_run_test}): passes resident pages; removes a test entry
 *       (its test period ends without a reuse) and lowers the cold target by 1 (at least 0).
 * </ul>
 * The cold target starts at {@code coldRatio * frames}. ClockPro.c's parameters and defaults are
 * this selector's: {@code initRef} is its {@code init-ref} (0), {@code coldRatio} its {@code
 * init-ratio-cold} (1). The target's bounds (0 and {@code frames}) and the number of test entries
 * (at most {@code frames}, the paper's "m non-resident cold pages") are ClockPro.c's constants,
 * kept as constants.
 *
 * <p><b>Where this differs from ClockPro.c</b>, each because that code cannot serve a buffer pool
 * or does not end. With these six changes made in its C, libCacheSim gives this selector's miss
 * counts exactly ({@code ClockProReferenceTest}).
 * <ol>
 *   <li>Every miss is admitted. ClockPro.c's {@code can_insert} refuses a miss while {@code
 *       mem_cold + 1 > mem_cold_max}; with its default {@code init-ratio-cold=1} that is true as
 *       soon as the cache is full of cold pages, so libCacheSim's ClockPro keeps its first {@code
 *       frames} distinct pages for ever and never evicts (its miss counts on the LIRS traces equal
 *       those of that rule exactly). A buffer pool must give every missed page a buffer.
 *   <li>One page leaves per miss. ClockPro.c turning a hot page cold first runs the cold hand until
 *       {@code mem_cold + 1 <= mem_cold_max}, and ending a test period runs it while {@code mem_cold
 *       > mem_cold_max}: evictions inside an eviction, which a pool (one victim per search) cannot
 *       make. Here, as in the paper, the cold target only sets the hot pages' room, and the cold
 *       pages may outnumber it until later misses bring them back.
 *   <li>Promotion moves the cold and test hands off the page before the hot hand runs, and the hot
 *       hand stops when no page is hot: in ClockPro.c the hot hand's cold-hand runs re-enter the
 *       promotion of the same page without end, and with the cold target at {@code frames} (the
 *       default start) the hot hand turns for ever over a clock without hot pages.
 *   <li>A page loaded while it has a test entry becomes a resident hot page: it is loaded cold
 *       behind the hot hand, the entry goes, the target rises, and the page is promoted (ClockPro.c
 *       promotes the test entry in place and never inserts the page, so it stays a miss for ever).
 *   <li>A hot page turned cold keeps reference bit 0 (ClockPro.c gives it {@code init-ref}, which
 *       with {@code init-ref=1} lets the cold hand promote and the hot hand demote the same pages
 *       for ever). When no page is cold, the search first turns the hot hand until one page turns
 *       cold (ClockPro.c's cold hand would turn for ever).
 *   <li>A promoted page goes just behind the hot hand, which stays where it is, as a loaded page
 *       does. ClockPro.c moves it with {@code move_obj_to_tail}, a helper for lists with ends, on
 *       the circular list: the page lands just after the hot hand's entry and the hand steps past
 *       both, so that entry goes unexamined for a lap.
 * </ol>
 * The paper differs from ClockPro.c (and this selector follows the code) in that it keeps a test
 * period on resident cold pages too (a cold page referenced outside its test period is not
 * promoted but moved to the head), lets the hot hand also end test periods and remove test
 * entries, and adapts the cold target only on those test-period events.
 *
 * <p><b>Cost.</b> Each hand goes straight to the next entry of the kind it acts on: the hot pages
 * are also kept in clock order by themselves, and every entry carries a label in clock order
 * (order maintenance, see {@link #place}) by which the cold pages and the test entries are
 * indexed. Passing the other entries changes nothing, so every hand ends where ClockPro.c's would,
 * at O(log n) per step instead of up to a lap of the clock ({@code 2 * frames} entries) when a kind
 * is rare: hot pages while the cold target sits at {@code frames} (the default start), cold pages
 * once it has fallen toward 0 (test periods ending unused, as under a Zipf workload larger than
 * the pool). A victim search's ticks count the cold pages it examined.
 *
 * <p><b>In the pool.</b> The cold hand passes a pinned page without touching its bit; after as
 * many pinned cold pages in a row as there are cold pages it turns a hot page cold and looks
 * again, and when no page is hot it gives up with {@link NoUnpinnedBuffersException} (every
 * buffer is pinned). A victim given back unused ({@code onRelease}) keeps its place and stays
 * cold. Rings: a ring hit sets the reference bit like any hit; a ring may reuse a buffer whose bit
 * is 0; its page then leaves as the cold hand's victims do when it was cold (a test entry), and
 * without a trace when it was hot ({@code ClockPro_remove}).
 *
 * <p><b>Concurrency.</b> The clock, the hands and the counts are guarded by the selector's lock on
 * shared descriptors, and take none on {@link Sharing#EXCLUSIVE} ones (one thread); reference bits
 * change by compare-and-set on the state word, so a hit costs no call.
 */
final class ClockProSelector implements VictimSelector {
  private static final byte OUT = 0;
  private static final byte COLD = 1;
  private static final byte HOT = 2;
  private static final byte TEST = 3;

  private final Descriptors descriptors;
  private final String name;
  private final boolean exclusive;
  private final int frames;
  private final int initRef;
  /** Buffers 0..frames-1, and test entries frames..2*frames-1, in clock order (the hands move toward the head). */
  private final BufferQueue clock;
  /** Each entry's place on the clock: ascending from the clock's tail to its head (see {@link #place}). */
  private final long[] label;
  /** The cold pages and the test entries by label, so the cold and test hands go straight to the next of their kind. */
  private final TreeMap<Long, Integer> coldAt = new TreeMap<>();
  private final TreeMap<Long, Integer> testAt = new TreeMap<>();
  /** Changes to the clock or to any entry's kind, for the cleaning view's cursor. */
  private long changes;
  /** The hot pages alone, in clock order, so the hot hand goes from one to the next without passing the rest. */
  private final BufferQueue hotOrder;
  /** Each entry's kind: {@link #OUT} when not on the clock. */
  private final byte[] kind;
  /** The page each test entry stands for. */
  private final long[] testPage;
  private final LongIntHashMap tests;
  /** Test entries not on the clock. */
  private final int[] spareTests;
  private int spare;

  private int handHot = BufferQueue.NONE;
  private int handCold = BufferQueue.NONE;
  private int handTest = BufferQueue.NONE;
  /** The first hot page at or after the hot hand in clock order, or none when no page is hot. */
  private int nextHot = BufferQueue.NONE;
  private int hot;
  private int cold;
  private int coldTarget;

  private long examined;
  private long promotions;
  private long testHits;
  private long demotions;
  private long testExpiries;
  private long testsMade;
  private final CleaningView cleaning;

  ClockProSelector(Descriptors descriptors, String name, int initRef, double initRatioCold) {
    this.descriptors = descriptors;
    this.name = name;
    this.exclusive = descriptors.sharing() == Sharing.EXCLUSIVE;
    this.frames = descriptors.frames();
    this.initRef = initRef;
    this.coldTarget = (int) (frames * initRatioCold);
    this.clock = new BufferQueue(2 * frames);
    this.label = new long[2 * frames];
    this.hotOrder = new BufferQueue(frames);
    this.kind = new byte[2 * frames];
    this.testPage = new long[2 * frames];
    this.tests = new LongIntHashMap(frames);
    this.spareTests = new int[frames];
    for (int i = 0; i < frames; i++) spareTests[i] = 2 * frames - 1 - i;
    this.spare = frames;
    this.cleaning = new ColdSweep();
  }

  @Override
  public int initialUsage(AccessStrategy strategy) {
    return initRef;
  }

  @Override
  public int usageAfterHit(int usage, AccessStrategy strategy) {
    return 1;
  }

  @Override
  public boolean reusableByRing(int usage) {
    return usage == 0;
  }

  @Override
  public int selectVictim(MissContext miss) {
    if (exclusive) return sweep(miss);
    synchronized (this) {
      return sweep(miss);
    }
  }

  private int sweep(MissContext miss) {
    int pinnedInARow = 0;
    long ticks = 0;
    try {
      while (true) {
        if (cold == 0 || pinnedInARow >= cold) {
          if (hot == 0) throw new NoUnpinnedBuffersException(name, frames);
          while (!runHot()) {}
          pinnedInARow = 0;
          continue;
        }
        int b = atOrAfter(coldAt, handCold);
        handCold = b;
        ticks++;
        examined++;
        long st = descriptors.state(b);
        if (isPinned(st)) {
          pinnedInARow++;
          handCold = clock.newerWrapping(b);
        } else if (usage(st) > 0) {
          if (!BufferTransitions.trySetUsage(descriptors, b, st, initRef)) continue;
          promote(b);
          promotions++;
          pinnedInARow = 0;
        } else if (BufferTransitions.tryClaim(descriptors, b, st)) {
          handCold = clock.newerWrapping(b);
          return b;
        }
      }
    } finally {
      miss.addTicks(ticks);
    }
  }

  /** Makes resident page {@code b} hot and puts it behind the hot hand ({@code ClockPro_promote}). */
  private void promote(int b) {
    handCold = off(handCold, b);
    handTest = off(handTest, b);
    while (hot + 1 > frames - coldTarget && hot > 0) runHot();
    coldAt.remove(label[b]);
    cold--;
    kind[b] = HOT;
    hot++;
    changes++;
    if (handHot == b) handHot = clock.newerWrapping(b);
    if (handHot != b) place(b, handHot);
    if (nextHot == BufferQueue.NONE) {
      hotOrder.pushHead(b);
      nextHot = b;
    } else {
      hotOrder.insertOlderThan(b, nextHot);
    }
  }

  /**
   * The hot hand's steps up to and including the next hot page ({@code ClockPro_run_hot}, which
   * passes the entries before it one call at a time without changing them); returns whether it
   * turned that page cold. Only while some page is hot.
   */
  private boolean runHot() {
    int b = nextHot;
    handHot = b;
    while (true) {
      long st = descriptors.state(b);
      if (usage(st) == 0) break;
      if (BufferTransitions.trySetUsage(descriptors, b, st, 0)) {
        handHot = clock.newerWrapping(b);
        nextHot = hotOrder.newerWrapping(b);
        return false;
      }
    }
    leaveHotOrder(b);
    kind[b] = COLD;
    coldAt.put(label[b], b);
    changes++;
    hot--;
    cold++;
    demotions++;
    handCold = off(handCold, b);
    handTest = off(handTest, b);
    handHot = clock.newerWrapping(b);
    return true;
  }

  /**
   * The test hand's steps up to and including the next test entry, which goes ({@code
   * ClockPro_run_test}, which passes resident pages one call at a time without changing them).
   * Only while some test entry is held.
   */
  private void runTest() {
    int e = atOrAfter(testAt, handTest);
    handTest = e;
    if (coldTarget > 0) coldTarget--;
    testExpiries++;
    dropTest(e);
  }

  /** Takes hot page {@code b} out of the hot order, moving {@link #nextHot} on if it was {@code b}. */
  private void leaveHotOrder(int b) {
    if (nextHot == b) nextHot = hotOrder.size() > 1 ? hotOrder.newerWrapping(b) : BufferQueue.NONE;
    hotOrder.unlink(b);
  }

  /** Takes test entry {@code e} off the clock and out of the index. */
  private void dropTest(int e) {
    testAt.remove(label[e]);
    leave(e);
    tests.remove(testPage[e]);
    kind[e] = OUT;
    spareTests[spare++] = e;
  }

  /** Takes entry {@code e} off the clock, moving every hand on it to the next entry (or none). */
  private void leave(int e) {
    int next = clock.size() > 1 ? clock.newerWrapping(e) : BufferQueue.NONE;
    if (handHot == e) handHot = next;
    if (handCold == e) handCold = next;
    if (handTest == e) handTest = next;
    clock.unlink(e);
    changes++;
  }

  /**
   * Puts {@code b} on the clock just before {@code anchor} (in the hands' direction) and labels it
   * midway between its neighbours. When they leave no label between them, the entries of the
   * smallest aligned label range around the spot that is sparse enough are spread out evenly over
   * it (Bender, Cole, Demaine, Farach-Colton and Zito's order-maintenance list: a range of 2^i
   * labels may hold at most (2/1.4)^i entries), at an amortized O(log n) labels per insertion.
   */
  private void place(int b, int anchor) {
    clock.insertOlderThan(b, anchor);
    changes++;
    int o = clock.older(b);
    long lo = o == BufferQueue.NONE ? -1 : label[o];
    long hi = label[anchor];
    if (hi - lo >= 2) {
      label[b] = lo + (hi - lo) / 2;
      return;
    }
    long x = o == BufferQueue.NONE ? hi : label[o];
    for (int i = 1; i <= LABEL_BITS; i++) {
      long size = 1L << i;
      long start = x & -size;
      long end = start + size;
      int first = b;
      for (int e = clock.older(b); e != BufferQueue.NONE && label[e] >= start; e = clock.older(e)) first = e;
      int count = 0;
      for (int e = first; e != BufferQueue.NONE && (e == b || label[e] < end); e = clock.newer(e)) count++;
      if (count <= Math.pow(2 / LABEL_DENSITY, i) && size / (count + 1) >= 2) {
        spread(first, b, count, start, size / (count + 1));
        return;
      }
    }
    throw new IllegalStateException("clock labels exhausted");
  }

  /** Labels {@code count} entries from {@code first} on {@code step} apart from {@code start}, keeping the kind maps right. */
  private void spread(int first, int placed, int count, long start, long step) {
    int e = first;
    for (int i = 0; i < count; i++, e = clock.newer(e)) {
      if (e == placed) continue;
      if (kind[e] == COLD) coldAt.remove(label[e]);
      else if (kind[e] == TEST) testAt.remove(label[e]);
    }
    e = first;
    for (int i = 0; i < count; i++, e = clock.newer(e)) {
      label[e] = start + step * (i + 1);
      if (e == placed) continue;
      if (kind[e] == COLD) coldAt.put(label[e], e);
      else if (kind[e] == TEST) testAt.put(label[e], e);
    }
  }

  private static final int LABEL_BITS = 62;
  private static final double LABEL_DENSITY = 1.4;

  /** The first entry of {@code kind} at or after entry {@code from} in the hands' direction; {@code kind} is not empty. */
  private int atOrAfter(TreeMap<Long, Integer> kind, int from) {
    Map.Entry<Long, Integer> e = kind.ceilingEntry(label[from]);
    return (e != null ? e : kind.firstEntry()).getValue();
  }

  /** The hand {@code hand}, moved to the next entry if it rests on {@code b}. */
  private int off(int hand, int b) {
    return hand == b ? clock.newerWrapping(b) : hand;
  }

  @Override
  public void onEvict(int buffer, long page, MissContext miss) {
    if (exclusive) {
      leaveResident(buffer, page);
      return;
    }
    synchronized (this) {
      leaveResident(buffer, page);
    }
  }

  /** Page {@code page} left {@code b}: a cold page leaves a test entry in its place. */
  private void leaveResident(int b, long page) {
    byte k = kind[b];
    if (k == HOT) {
      hot--;
      leaveHotOrder(b);
    } else if (k == COLD) {
      cold--;
      coldAt.remove(label[b]);
      int stale = tests.get(page);
      if (stale != LongIntHashMap.ABSENT) dropTest(stale);
      while (spare == 0) runTest();
      int e = spareTests[--spare];
      kind[e] = TEST;
      testPage[e] = page;
      tests.put(page, e);
      clock.insertOlderThan(e, b);
      label[e] = label[b];
      testAt.put(label[e], e);
      if (handHot == b) handHot = e;
      if (handCold == b) handCold = e;
      if (handTest == b) handTest = e;
      testsMade++;
    } else {
      return;
    }
    kind[b] = OUT;
    leave(b);
  }

  @Override
  public void onAdmit(int buffer, MissContext miss) {
    if (exclusive) {
      admit(buffer, miss.page());
      return;
    }
    synchronized (this) {
      admit(buffer, miss.page());
    }
  }

  /** Page {@code page} was loaded into {@code b}: cold behind the hot hand, or hot after a test hit. */
  private void admit(int b, long page) {
    if (handHot == BufferQueue.NONE) {
      clock.pushHead(b);
      label[b] = 1L << (LABEL_BITS - 1);
      handHot = handCold = handTest = b;
      kind[b] = COLD;
      coldAt.put(label[b], b);
      cold++;
      changes++;
      return;
    }
    int e = tests.get(page);
    place(b, handHot);
    kind[b] = COLD;
    coldAt.put(label[b], b);
    cold++;
    if (e == LongIntHashMap.ABSENT) return;
    if (coldTarget < frames) coldTarget++;
    testHits++;
    dropTest(e);
    promote(b);
  }

  /**
   * One sweep: the clock from the cold hand on, as the next search will examine it; test
   * entries stand for no buffer. Reusable: a cold page, unpinned and unreferenced.
   */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }

  /**
   * The events of CLOCK-Pro's page life, for result rows: {@code promotions} (cold pages found
   * referenced and made hot), {@code demotions} (hot pages turned cold), {@code testsMade} (cold
   * pages that left and began a test period), {@code testHits} (pages loaded during their test
   * period) and {@code testExpiries} (test periods ended). The sizes of the moment ({@link
   * #hotPages}, {@link #coldPages}, {@link #testPages}, {@link #coldTarget}) are not counts of
   * events and stay out.
   */
  @Override
  public synchronized Map<String, Long> counters() {
    Map<String, Long> c = new LinkedHashMap<>();
    c.put("promotions", promotions);
    c.put("demotions", demotions);
    c.put("testsMade", testsMade);
    c.put("testHits", testHits);
    c.put("testExpiries", testExpiries);
    return c;
  }

  /** Hot pages now (resident). */
  public synchronized int hotPages() {
    return hot;
  }

  /** Cold pages now (resident). */
  public synchronized int coldPages() {
    return cold;
  }

  /** Test entries now (non-resident cold pages in their test period). */
  public synchronized int testPages() {
    return frames - spare;
  }

  /** The cold target now ({@code mem_cold_max}). */
  public synchronized int coldTarget() {
    return coldTarget;
  }

  /** Cold pages the cold hand found referenced and made hot. */
  public synchronized long promotions() {
    return promotions;
  }

  /** Pages loaded during their test period, made hot (each raised the cold target). */
  public synchronized long testHits() {
    return testHits;
  }

  /** Hot pages the hot hand turned cold. */
  public synchronized long demotions() {
    return demotions;
  }

  /** Test periods the test hand ended (each lowered the cold target). */
  public synchronized long testExpiries() {
    return testExpiries;
  }

  /** Cold pages that left and became test entries. */
  public synchronized long testsMade() {
    return testsMade;
  }

  @Override
  public String toString() {
    return name;
  }

  /** The cold hand's sweep for the background writer: the cold pages in clock order from the cold hand on. */
  private final class ColdSweep extends ColdHandSweep {
    ColdSweep() {
      super(ClockProSelector.this, exclusive);
    }

    @Override
    int coldPages() {
      return cold;
    }

    @Override
    long examined() {
      return examined;
    }

    @Override
    long changes() {
      return changes;
    }

    @Override
    int coldHand() {
      return handCold;
    }

    @Override
    int firstCold(int hand) {
      return atOrAfter(coldAt, hand);
    }

    @Override
    int nextCold(int e) {
      Map.Entry<Long, Integer> n = coldAt.higherEntry(label[e]);
      return (n != null ? n : coldAt.firstEntry()).getValue();
    }

    @Override
    boolean isCold(int buffer) {
      return kind[buffer] == COLD;
    }
  }
}
