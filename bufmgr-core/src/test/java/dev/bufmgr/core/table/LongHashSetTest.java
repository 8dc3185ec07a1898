package dev.bufmgr.core.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** LongHashSet against the JDK's HashSet, through growth, removals and reinsertion. */
class LongHashSetTest {

  @Test
  void agreesWithAHashSetThroughGrowthRemovalsAndReinsertion() {
    SplittableRandom r = new SplittableRandom(3);
    LongHashSet set = new LongHashSet(2);
    Set<Long> model = new HashSet<>();
    for (int i = 0; i < 300_000; i++) {
      // Phases: mostly adding (growth), then mostly removing, then adding again (reinsertion).
      int phase = i / 100_000;
      long key = r.nextInt(5) == 0 ? r.nextLong() : r.nextLong(20_000) * 4096 - 40_000_000L;
      int removeShare = phase == 1 ? 3 : 1;
      if (r.nextInt(4) < removeShare) {
        assertEquals(model.remove(key), set.remove(key), "remove " + key);
      } else {
        assertEquals(model.add(key), set.add(key), "add " + key);
      }
      long probe = r.nextLong(20_000) * 4096 - 40_000_000L;
      assertEquals(model.contains(probe), set.contains(probe), "contains " + probe);
      assertEquals(model.size(), set.size());
    }
    for (long key : model) assertTrue(set.contains(key), "member " + key);
  }

  @Test
  void theKeyThatMarksEmptySlotsIsAMemberLikeAnyOther() {
    LongHashSet set = new LongHashSet(4);
    assertFalse(set.contains(Long.MIN_VALUE));
    assertTrue(set.add(Long.MIN_VALUE));
    assertFalse(set.add(Long.MIN_VALUE));
    assertTrue(set.add(0));
    for (long k = 1; k < 100; k++) set.add(k * 31);
    assertTrue(set.contains(Long.MIN_VALUE));
    assertEquals(101, set.size());
    assertTrue(set.remove(Long.MIN_VALUE));
    assertFalse(set.remove(Long.MIN_VALUE));
    assertFalse(set.contains(Long.MIN_VALUE));
    assertEquals(100, set.size());
  }
}
