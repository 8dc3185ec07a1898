package dev.bufmgr.report;

import dev.bufmgr.replay.facts.TraceCharacter;
import dev.bufmgr.results.plot.BarChart;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.sweep.SweepRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The reduction from the baseline split by trace character: traces grouped into bands of Zipf
 * skew and of one-hit-wonder share (each trace's {@link TraceCharacter}, as its sweep rows carry
 * it), and per band, size and policy the mean and median reduction over the band's traces. The
 * bands are fixed, not fitted to the rows, so two reports compare: skew alpha below 0.6, 0.6 to
 * 0.8, 0.8 to 1.0, 1.0 and above (the range the S3-FIFO and SIEVE papers' block and web traces
 * span, with alpha near 1 for web caches); one-hit wonders below 10%, 10 to 30%, 30 to 60%, 60%
 * and above of the footprint. A trace without the figure (no Zipf fit under {@value
 * TraceCharacter#MIN_FIT_PAGES} pages, or rows written without trace facts) is left out of that
 * split and named.
 */
final class CharacterBands {
  /** One way of splitting traces: its name in the table, its words, how a trace's figure is read, and the band edges. */
  record Split(String name, String words, ToDoubleFunction<TraceCharacter> figure, double[] edges, String[] labels) {}

  static final Split SKEW = new Split("zipf_alpha", "Zipf skew", TraceCharacter::zipfAlpha, new double[] {0.6, 0.8, 1.0},
      new String[] {"alpha < 0.6", "0.6 to 0.8", "0.8 to 1.0", "alpha >= 1.0"});
  static final Split ONE_HIT = new Split("one_hit_wonders", "one-hit-wonder share", TraceCharacter::oneHitShare,
      new double[] {0.1, 0.3, 0.6}, new String[] {"1-hit < 10%", "10 to 30%", "30 to 60%", "1-hit >= 60%"});
  static final List<Split> SPLITS = List.of(SKEW, ONE_HIT);

  /**
   * One band's answer at one size for one policy.
   *
   * @param split the split's name
   * @param band the band's label
   * @param size the size
   * @param policy the policy
   * @param traces the band's traces with a reduction for the policy at the size
   * @param mean their mean reduction
   * @param median their median reduction (the lower middle value's and the upper's mean for an even count)
   */
  record Cell(String split, String band, String size, String policy, int traces, double mean, double median) {}

  private final CrossTrace ct;
  private final Map<String, TraceCharacter> characters = new LinkedHashMap<>();

  CharacterBands(CrossTrace ct, List<SweepRow> rows) {
    this.ct = ct;
    for (SweepRow r : rows) if (r.character() != null) characters.putIfAbsent(r.trace(), r.character());
  }

  /** The band of {@code trace} in {@code split}, or null when the trace lacks the figure. */
  String bandOf(Split split, String trace) {
    TraceCharacter c = characters.get(trace);
    double v = c == null ? Double.NaN : split.figure().applyAsDouble(c);
    if (Double.isNaN(v)) return null;
    int b = 0;
    while (b < split.edges().length && v >= split.edges()[b]) b++;
    return split.labels()[b];
  }

  /** The traces of the rows that lack the split's figure, in the rows' order. */
  List<String> without(Split split) {
    return ct.traces().stream().filter(t -> bandOf(split, t) == null).toList();
  }

  /** Every cell with at least one trace: per split, size, band (in order) and policy (the report's order). */
  List<Cell> cells() {
    List<Cell> out = new ArrayList<>();
    for (Split split : SPLITS) {
      for (String size : ct.sizes()) {
        Map<String, Map<String, Double>> red = ct.reductions(size);
        for (String band : split.labels()) {
          for (String policy : ct.policies()) {
            Map<String, Double> byTrace = red.get(policy);
            if (byTrace == null) continue;
            double[] v = byTrace.entrySet().stream().filter(e -> band.equals(bandOf(split, e.getKey())) && e.getValue() != null)
                .mapToDouble(Map.Entry::getValue).sorted().toArray();
            if (v.length == 0) continue;
            double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
            out.add(new Cell(split.name(), band, size, policy, v.length, Arrays.stream(v).average().orElseThrow(), median));
          }
        }
      }
    }
    return out;
  }

  /** The cells as {@code report.csv} rows: section {@code by_character}, the split in {@code character}, the band in {@code band}. */
  List<ResultRow> rows() {
    List<ResultRow> out = new ArrayList<>();
    for (Cell c : cells()) {
      for (String stat : List.of("mean", "median")) {
        out.add(new ResultRow().put("section", "by_character").put("size", c.size()).put("policy", c.policy()).put("versus", null)
            .put("dataset", null).put("trace", null).put("frames", null).put("statistic", stat)
            .put("value", stat.equals("mean") ? c.mean() : c.median()).put("traces", c.traces()).put("character", c.split())
            .put("band", c.band()));
      }
    }
    return out;
  }

  /**
   * The summary's section: per split and size in {@code sizes}, each band's leading contender
   * (largest mean reduction) with its mean and the band's trace count, and the traces left out.
   */
  String summary(List<String> sizes, String baseline, PolicyNames names, TraceNames traces) {
    StringBuilder sb = new StringBuilder("## By trace character\n\n");
    List<Cell> cells = cells();
    for (Split split : SPLITS) {
      for (String size : sizes) {
        List<String> parts = new ArrayList<>();
        for (String band : split.labels()) {
          Cell lead = null;
          for (Cell c : cells) {
            if (!c.split().equals(split.name()) || !c.size().equals(size) || !c.band().equals(band)) continue;
            if (!ct.contenders().contains(c.policy()) || c.policy().equals(ct.baseline())) continue;
            if (lead == null || c.mean() > lead.mean()) lead = c;
          }
          if (lead != null) {
            parts.add(String.format(Locale.ROOT, "%s (%d trace%s): `%s` %s", band, lead.traces(), lead.traces() == 1 ? "" : "s",
                names.label(lead.policy()), num(lead.mean())));
          }
        }
        if (parts.isEmpty()) continue;
        sb.append(String.format(Locale.ROOT, "- Size %s, by %s, the largest mean reduction from `%s` per band: %s.%n", size, split.words(),
            baseline, String.join("; ", parts)));
      }
      List<String> left = without(split);
      if (!left.isEmpty()) {
        sb.append(String.format(Locale.ROOT, "- Left out of the %s bands, %d trace%s without the figure: %s.%n", split.words(), left.size(),
            left.size() == 1 ? "" : "s", String.join(", ", left.stream().map(traces::of).toList())));
      }
    }
    return sb.append('\n').toString();
  }

  /** The band chart of {@code split} at {@code size}: mean reduction per band (with its trace count), one bar per contender. */
  BarChart chart(Split split, String size, String baseline, PolicyNames names) {
    List<Cell> cells = cells().stream().filter(c -> c.split().equals(split.name()) && c.size().equals(size)
        && ct.contenders().contains(c.policy()) && !c.policy().equals(ct.baseline())).toList();
    List<String> bands = new ArrayList<>();
    List<String> categories = new ArrayList<>();
    for (String band : split.labels()) {
      int n = cells.stream().filter(c -> c.band().equals(band)).mapToInt(Cell::traces).max().orElse(0);
      if (n == 0) continue;
      bands.add(band);
      categories.add(band + " (" + n + ")");
    }
    Map<String, List<Double>> series = new LinkedHashMap<>();
    for (String policy : ct.contenders()) {
      if (policy.equals(ct.baseline())) continue;
      List<Double> v = new ArrayList<>();
      for (String band : bands) {
        v.add(cells.stream().filter(c -> c.band().equals(band) && c.policy().equals(policy)).map(Cell::mean).findFirst().orElse(Double.NaN));
      }
      series.put(names.label(policy), v);
    }
    return BarChart.of("Mean reduction from " + baseline + " by " + split.words() + ", size " + size, "mean reduction from " + baseline,
        categories).xTitle(split.words() + " band (traces)").series(series);
  }

  /** Whether any trace has a figure for {@code split}. */
  boolean any(Split split) {
    return without(split).size() < ct.traces().size();
  }

  private static String num(double v) {
    String s = String.format(Locale.ROOT, "%.3f", v);
    return s.equals("-0.000") ? "0.000" : s;
  }
}
