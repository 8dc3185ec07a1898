package dev.bufmgr.workloads.synth;

/**
 * The project's one Zipf generator: a Zipf(theta)-distributed rank ({@link ZipfianRanks}, Gray
 * et al.'s method as YCSB uses it) mapped to a page through a seeded {@link Permutation}, so that
 * the popular pages lie scattered over the page space rather than at its start (YCSB's
 * "scrambled Zipfian", with a true bijection in place of its hash). Deterministic: the same pages,
 * theta and scramble seed map the same uniform numbers to the same pages. The constants and the
 * permutation are computed once per set of parameters and kept ({@link ZipfianCache}), so several
 * streams or benchmarks over one key space share them. The synthetic {@code zipf} workload and
 * the contention benchmarks' key samples both draw from it.
 */
public final class ScrambledZipf {
  private final ZipfianRanks ranks;
  /** Rank to page; null when ranks are the pages themselves. */
  private final Permutation scramble;

  private ScrambledZipf(ZipfianRanks ranks, Permutation scramble) {
    this.ranks = ranks;
    this.scramble = scramble;
  }

  /**
   * Pages in [0, pages), 2..2^28 of them, with skew {@code theta} in (0, 1), ranks scattered by
   * the permutation drawn with {@code scrambleSeed}.
   */
  public static ScrambledZipf scrambled(long pages, double theta, long scrambleSeed) {
    ZipfianRanks ranks = ZipfianCache.ranks(pages, theta);
    return new ScrambledZipf(ranks, ZipfianCache.permutation(Math.toIntExact(pages), scrambleSeed));
  }

  /** As {@link #scrambled}, but page r is the r-th most popular (page 0 the most). */
  public static ScrambledZipf unscrambled(long pages, double theta) {
    return new ScrambledZipf(ZipfianCache.ranks(pages, theta), null);
  }

  /** The page for a uniform {@code u} in [0, 1). */
  public long page(double u) {
    long rank = ranks.rank(u);
    return scramble == null ? rank : scramble.apply(rank);
  }
}
