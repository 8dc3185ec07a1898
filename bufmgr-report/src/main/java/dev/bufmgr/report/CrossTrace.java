package dev.bufmgr.report;

import dev.bufmgr.sweep.SweepRow;
import dev.bufmgr.sweep.SweepSize;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every number of a report, computed from a sweep's rows:
 *
 * <ul>
 *   <li>per policy and size, the miss-ratio reduction from the baseline on each trace, {@code
 *       (mr_base - mr_X) / mr_base} (the S3-FIFO paper's measure, Yang et al., SOSP '23), and
 *       over traces its P10, P25, median, mean, P75 and P90 ({@link Percentiles}: numpy's
 *       'linear' definition); and its mean per dataset;
 *   <li>per size, the win fraction (the SIEVE paper's, Zhang et al., NSDI '24): each trace on
 *       which every contender has a result counts once, shared equally among the contenders
 *       whose miss ratio equals the lowest exactly (k tied winners get 1/k each);
 *   <li>per size and pair of contenders, on how many of the traces where both have a result
 *       one has the strictly lower miss ratio, the other, or neither (a tie).
 * </ul>
 *
 * Contenders are the policies other than the bounds (an offline policy such as OPT, which knows
 * the future and would win every trace); a bound still has its reduction. What cannot be counted
 * is left out of exactly the figures it affects and listed as an {@link Exclusion}: a failed
 * task's trace everywhere, a skipped size on its trace, a trace where the baseline's miss ratio
 * is 0 from that size's reductions, a trace lacking a policy's row from that policy's figures
 * and from the win fraction at that size.
 */
public final class CrossTrace {
  /** The statistics of a reduction over traces, as the figures draw them. */
  public static final List<String> STATISTICS = List.of("p10", "p25", "median", "mean", "p75", "p90");

  /** A policy's reduction at one size over the traces that have it. */
  public record Distribution(String size, String policy, int traces, double p10, double p25, double median, double mean,
      double p75, double p90) {
    /** The statistics in {@link #STATISTICS} order. */
    public double[] values() {
      return new double[] {p10, p25, median, mean, p75, p90};
    }
  }

  /** A policy's mean reduction at one size over one dataset's traces. */
  public record DatasetMean(String size, String dataset, String policy, int traces, double mean) {}

  /**
   * A contender's win fraction at one size.
   *
   * @param traces the traces on which every contender has a result (the denominator)
   * @param share the contender's wins, ties shared, over {@code traces}
   * @param outright traces it alone has the lowest miss ratio on
   * @param tied traces it shares the lowest miss ratio on
   */
  public record WinShare(String size, String policy, int traces, double share, int outright, int tied) {}

  /** At one size, over the traces where both have a result: {@code policy} lower on {@code wins}, {@code versus} on {@code losses}. */
  public record Pairwise(String size, String policy, String versus, int wins, int losses, int ties, int traces) {}

  private final String baseline;
  private final List<String> policies;
  private final List<String> contenders;
  private final List<String> sizes;
  private final List<String> traces;
  private final Map<String, String> datasetOf;
  private final Map<String, Map<String, Map<String, Double>>> missRatios = new LinkedHashMap<>();
  private final Map<String, Map<String, Map<String, Double>>> reductions = new LinkedHashMap<>();
  private final Map<String, Map<String, Long>> framesOf = new HashMap<>();
  private final List<Distribution> distributions = new ArrayList<>();
  private final List<DatasetMean> datasetMeans = new ArrayList<>();
  private final List<WinShare> wins = new ArrayList<>();
  private final List<Pairwise> pairwise = new ArrayList<>();
  private final List<Exclusion> exclusions = new ArrayList<>();

