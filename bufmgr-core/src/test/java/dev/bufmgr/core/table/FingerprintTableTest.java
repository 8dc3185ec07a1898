package dev.bufmgr.core.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A FingerprintTable whose keys live in an array indexed by the entries' values, against the JDK's
 * HashMap, through insertions, removals by entry and by slot, growth by copying, and refilling.
 * Keys are chosen so that many share a home slot, and some a whole fingerprint.
 */
class FingerprintTableTest {
  /** Keys by value: the table's owner, as the descriptors are for the mapping table. */
  private static final class Keyed extends FingerprintTable {
    final long[] keyOf;

    Keyed(int slots, long[] keyOf) {
      super(slots);
      this.keyOf = keyOf;
    }

    int get(long key) {
      int fp = fingerprint(LongHashing.hash(key));
      for (int i = home(fp); ; i = LongHashing.next(i, mask)) {
        long e = slots[i];
        if (e == EMPTY) return -1;
        if (fingerprintOf(e) == fp && keyOf[valueOf(e)] == key) return valueOf(e);
      }
    }

    /** Enters {@code key} with {@code value} where a lookup for the key stops, if it is absent. */
    boolean putIfAbsent(long key, int value) {
      int fp = fingerprint(LongHashing.hash(key));
      for (int i = home(fp); ; i = LongHashing.next(i, mask)) {
        long e = slots[i];
        if (e == EMPTY) {
          insertAt(i, entry(fp, value));
          return true;
        }
        if (fingerprintOf(e) == fp && keyOf[valueOf(e)] == key) return false;
      }
    }

    boolean removeKey(long key) {
      int fp = fingerprint(LongHashing.hash(key));
      for (int i = home(fp); ; i = LongHashing.next(i, mask)) {
        long e = slots[i];
        if (e == EMPTY) return false;
        if (fingerprintOf(e) == fp && keyOf[valueOf(e)] == key) {
          deleteAt(i);
          return true;
        }
      }
    }
  }

  private static long entryFor(long key, int value) {
    return FingerprintTable.entry(FingerprintTable.fingerprint(LongHashing.hash(key)), value);
  }

  @Test
  void agreesWithAHashMapThroughInsertsRemovalsGrowthAndRefills() {
    SplittableRandom r = new SplittableRandom(5);
    int values = 3_000;
    long[] keyOf = new long[values];
    ArrayDeque<Integer> free = new ArrayDeque<>();
    for (int v = 0; v < values; v++) free.push(v);
    Map<Long, Integer> model = new HashMap<>();
    Keyed table = new Keyed(16, keyOf);
    int grown = 0;
    int refilled = 0;
    for (int i = 0; i < 200_000; i++) {
      long key = r.nextLong(6_000) << 20;
      Integer held = model.get(key);
      if (held != null) {
        if (r.nextBoolean()) {
          assertTrue(table.removeKey(key), "remove by key " + key);
        } else {
          assertTrue(table.removeEntry(entryFor(key, held)), "remove by entry " + key);
          assertFalse(table.removeEntry(entryFor(key, held)), "already removed " + key);
        }
        model.remove(key);
        free.push(held);
      } else if (!free.isEmpty() && r.nextInt(3) > 0) {
        if (table.size() + 1 > table.slotCount() / 4 * 3) {
          Keyed larger = new Keyed(table.slotCount() * 2, keyOf);
          table.copyInto(larger);
          table = larger;
          grown++;
        }
        int v = free.pop();
        keyOf[v] = key;
        if (r.nextBoolean()) {
          table.insert(entryFor(key, v));
        } else {
          assertTrue(table.putIfAbsent(key, v));
        }
        assertFalse(table.putIfAbsent(key, v), "present " + key);
        model.put(key, v);
      }
      if (i % 20_000 == 19_999) {
        long[] entries = new long[model.size()];
        int n = 0;
        for (Map.Entry<Long, Integer> e : model.entrySet()) entries[n++] = entryFor(e.getKey(), e.getValue());
        table.refill(entries, n);
        refilled++;
      }
      long probe = r.nextLong(6_000) << 20;
      assertEquals(model.getOrDefault(probe, -1).intValue(), table.get(probe), "get " + probe);
      assertEquals(model.size(), table.size());
    }
    for (Map.Entry<Long, Integer> e : model.entrySet()) assertEquals(e.getValue().intValue(), table.get(e.getKey()));
    assertTrue(grown >= 7, "grew " + grown + " times");
    assertEquals(10, refilled);
  }

  @Test
  void anEntryIsFoundOnlyWhereItsKeyIsStored() {
    long[] keyOf = new long[4];
    Keyed table = new Keyed(8, keyOf);
    keyOf[2] = 99;
    table.insert(entryFor(99, 2));
    keyOf[2] = 100;
    assertEquals(-1, table.get(99), "value 2 no longer holds key 99");
    keyOf[1] = 99;
    table.insert(entryFor(99, 1));
    assertEquals(1, table.get(99));
    assertEquals(2, table.size());
  }

  @Test
  void refusesASizeThatIsNoPowerOfTwo() {
    assertThrows(IllegalArgumentException.class, () -> new Keyed(12, new long[1]));
    assertThrows(IllegalArgumentException.class, () -> new Keyed(1, new long[1]));
  }
}
