package dev.bufmgr.core.table;

/**
 * The hashing and the rules of linear probing that every open-addressing table for long keys in
 * this project follows: one hash of the key, the home slot in its bits, a probe that steps to the
 * next slot, and the test that backward-shift deletion (Knuth, TAOCP vol. 3, section 6.4,
 * Algorithm R) applies to each entry after a hole. Tables are powers of two in size.
 */
public final class LongHashing {
  /** The most slots a table may have. */
  public static final int MAX_SLOTS = 1 << 30;

  private LongHashing() {}

  /**
   * Stafford's variant 13 of the MurmurHash3 finalizer: every bit of the result depends on every
   * bit of the key, so both the low bits (a home slot, a fingerprint) and the high bits (a
   * partition) of page ids that differ only in a few low bits spread out.
   */
  public static long hash(long key) {
    long z = key;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** The slot where the probe for a key with hash {@code hash} starts, in a table of {@code mask + 1} slots. */
  public static int home(long hash, int mask) {
    return (int) hash & mask;
  }

  /** The slot after {@code slot}, wrapping around. */
  public static int next(int slot, int mask) {
    return (slot + 1) & mask;
  }

  /**
   * Whether the entry in slot {@code at}, whose home is {@code home}, moves back into the hole at
   * {@code hole} when the entry there is deleted: it does unless its home lies cyclically in
   * {@code (hole, at]}, where it would then no longer be found.
   */
  public static boolean fillsHole(int hole, int at, int home) {
    return hole <= at ? (home <= hole || home > at) : (home <= hole && home > at);
  }

  /** The smallest power of two that is at least {@code n} and at least {@code min}; fails past {@link #MAX_SLOTS}. */
  public static int powerOfTwoAtLeast(long n, int min) {
    long p = Math.max(1, min);
    while (p < n) p <<= 1;
    if (p > MAX_SLOTS) throw new IllegalArgumentException("hash table too large: " + n + " slots");
    return (int) p;
  }
}
