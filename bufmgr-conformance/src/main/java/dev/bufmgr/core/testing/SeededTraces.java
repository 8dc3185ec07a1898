package dev.bufmgr.core.testing;

import dev.bufmgr.core.buffer.AccessStrategy;
import java.util.SplittableRandom;

/**
 * Seeded random request streams for tests: a skewed OLTP part over a small hot set mixed with
 * uniform reads, sequential bulk scans through the BULKREAD ring and occasional VACUUM and
 * BULKWRITE bursts, so that hits, ring reuse and the usage counts all get exercised.
 */
public final class SeededTraces {
  private SeededTraces() {}

  /**
   * A stream of {@code length} requests over {@code pages} distinct pages.
   *
   * @param withRings whether bulk strategies appear at all
   */
  public static Request[] mixed(long seed, int length, int pages, boolean withRings) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Request[] out = new Request[length];
    int hot = Math.max(1, pages / 10);
    long scanPos = 0;
    int i = 0;
    while (i < length) {
      int kind = rnd.nextInt(100);
      if (withRings && kind < 8) {
        AccessStrategy s = kind < 5 ? AccessStrategy.BULKREAD : kind < 7 ? AccessStrategy.VACUUM : AccessStrategy.BULKWRITE;
        int run = 1 + rnd.nextInt(Math.max(2, pages / 4));
        for (int k = 0; k < run && i < length; k++) {
          long page = scanPos++ % pages;
          out[i++] = new Request(page, s, s != AccessStrategy.BULKREAD && rnd.nextBoolean());
        }
      } else if (kind < 70) {
        out[i++] = new Request(rnd.nextInt(hot), AccessStrategy.NORMAL, rnd.nextInt(10) == 0);
      } else {
        out[i++] = new Request(rnd.nextInt(pages), AccessStrategy.NORMAL, rnd.nextInt(10) == 0);
      }
    }
    return out;
  }
}
