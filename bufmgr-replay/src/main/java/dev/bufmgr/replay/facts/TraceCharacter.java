package dev.bufmgr.replay.facts;

import java.io.Serial;
import java.io.Serializable;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a trace is like: its size, how many pages it requests once, how far apart re-references
 * are, how skewed its popularity is and how much of it writes. Counted by {@link
 * CharacterCounter} in one pass; {@link #values} names every figure as {@code bufmgr analyze}, a
 * sweep's facts cache and its rows write it.
 *
 * <p>Reuse distances are LRU stack distances ({@link StackDistances}: other distinct pages since
 * the page's previous request) over the re-references only, cold misses left out and counted
 * apart; a percentile is the nearest-rank one (the smallest distance at or below which at least
 * that share of re-references fall). The Zipf skew follows libCacheSim's traceAnalyzer
 * ({@code traceAnalyzer/popularity.cpp}, aa0fc40): alpha is minus the least-squares slope of
 * ln(requests) against ln(rank) over every page, ranked by requests, most requested first; like
 * libCacheSim it is not fitted for fewer than {@value #MIN_FIT_PAGES} pages.
 *
 * @param requests page requests
 * @param footprint distinct pages
 * @param oneHitPages pages requested exactly once
 * @param writes requests that write, or -1 when the trace's format carries no reads and writes
 * @param reuse the reuse-distance percentiles at {@link #PERCENTILES}, each -1 when no page is requested twice
 * @param zipfAlpha the Zipf skew estimate, NaN when not fitted
 * @param zipfR2 the fit's coefficient of determination, NaN when not fitted
 */
public record TraceCharacter(long requests, long footprint, long oneHitPages, long writes, long[] reuse, double zipfAlpha,
    double zipfR2) implements Serializable {
  @Serial private static final long serialVersionUID = 1L;

  /** The reuse-distance percentiles reported. */
  public static final List<Integer> PERCENTILES = List.of(10, 25, 50, 75, 90, 99);

  /** Fewer distinct pages than this get no Zipf fit (libCacheSim's {@code Popularity::run} floor). */
  public static final int MIN_FIT_PAGES = 200;

  /** The names {@link #values} gives, in order. */
  public static final List<String> NAMES = names();

  /** Copies the percentiles. */
  public TraceCharacter {
    if (reuse.length != PERCENTILES.size()) throw new IllegalArgumentException(reuse.length + " reuse percentiles, not " + PERCENTILES.size());
    reuse = reuse.clone();
  }

  @Override
  public long[] reuse() {
    return reuse.clone();
  }

  /** Pages requested once, as a share of the footprint (the one-hit wonders). */
  public double oneHitShare() {
    return footprint == 0 ? Double.NaN : (double) oneHitPages / footprint;
  }

  /** Requests to pages requested once, as a share of the requests. */
  public double oneHitRequestShare() {
    return requests == 0 ? Double.NaN : (double) oneHitPages / requests;
  }

  /** Cold misses (first requests: one per distinct page) as a share of the requests. */
  public double coldShare() {
    return requests == 0 ? Double.NaN : (double) footprint / requests;
  }

  /** Writes as a share of the requests; NaN when unknown (the format carries no reads and writes). */
  public double writeShare() {
    return writes < 0 || requests == 0 ? Double.NaN : (double) writes / requests;
  }

  /**
   * Every figure by name, in {@link #NAMES} order: {@code requests}, {@code footprint} (longs),
   * {@code oneHitWonders}, {@code oneHitRequests}, {@code coldMisses} (shares), {@code reuseP10} ..
   * {@code reuseP99} (distinct pages), {@code zipfAlpha}, {@code zipfR2}, {@code writeShare}:
   * doubles, null where unknown.
   */
  public Map<String, Object> values() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("requests", requests);
    m.put("footprint", footprint);
    m.put("oneHitWonders", orNull(oneHitShare()));
    m.put("oneHitRequests", orNull(oneHitRequestShare()));
    m.put("coldMisses", orNull(coldShare()));
    for (int i = 0; i < reuse.length; i++) m.put("reuseP" + PERCENTILES.get(i), reuse[i] < 0 ? null : (double) reuse[i]);
    m.put("zipfAlpha", orNull(zipfAlpha));
    m.put("zipfR2", orNull(zipfR2));
    m.put("writeShare", orNull(writeShare()));
    return m;
  }

  /**
   * The character {@link #values} gave, or null when {@code m} lacks any of its figures (a
   * record written before they were counted).
   *
   * @throws IllegalArgumentException when a figure is there but not a number
   */
  public static TraceCharacter fromValues(Map<String, Object> m) {
    if (!m.keySet().containsAll(NAMES)) return null;
    long requests = whole(m, "requests");
    long footprint = whole(m, "footprint");
    double oneHit = real(m, "oneHitWonders");
    long oneHitPages = Double.isNaN(oneHit) ? 0 : Math.round(oneHit * footprint);
    double writeShare = real(m, "writeShare");
    long writes = Double.isNaN(writeShare) ? -1 : Math.round(writeShare * requests);
    long[] reuse = new long[PERCENTILES.size()];
    for (int i = 0; i < reuse.length; i++) {
      double v = real(m, "reuseP" + PERCENTILES.get(i));
      reuse[i] = Double.isNaN(v) ? -1 : Math.round(v);
    }
    return new TraceCharacter(requests, footprint, oneHitPages, writes, reuse, real(m, "zipfAlpha"), real(m, "zipfR2"));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TraceCharacter c && requests == c.requests && footprint == c.footprint && oneHitPages == c.oneHitPages
        && writes == c.writes && Arrays.equals(reuse, c.reuse) && Double.compare(zipfAlpha, c.zipfAlpha) == 0
        && Double.compare(zipfR2, c.zipfR2) == 0;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(requests) * 31 + Arrays.hashCode(reuse);
  }

  @Override
  public String toString() {
    return values().toString();
  }

  private static List<String> names() {
    return List.copyOf(new TraceCharacter(0, 0, 0, -1, new long[PERCENTILES.size()], Double.NaN, Double.NaN).values().keySet());
  }

  private static Double orNull(double v) {
    return Double.isNaN(v) ? null : v;
  }

  private static long whole(Map<String, Object> m, String k) {
    if (m.get(k) instanceof Long l) return l;
    throw new IllegalArgumentException("field '" + k + "' is not a whole number");
  }

  private static double real(Map<String, Object> m, String k) {
    Object v = m.get(k);
    if (v == null) return Double.NaN;
    if (v instanceof Number n) return n.doubleValue();
    throw new IllegalArgumentException("field '" + k + "' is not a number");
  }
}
