package dev.bufmgr.workloads.event;

import java.util.Arrays;

/**
 * An open-addressing hash map from long keys to non-negative int values, with linear probing
 * and backward-shift deletion (Knuth, TAOCP vol. 3, algorithm R). No object per entry, so
 * replaying millions of distinct pages stays lean.
 */
public final class LongIntMap {
  private static final int EMPTY = -1;

  private long[] keys;
  private int[] values;
  private int mask;
  private int size;
  private int resizeAt;
  /** Where {@link #touchHomes} leaves what it read, so the reads are made. */
  private long touched;

  /** A map sized for about {@code expected} entries without resizing. */
  public LongIntMap(int expected) {
    int cap = Integer.highestOneBit(Math.max(4, (int) Math.min(1 << 30, expected * 2L)) - 1) << 1;
    allocate(cap);
  }

  private void allocate(int cap) {
    keys = new long[cap];
    values = new int[cap];
    Arrays.fill(values, EMPTY);
    mask = cap - 1;
    resizeAt = (int) (cap * 0.6);
  }

  private static int slot(long key, int mask) {
    long h = key * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  /** The number of entries. */
  public int size() {
    return size;
  }

  /** The value for {@code key}, or -1 when absent. */
  public int get(long key) {
    long[] k = keys;
    int[] v = values;
    int m = mask;
    for (int i = slot(key, m); ; i = (i + 1) & m) {
      int val = v[i];
      if (val == EMPTY) return EMPTY;
      if (k[i] == key) return val;
    }
  }

  /**
   * Reads the home slot of each key of {@code keys[from..to)} and nothing else: no lookup, no
   * change. A loop about to look those keys up calls it first, so their cache misses are taken
   * together, where one lookup at a time would wait out each in turn.
   */
  public void touchHomes(long[] keys, int from, int to) {
    long[] k = this.keys;
    int[] v = values;
    int m = mask;
    long sum = 0;
    for (int i = from; i < to; i++) {
      int s = slot(keys[i], m);
      sum += k[s] + v[s];
    }
    touched += sum;
  }

  /** Sets {@code key} to {@code value} (which must be non-negative). */
  public void put(long key, int value) {
    if (value < 0) throw new IllegalArgumentException("values must be non-negative");
    int i = find(key);
    if (values[i] == EMPTY) {
      keys[i] = key;
      values[i] = value;
      if (++size > resizeAt) grow();
    } else {
      values[i] = value;
    }
  }

  /** Adds {@code key} with {@code value} when absent; returns the value now held. */
  public int putIfAbsent(long key, int value) {
    int i = find(key);
    if (values[i] != EMPTY) return values[i];
    keys[i] = key;
    values[i] = value;
    if (++size > resizeAt) grow();
    return value;
  }

  /** Removes {@code key}; returns its value, or -1 when it was absent. */
  public int remove(long key) {
    int i = find(key);
    int old = values[i];
    if (old == EMPTY) return EMPTY;
    size--;
    int m = mask;
    int hole = i;
    for (int j = (hole + 1) & m; values[j] != EMPTY; j = (j + 1) & m) {
      int home = slot(keys[j], m);
      boolean movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
      if (movable) {
        keys[hole] = keys[j];
        values[hole] = values[j];
        hole = j;
      }
    }
    values[hole] = EMPTY;
    return old;
  }

  private int find(long key) {
    int m = mask;
    int i = slot(key, m);
    while (values[i] != EMPTY && keys[i] != key) i = (i + 1) & m;
    return i;
  }

  private void grow() {
    long[] oldKeys = keys;
    int[] oldValues = values;
    allocate(oldKeys.length * 2);
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldValues[i] != EMPTY) {
        int j = find(oldKeys[i]);
        keys[j] = oldKeys[i];
        values[j] = oldValues[i];
      }
    }
  }
}
