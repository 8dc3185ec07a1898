package dev.bufmgr.core.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * LongIntHashMap against the JDK's HashMap through growth, backward-shift removals and
 * reinsertion, with {@link LongIntHashMap#touchHomes} called between the changes: touching reads
 * and leaves every entry as it was.
 */
class LongIntHashMapTest {

  @Test
  void agreesWithAHashMapThroughGrowthRemovalsAndTouches() {
    LongIntHashMap map = new LongIntHashMap(4);
    Map<Long, Integer> model = new HashMap<>();
    SplittableRandom r = new SplittableRandom(11);
    long[] recent = new long[100];
    for (int i = 0; i < 200_000; i++) {
      long key = i % 3 == 0 ? r.nextLong() : r.nextLong(4_000) - 2_000;
      if (i % 5_000 == 0) key = Long.MIN_VALUE;
      recent[i % recent.length] = key;
      switch (r.nextInt(4)) {
        case 0, 1 -> {
          int value = r.nextInt(1 << 20);
          map.put(key, value);
          model.put(key, value);
        }
        case 2 -> {
          Integer old = model.remove(key);
          assertEquals(old == null ? LongIntHashMap.ABSENT : old, map.remove(key), "remove " + key);
        }
        default -> assertEquals(model.computeIfAbsent(key, k -> 5).intValue(), map.putIfAbsent(key, 5), "putIfAbsent " + key);
      }
      if (i % 97 == 0) map.touchHomes(recent, r.nextInt(50), 50 + r.nextInt(51));
      if (i % 1000 == 0) assertEquals(model.size(), map.size());
    }
    assertEquals(model.size(), map.size());
    for (Map.Entry<Long, Integer> e : model.entrySet()) assertEquals(e.getValue().intValue(), map.get(e.getKey()), "get " + e.getKey());
    for (int i = 0; i < 10_000; i++) {
      long probe = r.nextLong();
      assertEquals(model.getOrDefault(probe, LongIntHashMap.ABSENT).intValue(), map.get(probe));
    }
  }

  /** Sized for its peak, as CLOCK-Pro's test-page index is: full and with colliding keys. */
  @Test
  void agreesWithAHashMapWhenHeldAtItsExpectedSize() {
    SplittableRandom r = new SplittableRandom(11);
    for (int capacity : new int[] {1, 2, 7, 64}) {
      LongIntHashMap map = new LongIntHashMap(capacity);
      Map<Long, Integer> model = new HashMap<>();
      List<Long> held = new ArrayList<>();
      for (int i = 0; i < 50_000; i++) {
        long page = r.nextInt(4) == 0 ? r.nextLong() : r.nextInt(3 * capacity) * 1024L;
        if (held.size() < capacity && !model.containsKey(page) && r.nextBoolean()) {
          int entry = r.nextInt(1 << 20);
          map.put(page, entry);
          model.put(page, entry);
          held.add(page);
        } else if (!held.isEmpty()) {
          long gone = held.remove(r.nextInt(held.size()));
          assertEquals(model.remove(gone).intValue(), map.remove(gone));
        }
        if (!model.containsKey(page + 1)) assertEquals(LongIntHashMap.ABSENT, map.remove(page + 1));
        assertEquals(model.getOrDefault(page, LongIntHashMap.ABSENT).intValue(), map.get(page), "capacity " + capacity);
        assertEquals(model.size(), map.size());
        for (long p : held) assertEquals(model.get(p).intValue(), map.get(p));
      }
    }
  }

  @Test
  void refusesANegativeValue() {
    assertThrows(IllegalArgumentException.class, () -> new LongIntHashMap(8).put(1, -1));
    assertThrows(IllegalArgumentException.class, () -> new LongIntHashMap(8).putIfAbsent(Long.MIN_VALUE, -1));
  }
}
