package dev.bufmgr.eviction.s3fifo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.Sharing;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The ghost FIFO and its primitive index, against hand-worked sequences and plain collections. */
class GhostDirectoryTest {

  @Test
  void dropsTheOldestIdWhenFull() {
    GhostDirectory g = new GhostDirectory(3, 0, Sharing.SHARED);
    g.add(1, false);
    g.add(2, false);
    g.add(3, false);
    g.add(4, false);
    assertFalse(g.contains(1));
    assertTrue(g.contains(2) && g.contains(3) && g.contains(4));
    assertTrue(g.remove(3));
    assertFalse(g.remove(3));
    g.add(5, false);
    assertEquals(3, g.size(), "removing 3 made room: nothing else left");
    assertTrue(g.contains(2));
    g.add(6, false);
    assertFalse(g.contains(2), "2 was the oldest");
  }

  @Test
  void ringIdsPastTheCapPushOutTheOldestRingIdFirst() {
    // capacity 5, ring cap 2. Normal 1, ring 10, normal 2, ring 11, then ring 12: G is not full,
    // but ring ids are at the cap, so the oldest ring id (10) leaves, not the oldest id (1).
    GhostDirectory g = new GhostDirectory(5, 2, Sharing.SHARED);
    g.add(1, false);
    g.add(10, true);
    g.add(2, false);
    g.add(11, true);
    g.add(12, true);
    assertTrue(g.contains(1));
    assertFalse(g.contains(10));
    assertEquals(4, g.size());
    assertEquals(2, g.ringSize());
    g.add(3, false);
    g.add(4, false);
    assertFalse(g.contains(1), "G full: the oldest id leaves, whatever its origin");
    assertEquals(5, g.size());
    assertEquals(2, g.ringSize());
  }

  @Test
  void aZeroCapKeepsNoRingIds() {
    GhostDirectory g = new GhostDirectory(4, 0, Sharing.SHARED);
    g.add(1, false);
    g.add(10, true);
    assertFalse(g.contains(10));
    assertTrue(g.contains(1));
    assertEquals(1, g.size());
  }

  @Test
  void refusesImpossibleSizes() {
    assertThrows(IllegalArgumentException.class, () -> new GhostDirectory(0, 0, Sharing.SHARED));
    assertThrows(IllegalArgumentException.class, () -> new GhostDirectory(4, 5, Sharing.SHARED));
  }

  /** The ghost's rules on a LinkedHashMap (id to whether it came from a ring read), in arrival order. */
  private static final class GhostModel {
    final LinkedHashMap<Long, Boolean> ids = new LinkedHashMap<>();
    final int capacity;
    final int ringCap;
    int rings;

    GhostModel(int capacity, int ringCap) {
      this.capacity = capacity;
      this.ringCap = ringCap;
    }

    /** Appends an absent id: first the oldest ring id leaves if ring ids are at the cap, then the oldest id if full. */
    void add(long page, boolean ring) {
      if (ring) {
        if (ringCap == 0) return;
        if (rings == ringCap && removeFirst(ids, true)) rings--;
      }
      if (ids.size() == capacity && removeFirst(ids, false)) rings--;
      ids.put(page, ring);
      if (ring) rings++;
    }

    /** Removes an id; says whether it was there. */
    boolean remove(long page) {
      Boolean wasRing = ids.remove(page);
      if (wasRing != null && wasRing) rings--;
      return wasRing != null;
    }

    void check(GhostDirectory g, String where) {
      assertEquals(ids.size(), g.size(), where);
      assertEquals(rings, g.ringSize(), where);
    }
  }

  @ParameterizedTest
  @CsvSource({"1, SHARED", "2, SHARED", "7, SHARED", "64, SHARED", "1000, SHARED", "7, EXCLUSIVE", "1000, EXCLUSIVE"})
  void matchesALinkedHashMapUnderRandomOperations(int capacity, Sharing sharing) {
    GhostDirectory g = new GhostDirectory(capacity, capacity / 3, sharing);
    GhostModel model = new GhostModel(capacity, capacity / 3);
    SplittableRandom rnd = new SplittableRandom(capacity);
    for (int i = 0; i < 100_000; i++) {
      long page = rnd.nextLong(capacity * 3L) - capacity;
      if (rnd.nextInt(3) == 0) {
        assertEquals(model.remove(page), g.remove(page), "remove " + page + " at step " + i);
      } else if (model.ids.containsKey(page)) {
        assertTrue(g.contains(page));
      } else {
        boolean ring = rnd.nextInt(4) == 0;
        model.add(page, ring);
        g.add(page, ring);
      }
      model.check(g, "step " + i);
    }
    for (long page : model.ids.keySet()) assertTrue(g.contains(page));
  }

