package dev.bufmgr.core.table;

import java.util.Arrays;

/**
 * The open-addressing table under {@link LongHashSet} and {@link LongIntHashMap}: keys in one
 * array, probed linearly from their {@link LongHashing#home home}, with the map's values in a
 * second array beside them; grown by doubling past three quarters full; entries deleted by
 * backward shift, so no tombstones accumulate and a lookup stops at the first empty slot.
 *
 * <p>One key value, {@link #FREE}, marks an empty slot; a table that holds that key keeps it
 * beside the arrays, so every long is a valid key. No object is made per entry.
 */
public abstract sealed class LongKeyTable permits LongHashSet, LongIntHashMap {
  /** The key that marks an empty slot. */
  static final long FREE = Long.MIN_VALUE;

  long[] keys;
  /** The values, slot by slot; null in a set. */
  int[] values;
  int mask;
  /** Keys in the array, {@link #FREE} excluded. */
  private int used;
  private int growAt;
  /** The value of key {@link #FREE}, or -1 when the table lacks it. */
  int freeKeyValue = -1;
  /** Where {@link #touchHomes} leaves what it read, so the reads are made. */
  private long touched;

  /** A table sized for {@code expected} entries: they fill at most half of it. */
  LongKeyTable(int expected, boolean withValues) {
    if (expected < 0) throw new IllegalArgumentException("expected entries must be non-negative, got " + expected);
    allocate(LongHashing.powerOfTwoAtLeast(2L * expected, 8), withValues);
  }

  private void allocate(int slots, boolean withValues) {
    keys = new long[slots];
    Arrays.fill(keys, FREE);
    values = withValues ? new int[slots] : null;
    mask = slots - 1;
    growAt = slots - (slots >>> 2);
  }

  /** The number of entries. */
  public final int size() {
    return used + (freeKeyValue >= 0 ? 1 : 0);
  }

  /**
   * The slot holding {@code key} (not {@link #FREE}), or {@code -slot - 1} for the empty slot
   * where it would go.
   */
  final int find(long key) {
    long[] k = keys;
    int m = mask;
    for (int i = LongHashing.home(LongHashing.hash(key), m); ; i = LongHashing.next(i, m)) {
      long at = k[i];
      if (at == key) return i;
      if (at == FREE) return -i - 1;
    }
  }

  /**
   * Reads the home slot of each key of {@code keysToRead[from..to)} and nothing else: no lookup, no
   * change. A loop about to look those keys up calls it first, so their cache misses are taken
   * together, where one lookup at a time would wait out each in turn.
   */
  public final void touchHomes(long[] keysToRead, int from, int to) {
    long[] k = keys;
    int[] v = values;
    int m = mask;
    long sum = 0;
    for (int i = from; i < to; i++) {
      int s = LongHashing.home(LongHashing.hash(keysToRead[i]), m);
      sum += k[s];
      if (v != null) sum += v[s];
    }
    touched += sum;
  }

  /** Counts the key just written into empty slot {@code slot} (its value too), growing the table past three quarters full. */
  final void added() {
    if (++used > growAt) grow();
  }

  /** Deletes the entry in {@code slot}, shifting the later entries of its cluster back toward their homes. */
  final void deleteAt(int slot) {
    long[] k = keys;
    int[] v = values;
    int m = mask;
    int hole = slot;
    for (int j = LongHashing.next(hole, m); k[j] != FREE; j = LongHashing.next(j, m)) {
      if (LongHashing.fillsHole(hole, j, LongHashing.home(LongHashing.hash(k[j]), m))) {
        k[hole] = k[j];
        if (v != null) v[hole] = v[j];
        hole = j;
      }
    }
    k[hole] = FREE;
    used--;
  }

  private void grow() {
    long[] oldKeys = keys;
    int[] oldValues = values;
    if (oldKeys.length >= LongHashing.MAX_SLOTS) throw new IllegalStateException("hash table full: " + used + " keys");
    allocate(oldKeys.length * 2, oldValues != null);
    long[] k = keys;
    int m = mask;
    for (int i = 0; i < oldKeys.length; i++) {
      long key = oldKeys[i];
      if (key == FREE) continue;
      int j = LongHashing.home(LongHashing.hash(key), m);
      while (k[j] != FREE) j = LongHashing.next(j, m);
      k[j] = key;
      if (oldValues != null) values[j] = oldValues[i];
    }
  }
}
