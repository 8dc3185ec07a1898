package dev.bufmgr.workloads.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * LongIntMap against the JDK's HashMap through growth and backward-shift removals, with {@link
 * LongIntMap#touchHomes} called between the changes: touching reads and leaves every entry as it was.
 */
class LongIntMapTest {

  @Test
  void agreesWithAHashMapThroughGrowthRemovalsAndTouches() {
    LongIntMap map = new LongIntMap(4);
    Map<Long, Integer> reference = new HashMap<>();
    SplittableRandom r = new SplittableRandom(11);
    long[] recent = new long[100];
    for (int i = 0; i < 200_000; i++) {
      long key = i % 3 == 0 ? r.nextLong() : r.nextLong(4_000) - 2_000;
      recent[i % recent.length] = key;
      switch (r.nextInt(4)) {
        case 0, 1 -> {
          int value = r.nextInt(1 << 20);
          map.put(key, value);
          reference.put(key, value);
        }
        case 2 -> {
          Integer old = reference.remove(key);
          assertEquals(old == null ? -1 : old, map.remove(key), "remove " + key);
        }
        default -> assertEquals(reference.computeIfAbsent(key, k -> 5).intValue(), map.putIfAbsent(key, 5), "putIfAbsent " + key);
      }
      if (i % 97 == 0) map.touchHomes(recent, r.nextInt(50), 50 + r.nextInt(51));
      if (i % 1000 == 0) assertEquals(reference.size(), map.size());
    }
    assertEquals(reference.size(), map.size());
    for (Map.Entry<Long, Integer> e : reference.entrySet()) assertEquals(e.getValue().intValue(), map.get(e.getKey()), "get " + e.getKey());
    for (int i = 0; i < 10_000; i++) {
      long probe = r.nextLong();
      assertEquals(reference.getOrDefault(probe, -1).intValue(), map.get(probe));
    }
  }

  @Test
  void refusesANegativeValue() {
    assertThrows(IllegalArgumentException.class, () -> new LongIntMap(8).put(1, -1));
  }
}
