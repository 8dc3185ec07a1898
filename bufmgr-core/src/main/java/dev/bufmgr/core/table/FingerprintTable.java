package dev.bufmgr.core.table;

import java.util.Arrays;

/**
 * An open-addressing table of one-word entries for keys that live elsewhere: each entry holds the
 * low 32 bits of the key's {@link LongHashing#hash} (a fingerprint, which also gives the entry's
 * home slot) and a non-negative int that locates the key (a buffer, a position in a FIFO). A
 * probe then touches one 8-byte word per slot, half of what a key and a value would take, and a
 * table holds 8 bytes per slot.
 *
 * <p>Only the owner can tell whether an entry with a matching fingerprint stands for a given key
 * (it compares the key stored where the value points), so this class provides the layout,
 * insertion, deletion by backward shift ({@link LongHashing#fillsHole}), growth and rebuilding,
 * and a subclass adds the lookup with its own check. Linear probing from the home slot, as in
 * {@link LongKeyTable}; sizing and locking are the subclass's. Not thread-safe by itself.
 */
public abstract class FingerprintTable {
  /** An empty slot; no entry equals it, since an entry's value is non-negative. */
  protected static final long EMPTY = -1L;

  /** The slots: {@link #EMPTY} or an entry. */
  protected final long[] slots;
  /** The number of slots less one. */
  protected final int mask;
  private int size;
  /** Scratch for {@link #refill}, made on first use. */
  private int[] homeStarts;
  private long[] ordered;

  /** An empty table of {@code slotCount} slots, a power of two. */
  protected FingerprintTable(int slotCount) {
    if (slotCount < 2 || Integer.bitCount(slotCount) != 1 || slotCount > LongHashing.MAX_SLOTS) {
      throw new IllegalArgumentException("slots must be a power of two in 2.." + LongHashing.MAX_SLOTS + ", got " + slotCount);
    }
    slots = new long[slotCount];
    Arrays.fill(slots, EMPTY);
    mask = slotCount - 1;
  }

  /** The fingerprint of a key whose {@link LongHashing#hash} is {@code hash}: its low 32 bits. */
  public static int fingerprint(long hash) {
    return (int) hash;
  }

  /** The entry for {@code value} (non-negative) under fingerprint {@code fingerprint}. */
  public static long entry(int fingerprint, int value) {
    return ((long) fingerprint << 32) | value;
  }

  /** The fingerprint of an entry. */
  public static int fingerprintOf(long entry) {
    return (int) (entry >>> 32);
  }

  /** The value of an entry. */
  public static int valueOf(long entry) {
    return (int) entry;
  }

  /** The home slot of entries with fingerprint {@code fingerprint}. */
  protected final int home(int fingerprint) {
    return fingerprint & mask;
  }

  /** The number of entries. */
  public final int size() {
    return size;
  }

  /** The number of slots. */
  public final int slotCount() {
    return slots.length;
  }

  /** Bytes held by the slots. */
  public final long bytes() {
    return (long) slots.length * Long.BYTES;
  }

  /** Puts {@code entry} into the first empty slot from its home; the caller keeps a slot empty. */
  protected final void insert(long entry) {
    int i = home(fingerprintOf(entry));
    while (slots[i] != EMPTY) i = LongHashing.next(i, mask);
    slots[i] = entry;
    size++;
  }

  /**
   * Puts {@code entry} into {@code slot}, an empty slot that a probe from the entry's home reached
   * without passing another empty one (where a subclass's lookup for the key stopped).
   */
  protected final void insertAt(int slot, long entry) {
    slots[slot] = entry;
    size++;
  }

  /** Deletes the entry equal to {@code entry}; returns whether there was one. */
  protected final boolean removeEntry(long entry) {
    int i = home(fingerprintOf(entry));
    while (true) {
      long e = slots[i];
      if (e == EMPTY) return false;
      if (e == entry) break;
      i = LongHashing.next(i, mask);
    }
    deleteAt(i);
    return true;
  }

  /** Empties slot {@code slot}, shifting the later entries of its cluster back toward their homes. */
  protected final void deleteAt(int slot) {
    long[] s = slots;
    int m = mask;
    int hole = slot;
    for (int j = LongHashing.next(hole, m); s[j] != EMPTY; j = LongHashing.next(j, m)) {
      if (LongHashing.fillsHole(hole, j, home(fingerprintOf(s[j])))) {
        s[hole] = s[j];
        hole = j;
      }
    }
    s[hole] = EMPTY;
    size--;
  }

  /** Inserts every entry of this table into {@code larger}, an empty table, to replace this one. */
  protected final void copyInto(FingerprintTable larger) {
    for (long e : slots) if (e != EMPTY) larger.insert(e);
  }

  /**
   * Empties the table and inserts {@code entries[0..count)}, ordered by home slot first (a
   * counting sort), so the table is written in one pass from start to end instead of touched at
   * random. The caller keeps {@code count} below the slot count.
   */
  protected final void refill(long[] entries, int count) {
    if (count >= slots.length) throw new IllegalStateException("table full: " + count + " entries for " + slots.length + " slots");
    if (homeStarts == null) homeStarts = new int[slots.length + 1];
    if (ordered == null || ordered.length < count) ordered = new long[Math.max(count, ordered == null ? 16 : ordered.length * 2)];
    int[] starts = homeStarts;
    long[] sorted = ordered;
    Arrays.fill(starts, 0);
    for (int k = 0; k < count; k++) starts[home(fingerprintOf(entries[k])) + 1]++;
    for (int h = 0; h < slots.length; h++) starts[h + 1] += starts[h];
    for (int k = 0; k < count; k++) {
      long e = entries[k];
      sorted[starts[home(fingerprintOf(e))]++] = e;
    }
    Arrays.fill(slots, EMPTY);
    size = 0;
    for (int k = 0; k < count; k++) insert(sorted[k]);
  }
}