  private CrossTrace(List<SweepRow> rows, String baseline, Set<String> bounds) {
    this.baseline = baseline;
    Set<String> policySet = new LinkedHashSet<>();
    Set<String> sizeSet = new LinkedHashSet<>();
    Map<String, String> dataset = new LinkedHashMap<>();
    Map<String, String> failure = new LinkedHashMap<>();
    Set<String> withResults = new LinkedHashSet<>();
    for (SweepRow r : rows) {
      dataset.putIfAbsent(r.trace(), r.dataset());
      if (SweepRow.FAILED.equals(r.status())) {
        failure.putIfAbsent(r.trace(), r.reason());
        continue;
      }
      withResults.add(r.trace());
      policySet.add(r.policy());
      sizeSet.add(r.size());
    }
    if (!policySet.contains(baseline)) throw new IllegalArgumentException("the baseline " + baseline + " has no rows");
    this.policies = List.copyOf(policySet);
    this.contenders = policies.stream().filter(p -> !bounds.contains(p)).toList();
    this.sizes = sizeSet.stream().sorted(SIZE_ORDER).toList();
    this.datasetOf = dataset;
    this.traces = List.copyOf(dataset.keySet());
    for (String t : traces) {
      if (!withResults.contains(t)) exclusions.add(new Exclusion(t, null, null, Exclusion.Kind.FAILED, failure.get(t)));
    }
    Map<String, Map<String, Map<String, SweepRow>>> cell = new HashMap<>();
    for (SweepRow r : rows) {
      if (SweepRow.FAILED.equals(r.status())) continue;
      cell.computeIfAbsent(r.size(), k -> new HashMap<>()).computeIfAbsent(r.trace(), k -> new HashMap<>()).put(r.policy(), r);
    }
    for (String size : sizes) count(size, cell.getOrDefault(size, Map.of()), withResults);
  }

  /**
   * Computes a report's numbers from {@code rows}.
   *
   * @param baseline the spec of the policy reductions are measured from (a policy of the rows)
   * @param bounds the specs of policies that are bounds, not contenders (left out of win fractions and pairwise counts)
   * @throws IllegalArgumentException when the baseline has no row
   */
  public static CrossTrace of(List<SweepRow> rows, String baseline, Set<String> bounds) {
    return new CrossTrace(rows, baseline, bounds);
  }

  /** Sizes in order: fractions of the footprint ascending, then frames ascending. */
  static final Comparator<String> SIZE_ORDER = Comparator.comparing((String s) -> !SweepSize.parse(s).isFraction())
      .thenComparingDouble(s -> {
        SweepSize z = SweepSize.parse(s);
        return z.isFraction() ? z.fraction() : z.frames();
      });

  private void count(String size, Map<String, Map<String, SweepRow>> byTrace, Set<String> withResults) {
    Map<String, Map<String, Double>> red = new LinkedHashMap<>();
    Map<String, Map<String, Double>> mrs = new LinkedHashMap<>();
    for (String p : policies) if (!p.equals(baseline)) red.put(p, new LinkedHashMap<>());
    double[] shares = new double[contenders.size()];
    int[] outright = new int[contenders.size()];
    int[] tied = new int[contenders.size()];
    int winTraces = 0;
    int[][][] versus = new int[contenders.size()][contenders.size()][3];
    for (String t : traces) {
      if (!withResults.contains(t)) continue;
      Map<String, SweepRow> row = byTrace.getOrDefault(t, Map.of());
      if (row.isEmpty()) {
        exclusions.add(new Exclusion(t, size, null, Exclusion.Kind.NO_ROWS, null));
        continue;
      }
      SweepRow skipped = row.values().stream().filter(r -> SweepRow.SKIPPED.equals(r.status())).findFirst().orElse(null);
      if (skipped != null) {
        exclusions.add(new Exclusion(t, size, null, Exclusion.Kind.SKIPPED, skipped.frames() + (skipped.frames() == 1 ? " frame" : " frames")));
        continue;
      }
      Map<String, Double> mr = new LinkedHashMap<>();
      for (String p : policies) {
        SweepRow r = row.get(p);
        if (r != null && r.ok()) {
          mr.put(p, r.missRatio());
          framesOf.computeIfAbsent(t, k -> new HashMap<>()).put(size, r.frames());
        } else {
          exclusions.add(new Exclusion(t, size, p, p.equals(baseline) ? Exclusion.Kind.NO_BASELINE : Exclusion.Kind.NO_POLICY, null));
        }
      }
      mrs.put(t, mr);
      Double base = mr.get(baseline);
      if (base != null && base == 0) exclusions.add(new Exclusion(t, size, null, Exclusion.Kind.ZERO_BASELINE, null));
      if (base != null && base > 0) {
        for (Map.Entry<String, Double> e : mr.entrySet()) {
          if (!e.getKey().equals(baseline)) red.get(e.getKey()).put(t, (base - e.getValue()) / base);
        }
      }
      if (contenders.stream().allMatch(mr::containsKey)) {
        winTraces++;
        double least = contenders.stream().mapToDouble(mr::get).min().orElseThrow();
        long k = contenders.stream().filter(p -> mr.get(p) == least).count();
        for (int i = 0; i < contenders.size(); i++) {
          if (mr.get(contenders.get(i)) != least) continue;
          shares[i] += 1.0 / k;
          if (k == 1) outright[i]++;
          else tied[i]++;
        }
      }
      for (int i = 0; i < contenders.size(); i++) {
        for (int j = 0; j < contenders.size(); j++) {
          Double a = mr.get(contenders.get(i));
          Double b = mr.get(contenders.get(j));
          if (i == j || a == null || b == null) continue;
          versus[i][j][a < b ? 0 : a > b ? 1 : 2]++;
        }
      }
    }
    missRatios.put(size, mrs);
    reductions.put(size, red);
    for (Map.Entry<String, Map<String, Double>> e : red.entrySet()) {
      double[] v = e.getValue().values().stream().mapToDouble(Double::doubleValue).toArray();
      if (v.length > 0) {
        distributions.add(new Distribution(size, e.getKey(), v.length, Percentiles.of(v, 10), Percentiles.of(v, 25),
            Percentiles.of(v, 50), Percentiles.mean(v), Percentiles.of(v, 75), Percentiles.of(v, 90)));
      }
      Map<String, List<Double>> byDataset = new LinkedHashMap<>();
      for (Map.Entry<String, Double> tr : e.getValue().entrySet()) {
        byDataset.computeIfAbsent(datasetOf.get(tr.getKey()), k -> new ArrayList<>()).add(tr.getValue());
      }
      for (String d : datasets()) {
        List<Double> l = byDataset.get(d);
        if (l != null) datasetMeans.add(new DatasetMean(size, d, e.getKey(), l.size(), Percentiles.mean(l.stream().mapToDouble(x -> x).toArray())));
      }
    }
    for (int i = 0; i < contenders.size(); i++) {
      wins.add(new WinShare(size, contenders.get(i), winTraces, winTraces == 0 ? Double.NaN : shares[i] / winTraces, outright[i], tied[i]));
      for (int j = 0; j < contenders.size(); j++) {
        if (i == j) continue;
        int[] c = versus[i][j];
        pairwise.add(new Pairwise(size, contenders.get(i), contenders.get(j), c[0], c[1], c[2], c[0] + c[1] + c[2]));
      }
    }
  }

