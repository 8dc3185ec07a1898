package dev.bufmgr.bench;

import java.util.Arrays;
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
    /** Key k (0-based rank) with probability proportional to 1/(k+1)^{@link #ZIPF_EXPONENT}. */
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
   * {@code length} keys from 0..keys-1 where key k has probability (1/(k+1)^s) / H(keys, s), drawn
   * by inverting the cumulative distribution.
   */
  public static int[] zipf(int keys, double exponent, int length, long seed) {
    requirePositive(keys, length);
    if (!(exponent > 0)) throw new IllegalArgumentException("zipf exponent must be positive, got " + exponent);
    double[] cdf = zipfCumulative(keys, exponent);
    SplittableRandom random = new SplittableRandom(seed);
    int[] out = new int[length];
    for (int i = 0; i < length; i++) out[i] = keyAt(cdf, random.nextDouble());
    return out;
  }

  /** The cumulative Zipf probabilities of keys 0..keys-1 (the last entry is exactly 1). */
  static double[] zipfCumulative(int keys, double exponent) {
    double[] cdf = new double[keys];
    double sum = 0;
    for (int k = 0; k < keys; k++) {
      sum += 1.0 / Math.pow(k + 1, exponent);
      cdf[k] = sum;
    }
    for (int k = 0; k < keys; k++) cdf[k] /= sum;
    cdf[keys - 1] = 1.0;
    return cdf;
  }

  /** The smallest key whose cumulative probability exceeds {@code u} (u in [0, 1)). */
  static int keyAt(double[] cdf, double u) {
    int i = Arrays.binarySearch(cdf, u);
    int k = i >= 0 ? i + 1 : -i - 1;
    return Math.min(k, cdf.length - 1);
  }

  /** The keys 0..keys-1 in a seeded random order (Fisher-Yates). */
  public static int[] permutation(int keys, long seed) {
    if (keys < 1) throw new IllegalArgumentException("keys must be at least 1, got " + keys);
    int[] out = new int[keys];
    for (int i = 0; i < keys; i++) out[i] = i;
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = keys - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = out[i];
      out[i] = out[j];
      out[j] = t;
    }
    return out;
  }

  private static void requirePositive(int keys, int length) {
    if (keys < 1) throw new IllegalArgumentException("keys must be at least 1, got " + keys);
    if (length < 1) throw new IllegalArgumentException("length must be at least 1, got " + length);
  }
}
