package dev.bufmgr.bench;

import dev.bufmgr.workloads.synth.Permutation;
import dev.bufmgr.workloads.synth.ScrambledZipf;
import dev.bufmgr.workloads.synth.SplitMix64;
import java.util.SplittableRandom;

/**
 * Precomputed key sequences for benchmark loops, drawn before the measurement so that drawing
 * costs nothing inside it (as Caffeine's {@code GetPutBenchmark} does). Keys are 0..keys-1.
 */
public final class KeySamples {
  private KeySamples() {}

  /** The key distributions the benchmarks offer. */
  public enum Distribution {
    /** Every key equally likely. */
    UNIFORM,
    /** The k-th most popular key (0-based) with probability proportional to 1/(k+1)^{@link #ZIPF_EXPONENT}. */
    ZIPF;

    /** Parses {@code uniform} or {@code zipf}. */
    public static Distribution parse(String text) {
      return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
        case "uniform" -> UNIFORM;
        case "zipf" -> ZIPF;
        default -> throw new IllegalArgumentException("unknown distribution '" + text + "' (expected uniform or zipf)");
      };
    }
  }

  /** The Zipf exponent: 0.99, YCSB's default (Cooper et al., SoCC 2010). */
  public static final double ZIPF_EXPONENT = 0.99;

  /** {@code length} keys of {@code distribution} over 0..keys-1, drawn with {@code seed}. */
  public static int[] draw(Distribution distribution, int keys, int length, long seed) {
    return switch (distribution) {
      case UNIFORM -> uniform(keys, length, seed);
      case ZIPF -> zipf(keys, ZIPF_EXPONENT, length, seed);
    };
  }

  /** {@code length} keys drawn uniformly from 0..keys-1. */
  public static int[] uniform(int keys, int length, long seed) {
    requirePositive(keys, length);
    SplittableRandom random = new SplittableRandom(seed);
    int[] out = new int[length];
    for (int i = 0; i < length; i++) out[i] = random.nextInt(keys);
    return out;
  }

  /**
   * {@code length} keys from 0..keys-1, Zipf-distributed with skew {@code exponent} in (0, 1), the
   * popular keys scattered by a permutation drawn from {@code seed}: the workloads' generator
   * ({@link ScrambledZipf}), so the benchmarks and the {@code zipf} workload draw alike.
   */
  public static int[] zipf(int keys, double exponent, int length, long seed) {
    requirePositive(keys, length);
    if (keys < 2) throw new IllegalArgumentException("zipf needs at least 2 keys, got " + keys);
    ScrambledZipf zipf = ScrambledZipf.scrambled(keys, exponent, SplitMix64.derive(seed, -1));
    SplitMix64 random = new SplitMix64(seed);
    int[] out = new int[length];
    for (int i = 0; i < length; i++) out[i] = (int) zipf.page(random.nextDouble());
    return out;
  }

  /** The keys 0..keys-1 in a seeded random order (the workloads' {@link Permutation}). */
  public static int[] permutation(int keys, long seed) {
    if (keys < 1) throw new IllegalArgumentException("keys must be at least 1, got " + keys);
    Permutation order = new Permutation(keys, seed);
    int[] out = new int[keys];
    for (int i = 0; i < keys; i++) out[i] = order.apply(i);
    return out;
  }

  private static void requirePositive(int keys, int length) {
    if (keys < 1) throw new IllegalArgumentException("keys must be at least 1, got " + keys);
    if (length < 1) throw new IllegalArgumentException("length must be at least 1, got " + length);
  }
}
