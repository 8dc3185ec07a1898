package dev.bufmgr.eviction.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The test-page index against a HashMap under random puts and removes, full and colliding. */
class TestPageIndexTest {

  @Test
  void agreesWithAHashMap() {
    SplittableRandom r = new SplittableRandom(11);
    for (int capacity : new int[] {1, 2, 7, 64}) {
      TestPageIndex index = new TestPageIndex(capacity);
      Map<Long, Integer> expected = new HashMap<>();
      List<Long> held = new ArrayList<>();
      for (int i = 0; i < 50_000; i++) {
        long page = r.nextInt(4) == 0 ? r.nextLong() : r.nextInt(3 * capacity) * 1024L;
        if (held.size() < capacity && !expected.containsKey(page) && r.nextBoolean()) {
          int entry = r.nextInt(1 << 20);
          index.put(page, entry);
          expected.put(page, entry);
          held.add(page);
        } else if (!held.isEmpty()) {
          long gone = held.remove(r.nextInt(held.size()));
          index.remove(gone);
          expected.remove(gone);
        }
        if (!expected.containsKey(page + 1)) index.remove(page + 1);
        assertEquals(expected.getOrDefault(page, TestPageIndex.ABSENT), index.get(page), "capacity " + capacity);
        assertEquals(expected.size(), index.size());
        for (long p : held) assertEquals(expected.get(p), index.get(p));
      }
    }
  }
}
