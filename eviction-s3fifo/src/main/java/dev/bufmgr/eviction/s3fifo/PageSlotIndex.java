package dev.bufmgr.eviction.s3fifo;

import java.util.Arrays;

/**
 * The index of the ghost FIFO: page id to the slot that holds it, by open addressing with linear
 * probing and backward-shift deletion (Knuth 6.4, Algorithm R), so it never fills with
 * tombstones. An entry is one word: the low 32 bits of the page's hash (a fingerprint, which also
 * gives the home position) and the slot. The page itself lives in its slot ({@link SlotPages}) and
 * is read only when a fingerprint matches, so a probe touches one word and the table holds 8 bytes
 * per position. Fixed capacity, at most two-thirds full; no boxing. Not thread-safe.
 */
final class PageSlotIndex {
  /** Where the index reads the page a slot holds. */
  @FunctionalInterface
  interface SlotPages {
    /** The page held by {@code slot}. */
    long pageAt(int slot);
  }

  private static final long EMPTY = -1;

  /** The most pages an index may hold. */
  static final int MAX_CAPACITY = 1 << 28;

  private final long[] table;
  private final int mask;
  private final SlotPages pages;

  /** An index for at most {@code capacity} pages, 1..{@link #MAX_CAPACITY}, whose pages {@code pages} gives. */
  PageSlotIndex(int capacity, SlotPages pages) {
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw new IllegalArgumentException("index capacity must lie in 1.." + MAX_CAPACITY + ", got " + capacity);
    }
    long wanted = Math.max(4L, capacity + (capacity + 1L) / 2);
    int size = (int) Long.highestOneBit((wanted - 1) << 1);
    this.table = new long[size];
    this.mask = size - 1;
    this.pages = pages;
    Arrays.fill(table, EMPTY);
  }

  /** The slot holding {@code page}, or -1. */
  int get(long page) {
    int fp = fingerprint(page);
    for (int i = fp & mask; ; i = (i + 1) & mask) {
      long e = table[i];
      if (e == EMPTY) return -1;
      if ((int) (e >>> 32) == fp && pages.pageAt((int) e) == page) return (int) e;
    }
  }

  /**
   * Records that {@code slot} holds {@code page} unless the page is present; says whether it
   * recorded. The slot's page may be set before or after.
   */
  boolean putIfAbsent(long page, int slot) {
    int fp = fingerprint(page);
    int i = fp & mask;
    while (true) {
      long e = table[i];
      if (e == EMPTY) break;
      if ((int) (e >>> 32) == fp && pages.pageAt((int) e) == page) return false;
      i = (i + 1) & mask;
    }
    table[i] = entry(fp, slot);
    return true;
  }

  /** Removes {@code page} and returns its slot, or -1 when absent. */
  int remove(long page) {
    int fp = fingerprint(page);
    for (int i = fp & mask; ; i = (i + 1) & mask) {
      long e = table[i];
      if (e == EMPTY) return -1;
      if ((int) (e >>> 32) == fp && pages.pageAt((int) e) == page) {
        deleteAt(i);
        return (int) e;
      }
    }
  }

  /** Removes the entry of {@code slot}, which holds {@code page}; says whether it was there. */
  boolean removeSlot(long page, int slot) {
    long wanted = entry(fingerprint(page), slot);
    for (int i = (int) (wanted >>> 32) & mask; ; i = (i + 1) & mask) {
      long e = table[i];
      if (e == EMPTY) return false;
      if (e == wanted) {
        deleteAt(i);
        return true;
      }
    }
  }

  /** Points the entry of {@code page} at {@code oldSlot} to {@code newSlot} instead; says whether it was there. */
  boolean relocate(long page, int oldSlot, int newSlot) {
    int fp = fingerprint(page);
    long wanted = entry(fp, oldSlot);
    for (int i = fp & mask; ; i = (i + 1) & mask) {
      long e = table[i];
      if (e == EMPTY) return false;
      if (e == wanted) {
        table[i] = entry(fp, newSlot);
        return true;
      }
    }
  }

  /** Empties position {@code i}, shifting later entries of its cluster back toward their homes. */
  private void deleteAt(int i) {
    int hole = i;
    for (int j = (hole + 1) & mask; table[j] != EMPTY; j = (j + 1) & mask) {
      int home = (int) (table[j] >>> 32) & mask;
      boolean staysPut = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
      if (!staysPut) {
        table[hole] = table[j];
        hole = j;
      }
    }
    table[hole] = EMPTY;
  }

  private static long entry(int fingerprint, int slot) {
    return ((long) fingerprint << 32) | slot;
  }

  /** The low 32 bits of a multiplicative hash (Fibonacci hashing) folded with its high bits. */
  private static int fingerprint(long page) {
    long h = page * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 29));
  }
}
