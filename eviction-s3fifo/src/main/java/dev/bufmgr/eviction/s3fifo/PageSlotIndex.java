package dev.bufmgr.eviction.s3fifo;


/**
 * A primitive map from page id to a small non-negative int, by open addressing with linear
 * probing and backward-shift deletion (Knuth 6.4, Algorithm R), so it never fills with
 * tombstones. Key and value share one array, side by side, so a probe touches one cache line.
 * Fixed capacity, at most two-thirds full; no boxing. Not thread-safe.
 */
final class PageSlotIndex {
  private static final long EMPTY = -1;

  /** Key at 2i, value (or {@link #EMPTY}) at 2i + 1. */
  private final long[] table;
  private final int mask;

  /** The most pages an index may hold. */
  static final int MAX_CAPACITY = 1 << 28;

  /** An index for at most {@code capacity} pages, 1..{@link #MAX_CAPACITY}. */
  PageSlotIndex(int capacity) {
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw new IllegalArgumentException("index capacity must lie in 1.." + MAX_CAPACITY + ", got " + capacity);
    }
    long wanted = Math.max(4L, capacity + (capacity + 1L) / 2);
    int size = (int) Long.highestOneBit((wanted - 1) << 1);
    this.table = new long[size * 2];
    this.mask = size - 1;
    for (int i = 1; i < table.length; i += 2) table[i] = EMPTY;
  }

  /** The value stored for {@code page}, or -1. */
  int get(long page) {
    for (int i = home(page); ; i = (i + 1) & mask) {
      long v = table[2 * i + 1];
      if (v == EMPTY) return -1;
      if (table[2 * i] == page) return (int) v;
    }
  }

  /** Stores {@code value} (non-negative) for {@code page} unless it is present; says whether it stored. */
  boolean putIfAbsent(long page, int value) {
    int i = home(page);
    while (table[2 * i + 1] != EMPTY) {
      if (table[2 * i] == page) return false;
      i = (i + 1) & mask;
    }
    table[2 * i] = page;
    table[2 * i + 1] = value;
    return true;
  }

  /** Removes {@code page} and returns its value, or -1 when absent. */
  int remove(long page) {
    int i = home(page);
    while (true) {
      long v = table[2 * i + 1];
      if (v == EMPTY) return -1;
      if (table[2 * i] == page) break;
      i = (i + 1) & mask;
    }
    int removed = (int) table[2 * i + 1];
    int hole = i;
    for (int j = (hole + 1) & mask; table[2 * j + 1] != EMPTY; j = (j + 1) & mask) {
      int h = home(table[2 * j]);
      boolean staysPut = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
      if (!staysPut) {
        table[2 * hole] = table[2 * j];
        table[2 * hole + 1] = table[2 * j + 1];
        hole = j;
      }
    }
    table[2 * hole + 1] = EMPTY;
    return removed;
  }

  private int home(long page) {
    long h = page * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 29)) & mask;
  }
}
