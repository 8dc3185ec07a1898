package dev.bufmgr.eviction.s3fifo;

import java.util.Arrays;

/**
 * A primitive map from page id to a small non-negative int, by open addressing with linear
 * probing and backward-shift deletion (Knuth 6.4, Algorithm R), so it never fills with
 * tombstones. Fixed capacity, at most half full; no boxing. Not thread-safe.
 */
final class PageSlotIndex {
  private static final int EMPTY = -1;

  private final long[] keys;
  private final int[] values;
  private final int mask;

  /** An index for at most {@code capacity} pages. */
  PageSlotIndex(int capacity) {
    int size = Integer.highestOneBit(Math.max(4, capacity) * 2 - 1) << 1;
    this.keys = new long[size];
    this.values = new int[size];
    this.mask = size - 1;
    Arrays.fill(values, EMPTY);
  }

  /** The value stored for {@code page}, or -1. */
  int get(long page) {
    for (int i = home(page); ; i = (i + 1) & mask) {
      int v = values[i];
      if (v == EMPTY) return EMPTY;
      if (keys[i] == page) return v;
    }
  }

  /** Stores {@code value} (non-negative) for {@code page}, which must not be present. */
  void put(long page, int value) {
    int i = home(page);
    while (values[i] != EMPTY) i = (i + 1) & mask;
    keys[i] = page;
    values[i] = value;
  }

  /** Removes {@code page} and returns its value, or -1 when absent. */
  int remove(long page) {
    int i = home(page);
    while (true) {
      int v = values[i];
      if (v == EMPTY) return EMPTY;
      if (keys[i] == page) break;
      i = (i + 1) & mask;
    }
    int removed = values[i];
    int hole = i;
    for (int j = (hole + 1) & mask; values[j] != EMPTY; j = (j + 1) & mask) {
      int h = home(keys[j]);
      boolean staysPut = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
      if (!staysPut) {
        keys[hole] = keys[j];
        values[hole] = values[j];
        hole = j;
      }
    }
    values[hole] = EMPTY;
    return removed;
  }

  private int home(long page) {
    long h = page * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }
}
