package dev.bufmgr.eviction.clock;

import java.util.HashMap;
import java.util.Map;

/**
 * CLOCK-Pro as its paper states it (Jiang, Chen and Zhang, "CLOCK-Pro: An Effective Improvement
 * of the CLOCK Replacement", USENIX ATC '05, section 4.2), written as a plain, slow simulator with
 * no code shared with {@link ClockProSelector} or {@link ClockProModel}: one circular doubly linked
 * list of entries ({@code next} is the hands' direction), hands that are entry references, one map
 * from page to entry.
 *
 * <p>The list holds hot pages, resident cold pages and non-resident cold pages in their test
 * period. The list head is just behind the hot hand (the place every hand reaches last): moving a
 * page to the head means putting it there. The paper's rules, one per method:
 * <ul>
 *   <li>A fault ({@link #access} missing) first runs the cold hand for a free buffer when memory is
 *       full. Then, if the page still has a non-resident entry (its test period has not ended), the
 *       entry goes, the cold target {@code m_c} rises by 1 and the page is loaded hot at the head,
 *       and the hot hand runs; otherwise it is loaded cold at the head and starts a test period.
 *   <li>Cold hand ({@link #freeOneBuffer}): at a resident cold page with its reference bit clear,
 *       the page leaves memory; it stays on the list as a non-resident page if it is in its test
 *       period (then, while more than {@code m} non-resident pages are held, the test hand runs),
 *       else it leaves the list. At a resident cold page with its bit set: the bit is cleared and
 *       the page moves to the head; if it was in its test period it turns hot ({@code m_c} rises by
 *       1) and the hot hand runs, else it stays cold and starts a new test period. The hand passes
 *       hot pages and non-resident pages.
 *   <li>Hot hand ({@link #runHotHand}): at a hot page with its bit set it clears the bit and passes;
 *       at a hot page with its bit clear it turns the page cold and stops. At a cold page it ends
 *       the page's test period (lowering {@code m_c} by 1 when the page was not re-referenced) and
 *       removes it from the list when it is non-resident.
 *   <li>Test hand ({@link #runTestHand}): ends the test period of the cold pages it meets (the same
 *       way) until it has removed one non-resident page.
 * </ul>
 *
 * <p>Where the paper leaves a choice open, this model takes the reading named here:
 * <ul>
 *   <li>The hot hand runs after a page turns hot while {@code hot > m - m_c} (the hot pages' share
 *       is {@code m - m_c}); each run turns one page cold.
 *   <li>{@code m_c} stays within {@code [1, m]} (the paper names no bound but the memory), so that
 *       memory always holds a cold page and the cold hand always finds a victim. It starts at
 *       {@code coldRatio * m}, at least 1.
 *   <li>A hot page turned cold is not in a test period: the hot hand is at the hot page with the
 *       largest recency, beyond which no cold page is in its test period (the hand ends them).
 *   <li>Ending a test period lowers {@code m_c} only when the page was not re-referenced during it
 *       ("a cold page passes its test period without a re-access"); a referenced resident cold page
 *       whose test period the hot or test hand ends first is moved to the head by the cold hand
 *       later without a change of status or target.
 *   <li>Non-resident pages are bounded by {@code m} as the HAND_test paragraph says; the
 *       insertion paragraph's "cold pages more than {@code m_c + m}" rule is not applied besides.
 *   <li>A loaded page's reference bit is clear (the fault is not a re-reference).
 * </ul>
 */
final class ClockProPaperModel {
  private static final class Entry {
    final long page;
    boolean hot;
    boolean resident;
    boolean inTest;
    boolean referenced;
    Entry next;
    Entry prev;

    Entry(long page) {
      this.page = page;
    }
  }

  private final int m;
  private final Map<Long, Entry> entries = new HashMap<>();
  private Entry handHot;
  private Entry handCold;
  private Entry handTest;
  private int hot;
  private int cold;
  private int nonResident;
  int coldTarget;
  long promotions;
  long testHits;
  long demotions;
  long testExpiries;
  long lastEvicted = -1;

  ClockProPaperModel(int m, double coldRatio) {
    this.m = m;
    this.coldTarget = Math.max(1, (int) (m * coldRatio));
  }

