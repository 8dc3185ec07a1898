package dev.bufmgr.workloads.event;

/**
 * A set of longs by open addressing with linear probing in one array of keys, for counting
 * distinct page ids as a stream goes by: a lookup reads one array (one cache miss for a page not
 * seen lately, where a map with a separate value array takes two). Any long may be a member; one
 * value stands for an empty slot and is tracked beside the table.
 */
public final class LongSet {
  private static final long EMPTY = Long.MIN_VALUE;

  private long[] keys;
  private int mask;
  private int size;
  private int resizeAt;
  private boolean hasEmptyValue;

  /** A set sized for about {@code expected} members before it first grows. */
  public LongSet(int expected) {
    allocate(Integer.highestOneBit(Math.max(8, (int) Math.min(1 << 29, expected * 2L)) - 1) << 1);
  }

  /**
   * Grows past three quarters full rather than half (slots come in powers of two, so often half
   * the memory for the same members): more of a facts counter's set stays in cache beside the
   * replay on the other core (figures: reports/design-measurements.md).
   */
  private void allocate(int cap) {
    keys = new long[cap];
    java.util.Arrays.fill(keys, EMPTY);
    mask = cap - 1;
    resizeAt = cap - (cap >>> 2);
  }

  private static int slot(long key, int mask) {
    long h = key * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  /** Adds {@code key}; returns true when it was not a member before. */
  public boolean add(long key) {
    if (key == EMPTY) {
      if (hasEmptyValue) return false;
      hasEmptyValue = true;
      size++;
      return true;
    }
    long[] k = keys;
    int m = mask;
    int i = slot(key, m);
    for (long at; (at = k[i]) != EMPTY; i = (i + 1) & m) {
      if (at == key) return false;
    }
    k[i] = key;
    if (++size - (hasEmptyValue ? 1 : 0) > resizeAt) grow();
    return true;
  }

  /** Whether {@code key} is a member. */
  public boolean contains(long key) {
    if (key == EMPTY) return hasEmptyValue;
    long[] k = keys;
    int m = mask;
    for (int i = slot(key, m); ; i = (i + 1) & m) {
      long at = k[i];
      if (at == key) return true;
      if (at == EMPTY) return false;
    }
  }

  /** The number of members. */
  public int size() {
    return size;
  }

  private void grow() {
    long[] old = keys;
    allocate(old.length * 2);
    long[] k = keys;
    int m = mask;
    for (long key : old) {
      if (key == EMPTY) continue;
      int i = slot(key, m);
      while (k[i] != EMPTY) i = (i + 1) & m;
      k[i] = key;
    }
  }
}
