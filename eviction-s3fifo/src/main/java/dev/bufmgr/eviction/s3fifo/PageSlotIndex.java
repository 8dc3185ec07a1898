package dev.bufmgr.eviction.s3fifo;

import java.util.Arrays;

/**
 * The index of the ghost FIFO: page id to the slot that holds it, by open addressing with linear
 * probing and backward-shift deletion (Knuth 6.4, Algorithm R), so it never fills with
 * tombstones. An entry is one word: the low 32 bits of the page's hash (a fingerprint, which also
 * gives the home position) and the slot. The page itself lives in its slot, and an entry counts
 * only while its slot still holds its page ({@link Slots#holds}): the owner may drop an id from
 * its slots without touching the index, leaving an outdated entry that lookups skip, and clears
 * such entries out with {@link #rebuild}. A probe touches one word, so the table holds 8 bytes per
 * position; it is at most two-thirds full, outdated entries included. Not thread-safe.
 */
final class PageSlotIndex {
  /** Where the index checks what a slot holds. */
  interface Slots {
    /** Whether {@code slot} holds {@code page} now. */
    boolean holds(int slot, long page);

    /** The page in {@code slot}, for a slot that holds one. */
    long pageAt(int slot);
  }

  private static final long EMPTY = -1;

  /** The most entries an index may hold, outdated ones included. */
  static final int MAX_CAPACITY = 1 << 28;

  private final long[] table;
  private final int mask;
  private final int capacity;
  private final Slots slots;
  private int entries;
  /** Where {@link #touchHomes} leaves what it read, so the reads are made. */
  private long touched;
  /** Scratch for {@link #rebuild}, made on first use. */
  private int[] homeStarts;
  private long[] ordered;

  /** An index for at most {@code capacity} entries, 1..{@link #MAX_CAPACITY}, checked against {@code slots}. */
  PageSlotIndex(int capacity, Slots slots) {
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw new IllegalArgumentException("index capacity must lie in 1.." + MAX_CAPACITY + ", got " + capacity);
    }
    long wanted = Math.max(4L, capacity + (capacity + 1L) / 2);
    int size = (int) Long.highestOneBit((wanted - 1) << 1);
    this.table = new long[size];
    this.mask = size - 1;
    this.capacity = capacity;
    this.slots = slots;
    Arrays.fill(table, EMPTY);
  }

  /** Entries held, outdated ones included. */
  int entries() {
    return entries;
  }

  /** The most entries it may hold. */
  int capacity() {
    return capacity;
  }

  /** The slot holding {@code page}, or -1. */
  int get(long page) {
    int fp = fingerprint(page);
    for (int i = fp & mask; ; i = (i + 1) & mask) {
      long e = table[i];
      if (e == EMPTY) return -1;
      if ((int) (e >>> 32) == fp && slots.holds((int) e, page)) return (int) e;
    }
  }

  /**
   * Records that {@code slot} holds {@code page} unless a slot already does; says whether it
   * recorded. The slot's page may be set before or after. The caller keeps the entries within
   * the capacity (rebuilding first when they would exceed it).
   */
  boolean putIfAbsent(long page, int slot) {
    int fp = fingerprint(page);
    int i = fp & mask;
    while (true) {
      long e = table[i];
      if (e == EMPTY) break;
      if ((int) (e >>> 32) == fp && slots.holds((int) e, page)) return false;
      i = (i + 1) & mask;
    }
    if (entries == capacity) throw new IllegalStateException("page index full: " + capacity + " entries");
    table[i] = entry(fp, slot);
    entries++;
    return true;
  }

  /**
   * Reads the home position of the page in each of the first {@code n} of {@code slotsInUse}
   * ({@code pages} indexed by slot) and nothing else, so that a caller about to enter them takes
   * their cache misses together.
   */
  void touchHomes(long[] pages, int[] slotsInUse, int n) {
    long sum = 0;
    for (int k = 0; k < n; k++) sum += table[fingerprint(pages[slotsInUse[k]]) & mask];
    touched += sum;
  }

  /** Removes the entry of {@code page} and returns its slot, or -1 when no slot holds it. */
  int remove(long page) {
    int fp = fingerprint(page);
    for (int i = fp & mask; ; i = (i + 1) & mask) {
      long e = table[i];
      if (e == EMPTY) return -1;
      if ((int) (e >>> 32) == fp && slots.holds((int) e, page)) {
        deleteAt(i);
        return (int) e;
      }
    }
  }

  /**
   * Clears every entry and enters {@code count} slots anew, from {@code slotsInUse}, each with the
   * page it holds. The entries are written in the order of their home positions, so the table is
   * walked once instead of touched at random.
   */
  void rebuild(int[] slotsInUse, int count) {
    if (count > capacity) throw new IllegalStateException("page index full: " + count + " > " + capacity);
    if (homeStarts == null) {
      homeStarts = new int[table.length + 1];
      ordered = new long[capacity];
    }
    int[] starts = homeStarts;
    long[] sorted = ordered;
    Arrays.fill(starts, 0);
    for (int k = 0; k < count; k++) starts[(fingerprint(slots.pageAt(slotsInUse[k])) & mask) + 1]++;
    for (int h = 0; h < table.length; h++) starts[h + 1] += starts[h];
    for (int k = 0; k < count; k++) {
      int slot = slotsInUse[k];
      int fp = fingerprint(slots.pageAt(slot));
      sorted[starts[fp & mask]++] = entry(fp, slot);
    }
    Arrays.fill(table, EMPTY);
    for (int k = 0; k < count; k++) {
      long e = sorted[k];
      int i = (int) (e >>> 32) & mask;
      while (table[i] != EMPTY) i = (i + 1) & mask;
      table[i] = e;
    }
    entries = count;
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
    entries--;
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
