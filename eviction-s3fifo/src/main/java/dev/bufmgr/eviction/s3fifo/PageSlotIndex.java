package dev.bufmgr.eviction.s3fifo;

import dev.bufmgr.core.table.FingerprintTable;
import dev.bufmgr.core.table.LongHashing;

/**
 * The index of the ghost FIFO: page id to the slot that holds it, a {@link FingerprintTable} whose
 * entries hold a fingerprint of the page and the slot. The page itself lives in its slot, and an
 * entry counts only while its slot still holds its page ({@link Slots#holds}): the owner may drop
 * an id from its slots without touching the index, leaving an outdated entry that lookups skip,
 * and clears such entries out with {@link #rebuild}. That is why it is not a map of the family
 * ({@code LongIntHashMap}): dropping an id would then cost a random access into the map, where
 * here it costs none, and an entry would take twice the bytes. It is at most two-thirds full,
 * outdated entries included. Not thread-safe.
 */
final class PageSlotIndex extends FingerprintTable {
  /** Where the index checks what a slot holds. */
  interface Slots {
    /** Whether {@code slot} holds {@code page} now. */
    boolean holds(int slot, long page);

    /** The page in {@code slot}, for a slot that holds one. */
    long pageAt(int slot);
  }

  /** The most entries an index may hold, outdated ones included. */
  static final int MAX_CAPACITY = 1 << 28;

  private final int capacity;
  private final Slots holder;
  /** Where {@link #touchHomes} leaves what it read, so the reads are made. */
  private long touched;
  /** Scratch for {@link #rebuild}, made on first use. */
  private long[] rebuilt;

  /** An index for at most {@code capacity} entries, 1..{@link #MAX_CAPACITY}, checked against {@code slots}. */
  PageSlotIndex(int capacity, Slots slots) {
    super(slotCountFor(capacity));
    this.capacity = capacity;
    this.holder = slots;
  }

  private static int slotCountFor(int capacity) {
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw new IllegalArgumentException("index capacity must lie in 1.." + MAX_CAPACITY + ", got " + capacity);
    }
    return LongHashing.powerOfTwoAtLeast(Math.max(4L, capacity + (capacity + 1L) / 2), 2);
  }

  /** Entries held, outdated ones included. */
  int entries() {
    return size();
  }

  /** The most entries it may hold. */
  int capacity() {
    return capacity;
  }

  /** The slot holding {@code page}, or -1. */
  int get(long page) {
    int i = find(page, pageFingerprint(page));
    return i < 0 ? -1 : valueOf(slots[i]);
  }

  /**
   * Records that {@code slot} holds {@code page} unless a slot already does; says whether it
   * recorded. The slot's page may be set before or after. The caller keeps the entries within
   * the capacity (rebuilding first when they would exceed it).
   */
  boolean putIfAbsent(long page, int slot) {
    int fp = pageFingerprint(page);
    int i = find(page, fp);
    if (i >= 0) return false;
    if (size() == capacity) throw new IllegalStateException("page index full: " + capacity + " entries");
    insertAt(-i - 1, entry(fp, slot));
    return true;
  }

  /**
   * Reads the home position of the page in each of the first {@code n} of {@code slotsInUse}
   * ({@code pages} indexed by slot) and nothing else, so that a caller about to enter them takes
   * their cache misses together.
   */
  void touchHomes(long[] pages, int[] slotsInUse, int n) {
    long[] table = slots;
    long sum = 0;
    for (int k = 0; k < n; k++) sum += table[home(pageFingerprint(pages[slotsInUse[k]]))];
    touched += sum;
  }

  /** Removes the entry of {@code page} and returns its slot, or -1 when no slot holds it. */
  int remove(long page) {
    int i = find(page, pageFingerprint(page));
    if (i < 0) return -1;
    int slot = valueOf(slots[i]);
    deleteAt(i);
    return slot;
  }

  /**
   * Clears every entry and enters {@code count} slots anew, from {@code slotsInUse}, each with the
   * page it holds, written in the order of their home positions ({@link #refill}).
   */
  void rebuild(int[] slotsInUse, int count) {
    if (count > capacity) throw new IllegalStateException("page index full: " + count + " > " + capacity);
    if (rebuilt == null) rebuilt = new long[capacity];
    long[] entries = rebuilt;
    for (int k = 0; k < count; k++) {
      int slot = slotsInUse[k];
      entries[k] = entry(pageFingerprint(holder.pageAt(slot)), slot);
    }
    refill(entries, count);
  }

  /**
   * The position in the table of the entry whose slot holds {@code page}, whose fingerprint is
   * {@code fp}; or {@code -position - 1} for the empty position where the probe stopped.
   */
  private int find(long page, int fp) {
    long[] table = slots;
    for (int i = home(fp); ; i = LongHashing.next(i, mask)) {
      long e = table[i];
      if (e == EMPTY) return -i - 1;
      if (fingerprintOf(e) == fp && holder.holds(valueOf(e), page)) return i;
    }
  }

  /** The fingerprint of a page: the low 32 bits of its {@link LongHashing#hash}. */
  private static int pageFingerprint(long page) {
    return fingerprint(LongHashing.hash(page));
  }
}
