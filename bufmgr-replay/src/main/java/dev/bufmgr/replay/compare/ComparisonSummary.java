package dev.bufmgr.replay.compare;

import dev.bufmgr.replay.baseline.OptBounds;
import dev.bufmgr.results.plot.PolicyLabel;
import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The {@code summary.md} of a comparison: per workload, a table of hit ratios (pool sizes down,
 * policies across) naming the best online policy per size and its distance to its bound (the
 * demand-paging OPT for a policy that admits every miss, the OPT with bypass for one that may
 * decline a page: {@link OptBounds}), a check that no policy beats its bound, and for inputs with
 * page classes the hit ratio per class at each size for each policy. Tables name policies by
 * their {@link PolicyLabel}, with the full spec of each label that hides parameters in a line
 * under the table.
 */
public final class ComparisonSummary {
  private ComparisonSummary() {}

  /**
   * The markdown for the cases' rows, headed by the command line and configuration; {@code bounds}
   * tells which OPT bounds which policy.
   */
  public static String markdown(String header, Map<ComparisonCase, List<ResultRow>> results, OptBounds bounds) {
    StringBuilder sb = new StringBuilder(header);
    for (Map.Entry<ComparisonCase, List<ResultRow>> e : results.entrySet()) {
      ComparisonCase c = e.getKey();
      List<ResultRow> rows = e.getValue();
      sb.append("\n## ").append(c.title()).append("\n\n");
      Object input = rows.isEmpty() ? "" : rows.get(0).get(rows.get(0).get("workload") != null ? "workload" : "trace");
      sb.append("Input: `").append(input).append("`; chart: `mrc-").append(c.slug()).append(".png`.\n\n");
      hitRatioTable(sb, rows, bounds);
      strategyTerms(sb, rows);
      spreads(sb, rows);
      classTable(sb, rows);
    }
    return sb.toString();
  }

  private static void hitRatioTable(StringBuilder sb, List<ResultRow> rows, OptBounds bounds) {
    Set<String> policies = new LinkedHashSet<>();
    Map<Integer, Map<String, Double>> bySize = new LinkedHashMap<>();
    for (ResultRow r : rows) {
      String p = (String) r.get("policy");
      policies.add(p);
      bySize.computeIfAbsent(((Number) r.get("frames")).intValue(), k -> new LinkedHashMap<>()).put(p, r.number("hitRatio"));
    }
    String bounding = bounds.sentence(policies);
    if (!bounding.isEmpty()) sb.append(bounding).append("\n\n");
    Map<String, String> label = labels(policies);
    sb.append("| frames |");
    for (String p : policies) sb.append(' ').append(label.get(p)).append(" |");
    sb.append(" best online | its bound | gap to its bound |\n|---:|");
    for (int i = 0; i < policies.size(); i++) sb.append("---:|");
    sb.append("---|---|---:|\n");
    for (Map.Entry<Integer, Map<String, Double>> e : bySize.entrySet()) {
      sb.append("| ").append(e.getKey()).append(" |");
      String best = null;
      double bestRatio = -1;
      for (String p : policies) {
        Double v = e.getValue().get(p);
        sb.append(' ').append(v == null ? "-" : String.format(Locale.ROOT, "%.4f", v)).append(" |");
        if (v != null && !bounds.isOpt(p) && v > bestRatio) {
          bestRatio = v;
          best = p;
        }
      }
      String bound = best == null ? null : bounds.boundOf(best);
      Double opt = bound == null ? null : e.getValue().get(bound);
      sb.append(' ').append(best == null ? "-" : label.get(best)).append(" | ").append(opt == null ? "-" : label.get(bound)).append(" | ")
          .append(opt == null ? "-" : String.format(Locale.ROOT, "%.4f", opt - bestRatio)).append(" |\n");
    }
    sb.append('\n').append(legend(label));
    if (bounds.demand() == null && bounds.bypass() == null) return;
    List<String> violations = new ArrayList<>();
    List<String> aboveDemand = new ArrayList<>();
    for (Map.Entry<Integer, Map<String, Double>> e : bySize.entrySet()) {
      e.getValue().forEach((p, v) -> {
        String bound = bounds.boundOf(p);
        Double opt = bound == null || bound.equals(p) ? null : e.getValue().get(bound);
        if (opt != null && v > opt) violations.add(p + " at " + e.getKey() + " (above `" + bound + "`)");
        Double demand = bounds.demand() == null ? null : e.getValue().get(bounds.demand());
        if (demand != null && !bounds.isOpt(p) && !bounds.admitsEveryMiss(p) && v > demand) aboveDemand.add(p + " at " + e.getKey());
      });
    }
    if (violations.isEmpty()) {
      sb.append("Check: every policy's hit ratio is at most its bound's at every size");
      if (bounds.demand() != null && bounds.bypass() != null) sb.append(", and `").append(bounds.demand())
          .append("` at most `").append(bounds.bypass()).append("`'s");
      sb.append(".\n\n");
    } else {
      sb.append("Check FAILED: these beat their bound, which is impossible: ").append(String.join(", ", violations)).append(".\n\n");
    }
    if (!aboveDemand.isEmpty()) {
      sb.append("Above the demand-paging bound `").append(bounds.demand())
          .append("` (possible only by declining pages, which a pool selector cannot do): ")
          .append(String.join(", ", aboveDemand)).append(".\n\n");
    }
  }

