package dev.bufmgr.workloads.synth;

/**
 * Steele, Lea and Flood's SplitMix64 generator ("Fast splittable pseudorandom number
 * generators", OOPSLA 2014): a 64-bit state advanced by a constant and mixed by a finalizer.
 * Written here so a seed gives the same stream on every JDK.
 */
public final class SplitMix64 {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;
  private long state;

  /** A generator started from {@code seed}. */
  public SplitMix64(long seed) {
    this.state = seed;
  }

  /** The next 64 random bits. */
  public long nextLong() {
    long z = (state += GOLDEN);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** A double uniform in [0, 1), from the top 53 bits. */
  public double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }

  /** A long uniform in [0, bound) for bound >= 1 (Lemire's multiply-high mapping). */
  public long nextLong(long bound) {
    return Math.unsignedMultiplyHigh(nextLong(), bound);
  }

  /** A seed for a derived stream, independent of this generator's next values. */
  public static long derive(long seed, long index) {
    return new SplitMix64(seed ^ (index * 0xD1B54A32D192ED03L)).nextLong();
  }
}
