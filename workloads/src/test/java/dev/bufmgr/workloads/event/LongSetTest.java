package dev.bufmgr.workloads.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** LongSet against the JDK's HashSet, through growth, with the value that marks an empty slot. */
class LongSetTest {

  @Test
  void agreesWithAHashSetThroughGrowth() {
    LongSet set = new LongSet(4);
    Set<Long> reference = new HashSet<>();
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 300_000; i++) {
      long key = switch (i % 4) {
        case 0 -> r.nextLong();
        case 1 -> r.nextLong(5_000);
        case 2 -> Long.MIN_VALUE + r.nextInt(3);
        default -> -r.nextLong(1_000);
      };
      assertEquals(reference.add(key), set.add(key), "add " + key);
      if (i % 1000 == 0) assertEquals(reference.size(), set.size());
    }
    assertEquals(reference.size(), set.size());
    for (long key : reference) assertTrue(set.contains(key), "contains " + key);
    for (int i = 0; i < 10_000; i++) {
      long probe = r.nextLong();
      assertEquals(reference.contains(probe), set.contains(probe));
    }
  }

  @Test
  void theEmptyMarkerIsAnOrdinaryMember() {
    LongSet set = new LongSet(16);
    assertFalse(set.contains(Long.MIN_VALUE));
    assertTrue(set.add(Long.MIN_VALUE));
    assertFalse(set.add(Long.MIN_VALUE));
    assertTrue(set.contains(Long.MIN_VALUE));
    assertEquals(1, set.size());
    assertFalse(set.contains(0));
  }
}
