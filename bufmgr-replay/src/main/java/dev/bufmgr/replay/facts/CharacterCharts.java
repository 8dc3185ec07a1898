package dev.bufmgr.replay.facts;

import dev.bufmgr.results.plot.AxisScale;
import dev.bufmgr.results.plot.LineChart;
import java.util.Arrays;
import java.util.Locale;

/**
 * The two charts of a trace's {@link CharacterCounter.Profile}: popularity (requests per page by
 * rank, log-log, as libCacheSim's {@code popularity.py} draws it) and the reuse-distance
 * distribution (the share of re-references at or below each LRU stack distance, log x). Both are
 * drawn from at most about {@value #POINTS} points taken at log-spaced ranks or distances, so a
 * chart of a trace of millions of pages stays small; the first and last rank and the largest
 * distance are always among them. Log axes run over whole decades, so both ends are labelled.
 */
public final class CharacterCharts {
  static final int POINTS = 400;

  private CharacterCharts() {}

  /** The popularity chart of the trace named {@code name} (its file name); the trace requests at least one page. */
  public static LineChart popularity(String name, CharacterCounter.Profile p) {
    long[] ranked = p.popularity();
    int[] at = logSpaced(ranked.length);
    double[] x = new double[at.length];
    double[] y = new double[at.length];
    for (int i = 0; i < at.length; i++) {
      x[i] = at[i] + 1;
      y[i] = ranked[at[i]];
    }
    double alpha = p.character().zipfAlpha();
    String fit = Double.isNaN(alpha) ? "no Zipf fit under " + TraceCharacter.MIN_FIT_PAGES + " pages"
        : String.format(Locale.ROOT, "Zipf alpha %.2f, r\u00b2 %.2f", alpha, p.character().zipfR2());
    return LineChart.of("Popularity: " + name + " (" + fit + ")", "page rank (most requested first)", "requests to the page")
        .series("requests", x, y).xScale(AxisScale.LOG).yScale(AxisScale.LOG).decadeEnds(true).legend(false);
  }

  /** The reuse-distance chart of the trace named {@code name}. */
  public static LineChart reuse(String name, CharacterCounter.Profile p) {
    long[] hist = p.reuseHistogram();
    long total = 0;
    for (long h : hist) total += h;
    int[] at = logSpaced(hist.length);
    double[] x = new double[at.length];
    double[] y = new double[at.length];
    long seen = 0;
    int d = 0;
    for (int i = 0; i < at.length; i++) {
      while (d <= at[i]) seen += hist[d++];
      x[i] = at[i] + 1;
      y[i] = total == 0 ? 0 : (double) seen / total;
    }
    if (total == 0) {
      x = new double[] {1};
      y = new double[] {0};
    }
    String cold = total == 0 ? "no page is requested twice"
        : String.format(Locale.ROOT, "cold misses %.1f%% of requests", 100 * p.character().coldShare());
    return LineChart.of("Reuse distances: " + name + " (re-references; " + cold + ")",
        "stack distance + 1 = LRU size that hits (pages)", "share of re-references at or below")
        .series("re-references", x, y).xScale(AxisScale.LOG).yRange(0.0, 1.0).decadeEnds(true).legend(false);
  }

  /** Indices {@code 0 .. n-1} at about {@value #POINTS} log-spaced places, ascending, first and last included. */
  static int[] logSpaced(int n) {
    if (n == 0) return new int[0];
    int[] out = new int[POINTS + 2];
    int k = 0;
    double step = Math.log(n) / POINTS;
    for (int i = 0; i <= POINTS; i++) {
      int idx = (int) Math.min(n - 1, Math.round(Math.exp(i * step)) - 1);
      if (k == 0 || idx > out[k - 1]) out[k++] = idx;
    }
    if (out[k - 1] != n - 1) out[k++] = n - 1;
    return Arrays.copyOf(out, k);
  }
}
