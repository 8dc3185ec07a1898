package dev.bufmgr.eviction.clock;

import static dev.bufmgr.core.buffer.BufferState.isPinned;
import static dev.bufmgr.core.buffer.BufferState.usage;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.buffer.BufferTransitions;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.evict.queue.BufferQueue;
import dev.bufmgr.core.table.LongIntHashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CLOCK-Pro as its paper states it (Jiang, Chen and Zhang, "CLOCK-Pro: An Effective Improvement of
 * the CLOCK Replacement", USENIX ATC '05, section 4.2), where {@link ClockProSelector} follows
 * libCacheSim's {@code ClockPro.c}. The difference that matters: here every cold page, resident or
 * not, has a test period, from its load (or its move to the list head) until the hot hand or the
 * test hand passes it; in {@code ClockPro.c} only pages that left have one, and it ends only when
 * {@code frames} of them are held, which never happens once the pool holds half the distinct pages.
 *
 * <p><b>The clock.</b> One circular list of hot pages, resident cold pages and non-resident cold
 * pages in their test period (entries without a buffer). A buffer's usage bits are its reference
 * bit (0 when loaded, 1 after a hit). The list head, where pages are put, is just behind the hot
 * hand (the place every hand reaches last). Each hand examines the entry it rests on and moves on.
 * <ul>
 *   <li><b>Cold hand</b> (a miss with no free buffer): passes hot and non-resident entries. A
 *       resident cold page with its bit clear is the victim; when its page leaves it stays on the
 *       list as a non-resident page if it is in its test period (and while more than {@code frames}
 *       non-resident pages are held the test hand runs), else it leaves the list. A cold page with
 *       its bit set has it cleared and moves to the head: in its test period it turns hot (the cold
 *       target {@code m_c} rises by 1) and the hot hand runs; outside it, it starts a new one.
 *   <li><b>Hot hand</b> (while more than {@code frames - m_c} pages are hot): clears a referenced
 *       hot page and passes it, turns the first unreferenced one cold (outside any test period) and
 *       stops; it ends the test period of every cold page it passes (lowering {@code m_c} by 1 when
 *       the page was not referenced meanwhile) and removes the non-resident ones.
 *   <li><b>Test hand</b>: ends the test periods of the cold pages it meets, the same way, until it
 *       has removed one non-resident page.
 *   <li>A loaded page whose non-resident entry is still on the list (an access in its test period)
 *       takes that entry's place as a hot page at the head, {@code m_c} rises by 1, and the hot hand
 *       runs; any other loaded page is cold at the head, in a new test period.
 * </ul>
 * {@code m_c} stays within {@code [1, frames]} and starts at {@code coldRatio * frames}. The
 * readings taken where the paper leaves a choice are those of the tests' {@code ClockProPaperModel},
 * which this selector equals request by request.
 *
 * <p><b>In the pool.</b> The cold hand passes a pinned page without touching its bit; after as
 * many pinned cold pages in a row as there are cold pages the hot hand turns a page cold and the
 * search goes on, and when no page is hot it gives up with {@link NoUnpinnedBuffersException}. A
 * victim given back unused keeps its place. Rings: a ring hit sets the bit; a ring may reuse a
 * buffer whose bit is 0, whose page then leaves as a victim's does (a hot page without a trace).
 *
 * <p><b>Cost.</b> The hands walk the list one entry at a time (at most {@code 2 * frames + 1}
 * entries), as the paper's clock does; the hot hand removes the non-resident entries it passes.
 *
 * <p><b>Concurrency.</b> The list, the hands and the counts are guarded by the selector's lock on
 * shared descriptors, and take none on {@link Sharing#EXCLUSIVE} ones; reference bits change by
 * compare-and-set on the state word.
 */
final class ClockProPaperSelector implements VictimSelector {
  private static final byte OUT = 0;
  private static final byte COLD = 1;
  private static final byte HOT = 2;
  private static final byte NON_RESIDENT = 3;

  private final Descriptors descriptors;
  private final String name;
  private final boolean exclusive;
  private final int frames;
  /** Buffers 0..frames-1 and non-resident entries frames..2*frames, in clock order (the hands move toward the head). */
  private final BufferQueue clock;
  private final byte[] kind;
  private final boolean[] inTest;
  /** The page each non-resident entry stands for. */
  private final long[] entryPage;
  private final LongIntHashMap nonResidentOf;
  private final int[] spareEntries;
  private int spare;
  private int handHot = BufferQueue.NONE;
  private int handCold = BufferQueue.NONE;
  private int handTest = BufferQueue.NONE;
  private int hot;
  private int cold;
  private int nonResident;
  private int coldTarget;
  private long examined;
  private long changes;
  private long promotions;
  private long testHits;
  private long demotions;
  private long testsEnded;
  private final CleaningView cleaning;

  ClockProPaperSelector(Descriptors descriptors, String name, double coldRatio) {
    this.descriptors = descriptors;
    this.name = name;
    this.exclusive = descriptors.sharing() == Sharing.EXCLUSIVE;
    this.frames = descriptors.frames();
    this.coldTarget = Math.max(1, (int) (frames * coldRatio));
    this.clock = new BufferQueue(2 * frames + 1);
    this.kind = new byte[2 * frames + 1];
    this.inTest = new boolean[2 * frames + 1];
    this.entryPage = new long[2 * frames + 1];
    this.nonResidentOf = new LongIntHashMap(frames + 1);
    this.spareEntries = new int[frames + 1];
    for (int i = 0; i <= frames; i++) spareEntries[i] = 2 * frames - i;
    this.spare = frames + 1;
    this.cleaning = new ColdSweep();
  }

  @Override
  public int initialUsage(AccessStrategy strategy) {
    return 0;
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
          runHotHand();
          pinnedInARow = 0;
          continue;
        }
        int x = handCold;
        if (kind[x] != COLD) {
          handCold = clock.newerWrapping(x);
          continue;
        }
        ticks++;
        examined++;
        long st = descriptors.state(x);
        if (isPinned(st)) {
          pinnedInARow++;
          handCold = clock.newerWrapping(x);
        } else if (usage(st) > 0) {
          if (!BufferTransitions.trySetUsage(descriptors, x, st, 0)) continue;
          handCold = clock.newerWrapping(x);
          pinnedInARow = 0;
          moveToHead(x);
          if (inTest[x]) {
            inTest[x] = false;
            kind[x] = HOT;
            cold--;
            hot++;
            promotions++;
            coldTarget = Math.min(frames, coldTarget + 1);
            balanceHot();
          } else {
            inTest[x] = true;
          }
        } else if (BufferTransitions.tryClaim(descriptors, x, st)) {
          handCold = clock.newerWrapping(x);
          return x;
        }
      }
    } finally {
      miss.addTicks(ticks);
    }
  }

  private void balanceHot() {
    while (hot > frames - coldTarget) runHotHand();
  }

  /** The hot hand, until it has turned one hot page cold; only while some page is hot. */
  private void runHotHand() {
    while (true) {
      int x = handHot;
      if (kind[x] == HOT) {
        long st = descriptors.state(x);
        if (usage(st) > 0) {
          if (!BufferTransitions.trySetUsage(descriptors, x, st, 0)) continue;
          handHot = clock.newerWrapping(x);
          continue;
        }
        handHot = clock.newerWrapping(x);
        kind[x] = COLD;
        hot--;
        cold++;
        demotions++;
        changes++;
        return;
      }
      handHot = clock.newerWrapping(x);
      if (inTest[x]) endTest(x);
    }
  }

  /** The test hand, until it has removed one non-resident page; only while one is held. */
  private void runTestHand() {
    while (true) {
      int x = handTest;
      handTest = clock.newerWrapping(x);
      if (kind[x] == HOT || !inTest[x]) continue;
      boolean wasNonResident = kind[x] == NON_RESIDENT;
      endTest(x);
      if (wasNonResident) return;
    }
  }

  /** Ends {@code x}'s test period, lowering the cold target when it went unreferenced; a non-resident entry goes. */
  private void endTest(int x) {
    inTest[x] = false;
    testsEnded++;
    if (kind[x] == NON_RESIDENT) {
      coldTarget = Math.max(1, coldTarget - 1);
      dropEntry(x);
    } else if (usage(descriptors.state(x)) == 0) {
      coldTarget = Math.max(1, coldTarget - 1);
    }
  }

  /** Takes non-resident entry {@code e} off the list. */
  private void dropEntry(int e) {
    nonResidentOf.remove(entryPage[e]);
    leave(e);
    kind[e] = OUT;
    nonResident--;
    spareEntries[spare++] = e;
  }

  /** Takes {@code e} off the list, moving every hand on it to the next entry (or none). */
  private void leave(int e) {
    int next = clock.size() > 1 ? clock.newerWrapping(e) : BufferQueue.NONE;
    if (handHot == e) handHot = next;
    if (handCold == e) handCold = next;
    if (handTest == e) handTest = next;
    clock.unlink(e);
    changes++;
  }

  /** Moves {@code x} to the list head, just behind the hot hand. */
  private void moveToHead(int x) {
    if (handHot == x) handHot = clock.newerWrapping(x);
    if (handTest == x) handTest = clock.newerWrapping(x);
    if (handCold == x) handCold = clock.newerWrapping(x);
    if (handHot == x) return;
    clock.insertOlderThan(x, handHot);
    changes++;
  }

  /** Puts {@code b} at the list head (or starts the list with it). */
  private void putAtHead(int b) {
    if (handHot == BufferQueue.NONE) {
      clock.pushHead(b);
      handHot = handCold = handTest = b;
    } else {
      clock.insertOlderThan(b, handHot);
    }
    changes++;
  }

  @Override
  public void onEvict(int buffer, long page, MissContext miss) {
    if (exclusive) {
      leaveMemory(buffer, page);
      return;
    }
    synchronized (this) {
      leaveMemory(buffer, page);
    }
  }

  /** Page {@code page} left {@code b}: a cold page in its test period stays as a non-resident entry in its place. */
  private void leaveMemory(int b, long page) {
    byte k = kind[b];
    if (k == HOT) {
      hot--;
    } else if (k == COLD) {
      cold--;
      if (inTest[b]) {
        int e = spareEntries[--spare];
        kind[e] = NON_RESIDENT;
        inTest[e] = true;
        entryPage[e] = page;
        nonResidentOf.put(page, e);
        clock.insertOlderThan(e, b);
        if (handHot == b) handHot = e;
        if (handCold == b) handCold = e;
        if (handTest == b) handTest = e;
        nonResident++;
      }
    } else {
      return;
    }
    leave(b);
    kind[b] = OUT;
    inTest[b] = false;
    while (nonResident > frames) runTestHand();
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

  /** Page {@code page} was loaded into {@code b}: hot after an access in its test period, else cold in a new one. */
  private void admit(int b, long page) {
    int e = nonResidentOf.get(page);
    if (e != LongIntHashMap.ABSENT) {
      testHits++;
      coldTarget = Math.min(frames, coldTarget + 1);
      dropEntry(e);
      putAtHead(b);
      kind[b] = HOT;
      hot++;
      balanceHot();
    } else {
      putAtHead(b);
      kind[b] = COLD;
      inTest[b] = true;
      cold++;
    }
  }

  /**
   * One sweep: the cold pages from the cold hand on, in clock order, as the next search will
   * examine them. Reusable: a cold page, unpinned and unreferenced.
   */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }

  /**
   * The events of the page life, for result rows: {@code promotions} (cold pages found referenced
   * in their test period and made hot), {@code testHits} (pages loaded during their test period,
   * made hot), {@code demotions} (hot pages turned cold) and {@code testsEnded} (test periods the
   * hot and test hands ended).
   */
  @Override
  public synchronized Map<String, Long> counters() {
    Map<String, Long> c = new LinkedHashMap<>();
    c.put("promotions", promotions);
    c.put("testHits", testHits);
    c.put("demotions", demotions);
    c.put("testsEnded", testsEnded);
    return c;
  }

  /** Hot pages now. */
  synchronized int hotPages() {
    return hot;
  }

  /** Resident cold pages now. */
  synchronized int coldPages() {
    return cold;
  }

  /** Non-resident pages in their test period now. */
  synchronized int nonResidentPages() {
    return nonResident;
  }

  /** The cold target {@code m_c} now. */
  synchronized int coldTarget() {
    return coldTarget;
  }

  @Override
  public String toString() {
    return name;
  }

  /** The cold hand's sweep for the background writer: the list's cold pages from the cold hand on. */
  private final class ColdSweep extends ColdHandSweep {
    ColdSweep() {
      super(ClockProPaperSelector.this, exclusive);
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
      return coldFrom(hand);
    }

    @Override
    int nextCold(int e) {
      return coldFrom(clock.newerWrapping(e));
    }

    @Override
    boolean isCold(int buffer) {
      return kind[buffer] == COLD;
    }

    private int coldFrom(int from) {
      int e = from;
      while (kind[e] != COLD) e = clock.newerWrapping(e);
      return e;
    }
  }
}
