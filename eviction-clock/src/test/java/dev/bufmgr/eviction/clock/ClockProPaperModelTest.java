package dev.bufmgr.eviction.clock;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The paper's CLOCK-Pro model ({@link ClockProPaperModel}) on sequences worked by hand from the
 * rules of the paper's section 4.2. Lists are written from the hot hand on, in the hands' direction;
 * the head (where pages are put) is the last place. {@code c} cold resident, {@code h} hot,
 * {@code t} non-resident, {@code *} in its test period, {@code r} reference bit set.
 */
class ClockProPaperModelTest {

  private static boolean[] replay(ClockProPaperModel model, long... pages) {
    boolean[] hits = new boolean[pages.length];
    for (int i = 0; i < pages.length; i++) hits[i] = model.access(pages[i]);
    return hits;
  }

  @Test
  void promotionsDemotionsTestHitAndEndedTestPeriods() {
    // m = 3, m_c starts at 3 (no room for hot pages).
    ClockProPaperModel model = new ClockProPaperModel(3, 1.0);
    boolean[] hits = replay(model,
        // 1, 2, 3 fill: [1c* 2c* 3c*], every hand on 1.
        1, 2, 3,
        // 1 hits: 1 referenced.
        1,
        // 4: the cold hand finds 1 referenced in its test period: bit cleared, 1 to the head
        //   ([2c* 3c* 1]) and hot, m_c stays 3 (its top); hot 1 > m - m_c = 0, so the hot hand
        //   runs: it ends 2's and 3's test periods (m_c 3 -> 2 -> 1) and turns 1 cold (bit clear).
        //   The cold hand goes on to 2: unreferenced, not in a test period, so it leaves the list.
        //   4 goes to the head: [3c 1c 4c*].
        4,
        // 2: a plain miss (2 left no entry). The cold hand takes 3 (not in test): [1c 4c* 2c*].
        2,
        // 4 hits: 4 referenced.
        4,
        // 5: the cold hand takes 1 (not in test): [4c*r 2c* 5c*].
        5,
        // 6: the cold hand finds 4 referenced in its test period: to the head and hot, m_c 1 -> 2;
        //   hot 1 > 3 - 2 does not hold, no hot hand. The cold hand takes 2, which is in its test
        //   period, so 2 stays as a non-resident page. 6 to the head: [2t* 5c* 4h 6c*].
        6,
        // 2: a fault in 2's test period. The cold hand first takes 5 (in test: non-resident too).
        //   2's entry goes, m_c 2 -> 3, 2 is loaded hot at the head: [5t* 4h 6c* 2h]; hot 2 > 0:
        //   the hot hand ends 5's test period (m_c 3 -> 2; 5 leaves the list) and turns 4 cold;
        //   hot 1 > 3 - 2 does not hold. [6c* 2h 4c], the hot hand on 6.
        2,
        // 6 and 4 hit: both referenced (4 is cold, not in a test period).
        6, 4,
        // 7: the cold hand finds 4 referenced, not in test: bit cleared, 4 to the head (where it
        //   already is) and a new test period, no change of status or m_c. Then 6, referenced in
        //   its test period: to the head, hot, m_c 2 -> 3; hot 2 > 0: the hot hand turns 2 cold,
        //   ends 4's test period (m_c 3 -> 2) and turns 6 cold. The cold hand then takes 2 (not in
        //   test, it leaves the list). 7 to the head: [4c 6c 7c*].
        7);
    assertArrayEquals(new boolean[] {false, false, false, true, false, false, true, false, false, false, true, true,
        false}, hits);
    for (long kept : new long[] {4, 6, 7}) assertTrue(model.contains(kept), "page " + kept);
    for (long gone : new long[] {1, 2, 3, 5}) assertFalse(model.contains(gone), "page " + gone);
    assertEquals(0, model.hot());
    assertEquals(3, model.cold());
    assertEquals(0, model.nonResident());
    assertEquals(2, model.coldTarget);
    assertEquals(3, model.promotions);
    assertEquals(1, model.testHits);
    assertEquals(4, model.demotions);
    assertEquals(4, model.testExpiries);
  }

  @Test
  void theTestHandHoldsNonResidentPagesToTheMemorySize() {
    // m = 2, m_c starts at 2. A scan: every page is evicted in its test period and stays as a
    // non-resident page; the third one makes the test hand end the oldest test period.
    ClockProPaperModel model = new ClockProPaperModel(2, 1.0);
    boolean[] hits = replay(model,
        // 1, 2: [1c* 2c*]. 3: 1 non-resident: [1t* 2c* 3c*]. 4: 2 too: [1t* 2t* 3c* 4c*].
        1, 2, 3, 4,
        // 5: 3 non-resident makes 3 > m: the test hand removes 1 (m_c 2 -> 1). 6: 4 goes, the test
        //   hand removes 2 (m_c stays at its floor, 1): [3t* 4t* 5c* 6c*].
        5, 6,
        // 4: the cold hand takes 5 (non-resident), the test hand removes 3. 4 is still in its test
        //   period: its entry goes, m_c 1 -> 2, 4 is loaded hot at the head: [5t* 6c* 4h]; hot 1 >
        //   m - m_c = 0: the hot hand ends 5's test period (m_c 2 -> 1, 5 leaves) and 6's (m_c stays
        //   1), then turns 4 cold.
        4);
    assertArrayEquals(new boolean[7], hits);
    assertTrue(model.contains(6));
    assertTrue(model.contains(4));
    assertEquals(0, model.hot());
    assertEquals(2, model.cold());
    assertEquals(0, model.nonResident());
    assertEquals(1, model.coldTarget);
    assertEquals(0, model.promotions);
    assertEquals(1, model.testHits);
    assertEquals(1, model.demotions);
    assertEquals(5, model.testExpiries);
  }
}
