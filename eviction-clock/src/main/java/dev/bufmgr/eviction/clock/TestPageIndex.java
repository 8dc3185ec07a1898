package dev.bufmgr.eviction.clock;

import java.util.Arrays;

/**
 * CLOCK-Pro's index of non-resident cold pages in their test period: page id to the ring entry
 * that stands for it, for at most a fixed number of pages. Open addressing with linear probing
 * and deletion by backward shift, so a miss allocates nothing. Not thread-safe: the selector's
 * lock guards it.
 */
final class TestPageIndex {
  static final int ABSENT = -1;

  private final long[] pages;
  private final int[] entries;
  private final int mask;
  private int size;

  /** An empty index for up to {@code capacity} pages. */
  TestPageIndex(int capacity) {
    int slots = Integer.highestOneBit(Math.max(2, capacity) * 2 - 1) << 1;
    pages = new long[slots];
    entries = new int[slots];
    Arrays.fill(entries, ABSENT);
    mask = slots - 1;
  }

  /** The entry of {@code page}, or {@link #ABSENT}. */
  int get(long page) {
    for (int i = slot(page); ; i = (i + 1) & mask) {
      int e = entries[i];
      if (e == ABSENT || pages[i] == page) return e;
    }
  }

  /** Maps {@code page} to {@code entry}; the page must be absent. */
  void put(long page, int entry) {
    int i = slot(page);
    while (entries[i] != ABSENT) i = (i + 1) & mask;
    pages[i] = page;
    entries[i] = entry;
    size++;
  }

  /** Forgets {@code page}; nothing when absent. */
  void remove(long page) {
    int i = slot(page);
    while (entries[i] != ABSENT && pages[i] != page) i = (i + 1) & mask;
    if (entries[i] == ABSENT) return;
    size--;
    int hole = i;
    for (int j = (hole + 1) & mask; entries[j] != ABSENT; j = (j + 1) & mask) {
      int home = slot(pages[j]);
      boolean movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
      if (movable) {
        pages[hole] = pages[j];
        entries[hole] = entries[j];
        hole = j;
      }
    }
    entries[hole] = ABSENT;
  }

  /** Pages held. */
  int size() {
    return size;
  }

  private int slot(long page) {
    long h = page * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }
}
