package dev.bufmgr.workloads.synth;

/**
 * A seeded random permutation of [0, n), precomputed by Fisher-Yates, so popularity ranks map to
 * page ids scattered over the whole page space (a true bijection, unlike YCSB's FNV hash of the
 * rank, which collides).
 */
public final class Permutation {
  private final int[] map;

  /** A permutation of {@code n} items drawn with {@code seed}. */
  public Permutation(int n, long seed) {
    map = new int[n];
    for (int i = 0; i < n; i++) map[i] = i;
    SplitMix64 rng = new SplitMix64(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = (int) rng.nextLong(i + 1);
      int t = map[i];
      map[i] = map[j];
      map[j] = t;
    }
  }

  /** The image of {@code i}. */
  public int apply(long i) {
    return map[(int) i];
  }
}
