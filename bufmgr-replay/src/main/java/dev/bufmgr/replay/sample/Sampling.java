package dev.bufmgr.replay.sample;

import dev.bufmgr.core.table.LongHashing;
import java.util.Locale;

/**
 * How a replay samples its input spatially, by page: SHARDS (Waldspurger, Park, Garthwaite and
 * Ahmad, "Efficient MRC Construction with SHARDS", FAST '15) keeps every request to a page whose
 * hash satisfies {@code hash(page) mod P < T}, so a page is either always or never sampled and the
 * sample holds a share R = T/P of the pages with every request to them.
 *
 * <p>Fixed rate ({@code maxPages == 0}): T = round(rate x P) throughout. Fixed size ({@code
 * maxPages > 0}, SHARDS with s_max): T starts at round(rate x P) and, whenever one more distinct
 * page would make the sample hold more than {@code maxPages}, falls to the largest hash value in
 * the sample, dropping every page with that value ({@link FixedSizeSample}), so R = T/P falls as
 * the trace reveals pages and the sample never holds more than {@code maxPages} of them.
 *
 * <p>The hash is SplitMix64's output for the state {@code page} (Steele, Lea and Flood, OOPSLA
 * 2014; the JDK's {@code new SplittableRandom(page).nextLong()}): Stafford's variant 13 of the
 * MurmurHash3 finalizer ({@link LongHashing#hash}) applied to {@code page + 0x9E3779B97F4A7C15}.
 * It is a bijection of 64-bit ids with every output bit depending on every input bit, so pages
 * whose ids differ in a few low bits (consecutive blocks) are kept independently and a rate is
 * unbiased on any id layout. The offset makes it a different function from the page tables' own
 * {@code LongHashing.hash(page)}: the sampled pages' low hash bits are all small, and with the same
 * function they would crowd the first slots of every open-addressing table in the miniature cache
 * (and page 0, a fixed point of the finalizer, would always be sampled). No seed: a page is sampled
 * alike in every run, so rows of different runs and policies see the same sample.
 *
 * @param rate the (starting) share of pages, in (0, 1]
 * @param maxPages s_max, the most distinct pages the sample may hold; 0 for fixed rate
 * @param modulus P, a power of two from 2 to 2^62 (so {@code mod P} is a mask); SHARDS's
 *     implementation uses 2^24 ({@link #DEFAULT_MODULUS})
 */
public record Sampling(double rate, int maxPages, long modulus) {
  /** P of the SHARDS paper's implementation, 2^24: rates to 6e-8 apart. */
  public static final long DEFAULT_MODULUS = 1L << 24;

  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

  private static final String GRAMMAR = "a rate in (0, 1] such as 0.01 or 1%, pages=N for a fixed-size sample, or RATE,pages=N";

  public Sampling {
    if (!(rate > 0 && rate <= 1)) throw new IllegalArgumentException("the sampling rate must lie in (0, 1], got " + rate);
    if (maxPages < 0) throw new IllegalArgumentException("the most sampled pages must be at least 1, got " + maxPages);
    if (modulus < 2 || modulus > 1L << 62 || Long.bitCount(modulus) != 1) {
      throw new IllegalArgumentException("the sampling modulus must be a power of two from 2 to 2^62, got " + modulus);
    }
    if (Math.round(rate * modulus) < 1) {
      throw new IllegalArgumentException("the sampling rate " + rate + " keeps no hash value below modulus " + modulus);
    }
  }

  /** Fixed-rate sampling at {@code rate} with P = 2^24. */
  public static Sampling ofRate(double rate) {
    return new Sampling(rate, 0, DEFAULT_MODULUS);
  }

  /** Fixed-size sampling of at most {@code maxPages} distinct pages, from rate 1 down, with P = 2^24. */
  public static Sampling ofMaxPages(int maxPages) {
    if (maxPages < 1) throw new IllegalArgumentException("the most sampled pages must be at least 1, got " + maxPages);
    return new Sampling(1, maxPages, DEFAULT_MODULUS);
  }

  /**
   * Parses {@code --sample}: a rate ({@code 0.01} or {@code 1%}), {@code pages=N} (fixed size from
   * rate 1) or {@code RATE,pages=N} (fixed size from that rate).
   *
   * @throws IllegalArgumentException in one line naming the text and what it should be
   */
  public static Sampling parse(String text) {
    String t = text == null ? "" : text.strip();
    String ratePart = t;
    int maxPages = 0;
    int comma = t.indexOf(',');
    String pagesPart = comma >= 0 ? t.substring(comma + 1).strip() : t.startsWith("pages=") ? t : null;
    if (pagesPart != null) {
      ratePart = comma >= 0 ? t.substring(0, comma).strip() : "1";
      if (!pagesPart.startsWith("pages=")) throw fault(text, "'" + pagesPart + "' is not pages=N");
      try {
        long n = Long.parseLong(pagesPart.substring("pages=".length()).strip());
        if (n < 1 || n > Integer.MAX_VALUE) throw fault(text, "pages must lie in 1.." + Integer.MAX_VALUE);
        maxPages = (int) n;
      } catch (NumberFormatException e) {
        throw fault(text, "pages must be a whole number");
      }
    }
    double rate;
    try {
      boolean percent = ratePart.endsWith("%");
      rate = Double.parseDouble(percent ? ratePart.substring(0, ratePart.length() - 1) : ratePart) / (percent ? 100 : 1);
    } catch (NumberFormatException e) {
      throw fault(text, "not a rate");
    }
    if (!(rate > 0 && rate <= 1)) throw fault(text, "the rate must lie in (0, 1]");
    try {
      return new Sampling(rate, maxPages, DEFAULT_MODULUS);
    } catch (IllegalArgumentException e) {
      throw fault(text, e.getMessage());
    }
  }

  private static IllegalArgumentException fault(String text, String why) {
    return new IllegalArgumentException("'" + text + "': " + why + " (give " + GRAMMAR + ")");
  }

  /** Whether this is the fixed-size variant. */
  public boolean fixedSize() {
    return maxPages > 0;
  }

  /** T at the start: round(rate x P), at least 1. */
  public long initialThreshold() {
    return Math.round(rate * modulus);
  }

  /** The sampling hash of {@code page} (see the class comment). */
  public static long hash(long page) {
    return LongHashing.hash(page + GOLDEN_GAMMA);
  }

  /** {@code hash(page) mod P}: the page is sampled while this is below T. */
  public long value(long page) {
    return hash(page) & (modulus - 1);
  }

  /** The spec as {@link #parse} reads it back (the modulus aside). */
  public String text() {
    String r = String.format(Locale.ROOT, "%s", rate);
    if (!fixedSize()) return r;
    return rate == 1 ? "pages=" + maxPages : r + ",pages=" + maxPages;
  }
}