  /**
   * Each policy's {@link PolicyLabel} for the tables' heads and cells, or its full spec where two
   * policies would share a label.
   */
  static Map<String, String> labels(Set<String> policies) {
    Map<String, Integer> uses = new LinkedHashMap<>();
    for (String p : policies) uses.merge(PolicyLabel.of(p), 1, Integer::sum);
    Map<String, String> out = new LinkedHashMap<>();
    for (String p : policies) out.put(p, uses.get(PolicyLabel.of(p)) > 1 ? p : PolicyLabel.of(p));
    return out;
  }

  /**
   * The line under a table that gives, once, the full spec of every policy whose label hides
   * parameters (results.jsonl and results.csv keep the full specs); empty when none does.
   */
  static String legend(Map<String, String> label) {
    List<String> hidden = new ArrayList<>();
    label.forEach((spec, l) -> {
      if (!l.equals(spec)) hidden.add("`" + l + "` = `" + spec + "`");
    });
    return hidden.isEmpty() ? "" : "Full specs: " + String.join("; ", hidden) + ".\n\n";
  }

  /**
   * Whether the policies saw the same access-strategy semantics, from the rows' {@code
   * strategies} and {@code strategyRequests}: when the input has bulk requests and some policies
   * ran them through rings while others ignored them, says so, naming both groups.
   */
  static void strategyTerms(StringBuilder sb, List<ResultRow> rows) {
    if (rows.isEmpty()) return;
    long strategic = (long) rows.getFirst().number("strategyRequests");
    long requests = (long) rows.getFirst().number("requests");
    Map<String, Set<String>> byTreatment = new LinkedHashMap<>();
    for (ResultRow r : rows) byTreatment.computeIfAbsent((String) r.get("strategies"), k -> new LinkedHashSet<>()).add((String) r.get("policy"));
    if (strategic == 0 || byTreatment.size() < 2) {
      if (strategic > 0) {
        sb.append(String.format(Locale.ROOT, "Every policy treats the %.1f%% of requests that carry an access strategy alike (`%s`).%n%n",
            100.0 * strategic / requests, byTreatment.keySet().iterator().next()));
      }
      return;
    }
    sb.append(String.format(Locale.ROOT, "Not on equal terms: %.1f%% of this input's requests carry an access strategy (bulk reads). ",
        100.0 * strategic / requests));
    List<String> parts = new ArrayList<>();
    Set<String> all = new LinkedHashSet<>();
    byTreatment.values().forEach(all::addAll);
    Map<String, String> label = labels(all);
    byTreatment.forEach((treatment, policies) -> parts.add("`" + String.join("`, `", policies.stream().map(label::get).toList()) + "` "
        + switch (treatment) {
          case "rings" -> "run them through PostgreSQL's buffer rings (a small recycled set of buffers)";
          case "normal" -> "run them as normal requests (rings off)";
          default -> "ignore access strategies and treat them as normal requests";
        }));
    sb.append(String.join("; ", parts)).append(" (column `strategies` of results.jsonl).\n\n");
  }

  /** For policies that are not reproducible, the range of their hit ratio over their runs. */
  static void spreads(StringBuilder sb, List<ResultRow> rows) {
    Map<String, double[]> widest = new LinkedHashMap<>();
    for (ResultRow r : rows) {
      if (r.get("runs") == null) continue;
      double width = r.number("hitRatioMax") - r.number("hitRatioMin");
      double[] w = widest.get((String) r.get("policy"));
      if (w == null || width > w[0]) {
        widest.put((String) r.get("policy"), new double[] {width, r.number("frames"), r.number("hitRatioMin"), r.number("hitRatioMax"),
            r.number("runs")});
      }
    }
    widest.forEach((p, w) -> sb.append(String.format(Locale.ROOT,
        "`%s` is not reproducible (random admission): its column is the mean of %d runs; the widest range was %.4f to %.4f "
            + "(%.4f) at %d frames.%n%n", p, (int) w[4], w[2], w[3], w[0], (int) w[1])));
  }

  private static void classTable(StringBuilder sb, List<ResultRow> rows) {
    List<String> classes = new ArrayList<>();
    for (ResultRow r : rows) {
      for (String f : r.fields().keySet()) {
        if (f.startsWith("hitRatio.") && !classes.contains(f)) classes.add(f);
      }
    }
    if (classes.isEmpty()) return;
    Set<String> policies = new LinkedHashSet<>();
    for (ResultRow r : rows) policies.add((String) r.get("policy"));
    Map<String, String> label = labels(policies);
    sb.append("Hit ratio per page class (which pages each selector protects):\n\n| policy | frames |");
    for (String c : classes) sb.append(' ').append(c.substring("hitRatio.".length())).append(" |");
    sb.append("\n|---|---:|");
    for (int i = 0; i < classes.size(); i++) sb.append("---:|");
    sb.append('\n');
    for (ResultRow r : rows) {
      boolean any = false;
      for (String c : classes) any |= r.get(c) != null;
      if (!any) continue;
      sb.append("| ").append(label.get((String) r.get("policy"))).append(" | ").append(r.get("frames")).append(" |");
      for (String c : classes) {
        double v = r.number(c);
        sb.append(' ').append(Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.4f", v)).append(" |");
      }
      sb.append('\n');
    }
    sb.append('\n');
  }
}