  @ParameterizedTest
  @CsvSource({"16, 5", "100, 30", "100, 0"})
  void holesLeftByGhostHitsAreSkippedAndPackedAway(int capacity, int ringCap) {
    GhostDirectory g = new GhostDirectory(capacity, ringCap, Sharing.EXCLUSIVE);
    GhostModel model = new GhostModel(capacity, ringCap);
    SplittableRandom rnd = new SplittableRandom(capacity * 31L + ringCap);
    long nextPage = 0;
    for (int round = 0; round < 2_000; round++) {
      for (int k = 0; k < capacity / 2 + 1; k++) {
        long page = nextPage++;
        boolean ring = rnd.nextInt(3) == 0;
        model.add(page, ring);
        g.add(page, ring);
      }
      List<Long> present = new ArrayList<>(model.ids.keySet());
      for (int k = 0; k < present.size() / 2; k++) {
        long page = present.get(rnd.nextInt(present.size()));
        assertEquals(model.remove(page), g.remove(page), "ghost hit on " + page + " in round " + round);
      }
      model.check(g, "round " + round);
    }
    for (long page : model.ids.keySet()) assertTrue(g.contains(page));
    assertFalse(g.contains(nextPage));
  }

  /** Slots for index tests: a page per slot and whether the slot still holds it. */
  private static final class TestSlots implements PageSlotIndex.Slots {
    final long[] pages;
    final boolean[] live;

    TestSlots(int n) {
      pages = new long[n];
      live = new boolean[n];
    }

    @Override
    public boolean holds(int slot, long page) {
      return live[slot] && pages[slot] == page;
    }

    @Override
    public long pageAt(int slot) {
      return pages[slot];
    }
  }

  @Test
  void indexMatchesAHashMapWithOutdatedEntriesLeftBehindAndRebuilt() {
    TestSlots slots = new TestSlots(500);
    PageSlotIndex index = new PageSlotIndex(750, slots);
    Map<Long, Integer> plain = new HashMap<>();
    ArrayDeque<Integer> freeSlots = new ArrayDeque<>();
    for (int s = 0; s < 500; s++) freeSlots.push(s);
    SplittableRandom rnd = new SplittableRandom(7);
    int rebuilds = 0;
    for (int i = 0; i < 300_000; i++) {
      long page = rnd.nextInt(2000) * 0x1_0000_0000L + rnd.nextInt(3);
      if (plain.containsKey(page)) {
        int slot = plain.remove(page);
        if (rnd.nextBoolean()) {
          assertEquals(slot, index.remove(page));
        } else {
          int before = index.entries();
          slots.live[slot] = false;
          assertEquals(before, index.entries(), "dropping a slot's page leaves its entry behind");
        }
        slots.live[slot] = false;
        freeSlots.push(slot);
      } else if (!freeSlots.isEmpty()) {
        if (index.entries() == index.capacity()) {
          int[] used = plain.values().stream().mapToInt(Integer::intValue).toArray();
          index.rebuild(used, used.length);
          assertEquals(plain.size(), index.entries());
          rebuilds++;
        }
        int slot = freeSlots.pop();
        assertTrue(index.putIfAbsent(page, slot));
        slots.pages[slot] = page;
        slots.live[slot] = true;
        plain.put(page, slot);
        assertFalse(index.putIfAbsent(page, freeSlots.isEmpty() ? slot : freeSlots.peek()), "a present page keeps its slot");
      } else {
        assertEquals(-1, index.remove(page));
      }
      long probe = rnd.nextInt(2000) * 0x1_0000_0000L + rnd.nextInt(3);
      assertEquals(plain.getOrDefault(probe, -1), index.get(probe));
    }
    assertTrue(rebuilds > 10, "rebuilt " + rebuilds + " times");
  }

  @Test
  void aMatchingFingerprintIsNotEnoughWithoutThePage() {
    TestSlots slots = new TestSlots(4);
    PageSlotIndex index = new PageSlotIndex(4, slots);
    slots.pages[2] = 99;
    slots.live[2] = true;
    assertTrue(index.putIfAbsent(99, 2));
    slots.pages[2] = 100;
    assertEquals(-1, index.get(99), "slot 2 no longer holds page 99");
    assertTrue(index.putIfAbsent(99, 1), "the outdated entry does not count as the page");
    slots.pages[1] = 99;
    slots.live[1] = true;
    assertEquals(1, index.get(99));
    assertEquals(2, index.entries());
    index.rebuild(new int[] {1, 2}, 2);
    assertEquals(1, index.get(99));
    assertEquals(-1, index.get(98));
  }

  /** Removes the oldest entry (the oldest ring entry when {@code ringOnly}); returns whether it was a ring entry. */
  private static boolean removeFirst(LinkedHashMap<Long, Boolean> map, boolean ringOnly) {
    Iterator<Map.Entry<Long, Boolean>> it = map.entrySet().iterator();
    while (it.hasNext()) {
      boolean ring = it.next().getValue();
      if (ring || !ringOnly) {
        it.remove();
        return ring;
      }
    }
    throw new AssertionError("nothing to remove");
  }
}