  /** Serves one reference; returns whether it hit. */
  boolean access(long page) {
    Entry e = entries.get(page);
    if (e != null && e.resident) {
      e.referenced = true;
      return true;
    }
    lastEvicted = -1;
    if (hot + cold == m) freeOneBuffer();
    e = entries.get(page);
    if (e != null) {
      testHits++;
      coldTarget = Math.min(m, coldTarget + 1);
      remove(e);
      nonResident--;
      Entry fresh = load(page);
      fresh.hot = true;
      hot++;
      balanceHot();
    } else {
      Entry fresh = load(page);
      fresh.inTest = true;
      cold++;
    }
    return false;
  }

  private Entry load(long page) {
    Entry fresh = new Entry(page);
    fresh.resident = true;
    entries.put(page, fresh);
    if (handHot == null) {
      fresh.next = fresh;
      fresh.prev = fresh;
      handHot = handCold = handTest = fresh;
    } else {
      linkAtHead(fresh);
    }
    return fresh;
  }

  /** The cold hand, until one resident cold page has left memory. */
  private void freeOneBuffer() {
    while (true) {
      Entry x = handCold;
      handCold = x.next;
      if (x.hot || !x.resident) continue;
      if (!x.referenced) {
        x.resident = false;
        cold--;
        lastEvicted = x.page;
        if (x.inTest) {
          nonResident++;
          while (nonResident > m) runTestHand();
        } else {
          remove(x);
        }
        return;
      }
      x.referenced = false;
      moveToHead(x);
      if (x.inTest) {
        x.hot = true;
        x.inTest = false;
        cold--;
        hot++;
        promotions++;
        coldTarget = Math.min(m, coldTarget + 1);
        balanceHot();
      } else {
        x.inTest = true;
      }
    }
  }

  /** Runs the hot hand while the hot pages exceed their share {@code m - m_c}. */
  private void balanceHot() {
    while (hot > m - coldTarget) runHotHand();
  }

  /** The hot hand, until it has turned one hot page cold. */
  private void runHotHand() {
    while (true) {
      Entry x = handHot;
      handHot = x.next;
      if (x.hot) {
        if (x.referenced) {
          x.referenced = false;
          continue;
        }
        x.hot = false;
        hot--;
        cold++;
        demotions++;
        return;
      }
      if (x.inTest) endTest(x);
    }
  }

  /** The test hand, until it has removed one non-resident page. */
  private void runTestHand() {
    while (true) {
      Entry x = handTest;
      handTest = x.next;
      if (x.hot || !x.inTest) continue;
      boolean wasResident = x.resident;
      endTest(x);
      if (!wasResident) return;
    }
  }

  /** Ends {@code x}'s test period; a non-resident page leaves the list. */
  private void endTest(Entry x) {
    x.inTest = false;
    testExpiries++;
    if (!x.referenced) coldTarget = Math.max(1, coldTarget - 1);
    if (!x.resident) {
      remove(x);
      nonResident--;
    }
  }

  private void moveToHead(Entry x) {
    if (handHot == x) handHot = x.next;
    if (handTest == x) handTest = x.next;
    if (handCold == x) handCold = x.next;
    if (handHot == x) return;
    unlink(x);
    linkAtHead(x);
  }

  /** Takes {@code x} off the list and out of the map, moving any hand on it to the next entry. */
  private void remove(Entry x) {
    entries.remove(x.page);
    Entry after = x.next == x ? null : x.next;
    if (handHot == x) handHot = after;
    if (handCold == x) handCold = after;
    if (handTest == x) handTest = after;
    unlink(x);
  }

  private void unlink(Entry x) {
    x.prev.next = x.next;
    x.next.prev = x.prev;
    x.next = x.prev = null;
  }

  /** Puts {@code x} just behind the hot hand: the list head, which every hand reaches last. */
  private void linkAtHead(Entry x) {
    x.next = handHot;
    x.prev = handHot.prev;
    handHot.prev.next = x;
    handHot.prev = x;
  }

  boolean contains(long page) {
    Entry e = entries.get(page);
    return e != null && e.resident;
  }

  int hot() {
    return hot;
  }

  int cold() {
    return cold;
  }

  int nonResident() {
    return nonResident;
  }
}
