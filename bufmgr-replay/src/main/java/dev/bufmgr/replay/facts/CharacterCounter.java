package dev.bufmgr.replay.facts;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.replay.OnePassReplay;
import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.workloads.stream.BlockConsumer;
import dev.bufmgr.workloads.stream.EventBlock;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Counts a trace's {@link TraceCharacter} as its blocks go by (one thread, in order), keeping
 * its popularity (requests per page, ranked) and reuse-distance histogram for charts. Memory is
 * {@link StackDistances}'s, about 60 to 90 bytes a distinct page, whatever the trace's length.
 */
public final class CharacterCounter implements BlockConsumer {
  private final boolean writesKnown;
  private final StackDistances distances = new StackDistances();
  private long writes;

  /** A counter for an input carrying {@code carries}: writes are counted when they include {@link EventField#WRITES}. */
  public CharacterCounter(Set<EventField> carries) {
    this.writesKnown = carries.contains(EventField.WRITES);
  }

  /**
   * What one pass over {@code input} found.
   *
   * @throws IllegalArgumentException or {@link java.io.UncheckedIOException} when the input cannot be read
   */
  public static Profile count(ReplayInput input) {
    CharacterCounter c = new CharacterCounter(input.carries());
    OnePassReplay.run(input.open(), null, List.of(), List.of(c), 1);
    return c.profile();
  }

  @Override
  public void accept(EventBlock block) {
    int n = block.size();
    long[] pages = block.pages();
    for (int i = 0; i < n; i++) distances.access(pages[i]);
    int[] meta = block.meta();
    if (writesKnown && meta != null) {
      for (int i = 0; i < n; i++) if (EventMeta.isWrite(meta[i])) writes++;
    }
  }

  /**
   * A trace's character with the distributions behind it.
   *
   * @param character the figures
   * @param popularity requests per page, most requested first (rank r is index r-1)
   * @param reuseHistogram re-references at each reuse distance {@code 0 .. length-1}
   */
  public record Profile(TraceCharacter character, long[] popularity, long[] reuseHistogram) {}

  /** What was counted so far. */
  public Profile profile() {
    long[] counts = distances.counts();
    Arrays.sort(counts);
    long[] ranked = new long[counts.length];
    long once = 0;
    for (int i = 0; i < counts.length; i++) {
      ranked[i] = counts[counts.length - 1 - i];
      if (counts[i] == 1) once++;
    }
    long[] hist = distances.histogram();
    int last = hist.length;
    while (last > 0 && hist[last - 1] == 0) last--;
    hist = Arrays.copyOf(hist, last);
    double[] fit = zipf(ranked);
    TraceCharacter c = new TraceCharacter(distances.requests(), counts.length, once, writesKnown ? writes : -1, percentiles(hist),
        fit[0], fit[1]);
    return new Profile(c, ranked, hist);
  }

  /** Nearest-rank percentiles of the histogram at {@link TraceCharacter#PERCENTILES}; -1 each when it is empty. */
  static long[] percentiles(long[] hist) {
    long total = 0;
    for (long h : hist) total += h;
    long[] out = new long[TraceCharacter.PERCENTILES.size()];
    for (int p = 0; p < out.length; p++) {
      if (total == 0) {
        out[p] = -1;
        continue;
      }
      // The smallest distance d with at least ceil(q * total / 100) re-references at or below it.
      long rank = Math.max(1, (TraceCharacter.PERCENTILES.get(p) * total + 99) / 100);
      long seen = 0;
      int d = 0;
      while (seen + hist[d] < rank) seen += hist[d++];
      out[p] = d;
    }
    return out;
  }

  /**
   * {alpha, r squared}: the least-squares line of ln(requests) on ln(rank) over every page, as
   * libCacheSim's {@code PopularityUtils::slope}; NaN both under {@link TraceCharacter#MIN_FIT_PAGES} pages.
   */
  static double[] zipf(long[] ranked) {
    int n = ranked.length;
    if (n < TraceCharacter.MIN_FIT_PAGES) return new double[] {Double.NaN, Double.NaN};
    double mx = 0;
    double my = 0;
    for (int i = 0; i < n; i++) {
      mx += Math.log(i + 1);
      my += Math.log(ranked[i]);
    }
    mx /= n;
    my /= n;
    double sxy = 0;
    double sxx = 0;
    double syy = 0;
    for (int i = 0; i < n; i++) {
      double dx = Math.log(i + 1) - mx;
      double dy = Math.log(ranked[i]) - my;
      sxy += dx * dy;
      sxx += dx * dx;
      syy += dy * dy;
    }
    // Every page requested equally often: a flat line, slope 0, and no variance for r squared to explain.
    boolean flat = ranked[0] == ranked[n - 1];
    return new double[] {flat ? 0 : -sxy / sxx, flat ? Double.NaN : sxy * sxy / (sxx * syy)};
  }
}