  /** The baseline's spec. */
  public String baseline() {
    return baseline;
  }

  /** Every policy of the rows, in the order first read. */
  public List<String> policies() {
    return policies;
  }

  /** The policies that compete for the win fraction (all but the bounds), in order. */
  public List<String> contenders() {
    return contenders;
  }

  /** The sizes of the rows, in order ({@link #SIZE_ORDER}). */
  public List<String> sizes() {
    return sizes;
  }

  /** Every trace of the rows, in the order first read (failed ones included). */
  public List<String> traces() {
    return traces;
  }

  /** The datasets of the traces, in the order first read. */
  public List<String> datasets() {
    return datasetOf.values().stream().distinct().toList();
  }

  /** A trace's dataset. */
  public String datasetOf(String trace) {
    return datasetOf.get(trace);
  }

  /** The reductions at {@code size}: per policy (baseline aside), per trace. */
  public Map<String, Map<String, Double>> reductions(String size) {
    return reductions.getOrDefault(size, Map.of());
  }

  /** A trace's miss ratio under {@code policy} at {@code size}, or null without a result. */
  public Double missRatio(String trace, String size, String policy) {
    return missRatios.getOrDefault(size, Map.of()).getOrDefault(trace, Map.of()).get(policy);
  }

  /** A trace's frames at {@code size}, or 0 without a result. */
  public long frames(String trace, String size) {
    return framesOf.getOrDefault(trace, Map.of()).getOrDefault(size, 0L);
  }

  /** The reductions' statistics, per size in order, then per policy in order. */
  public List<Distribution> distributions() {
    return distributions;
  }

  /** The statistics of {@code policy} at {@code size}, or null when no trace has them. */
  public Distribution distribution(String size, String policy) {
    return distributions.stream().filter(d -> d.size().equals(size) && d.policy().equals(policy)).findFirst().orElse(null);
  }

  /** The mean reductions per dataset. */
  public List<DatasetMean> datasetMeans() {
    return datasetMeans;
  }

  /** The win fractions, per size in order, then per contender in order. */
  public List<WinShare> wins() {
    return wins;
  }

  /** The pairwise counts, per size, then per ordered pair of contenders. */
  public List<Pairwise> pairwise() {
    return pairwise;
  }

  /** What was left out of which figures, and why. */
  public List<Exclusion> exclusions() {
    return exclusions;
  }
}
