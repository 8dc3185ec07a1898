package dev.bufmgr.report;

import dev.bufmgr.results.Tables;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A report's {@code summary.md}: every sentence and table computed from the rows ({@link
 * CrossTrace}), none written in advance: which contender leads the mean reduction and the win
 * fraction at each size, by how much and on how many traces; the tables behind the charts; every
 * trace, size or policy row left out and why; and the definitions the numbers follow.
 */
final class Summary {
  private final CrossTrace ct;
  private final PolicyNames names;
  private final TraceNames traces;

  Summary(CrossTrace ct, PolicyNames names, TraceNames traces) {
    this.ct = ct;
    this.names = names;
    this.traces = traces;
  }

  /**
   * The text.
   *
   * @param sources the rows files read, and how many rows each merge dropped as duplicates
   * @param shownSizes the sizes the percentile, box and dataset charts draw
   * @param charts the charts' file names
   */
  String text(List<String> sources, int rows, int duplicates, String baselineGiven, List<String> shownSizes, List<String> charts) {
    StringBuilder sb = new StringBuilder("# Miss-ratio reduction across traces\n\n");
    String base = names.label(ct.baseline());
    List<String> bounds = ct.policies().stream().filter(p -> !ct.contenders().contains(p)).toList();
    sb.append(String.format(Locale.ROOT, "%d rows from %s%s: %d traces in %d datasets, %d policies, %d sizes. Baseline: %s%s.%s%n%n", rows,
        String.join(", ", sources.stream().map(s -> "`" + s + "`").toList()),
        duplicates == 0 ? "" : " (" + duplicates + " rows found in more than one folder, kept once)", ct.traces().size(),
        ct.datasets().size(), ct.policies().size(), ct.sizes().size(), code(ct.baseline()),
        baselineGiven.equals(ct.baseline()) ? "" : " (given as `" + baselineGiven + "`)",
        bounds.isEmpty() ? "" : " Bounds, drawn but not contenders: " + bounds.stream().map(this::name).collect(Collectors.joining(", ")) + "."));
    List<String> labelled = ct.policies().stream().filter(p -> !names.label(p).equals(p)).map(p -> name(p) + " is " + code(p)).toList();
    if (!labelled.isEmpty()) sb.append("Policies are named by their short labels (the bare name at the defaults, else the parameters that differ); full specs: ").append(String.join("; ", labelled)).append(".\n\n");
    answers(sb, base);
    reductionTable(sb, base);
    datasetTables(sb, base);
    winTable(sb);
    pairwiseTables(sb);
    leftOut(sb);
    definitions(sb, base, shownSizes);
    sb.append("## Files\n\n- `report.csv`, `report.jsonl`: every number of the charts and tables, one a row.\n");
    for (String c : charts) sb.append("- `").append(c).append("`\n");
    return sb.toString();
  }

  private void answers(StringBuilder sb, String base) {
    sb.append("## Answers\n\n");
    Map<String, List<String>> meanLeads = new LinkedHashMap<>();
    Map<String, List<String>> winLeads = new LinkedHashMap<>();
    for (String size : ct.sizes()) {
      List<CrossTrace.Distribution> ds = ct.contenders().stream().filter(p -> !p.equals(ct.baseline()))
          .map(p -> ct.distribution(size, p)).filter(d -> d != null).sorted(Comparator.comparingDouble(CrossTrace.Distribution::mean).reversed())
          .toList();
      sb.append("- Size ").append(size).append(": ");
      if (ds.isEmpty()) {
        sb.append("no trace has both the baseline's and a contender's miss ratio, so there is no reduction.");
      } else {
        CrossTrace.Distribution lead = ds.getFirst();
        meanLeads.computeIfAbsent(lead.policy(), k -> new ArrayList<>()).add(size);
        long better = ct.reductions(size).get(lead.policy()).values().stream().filter(v -> v > 0).count();
        if (lead.mean() > 0) {
          sb.append(String.format(Locale.ROOT, "%s has the largest mean reduction from %s, %s over %d traces (median %s), lower than %s's miss ratio on %d of them",
              name(lead.policy()), base, num(lead.mean()), lead.traces(), num(lead.median()), base, better));
        } else {
          sb.append(String.format(Locale.ROOT, "no contender reduces %s's miss ratio on average; the mean closest to it is %s's, %s over %d traces (lower than %s on %d of them)",
              base, name(lead.policy()), num(lead.mean()), lead.traces(), base, better));
        }
        if (ds.size() > 1) {
          CrossTrace.Distribution next = ds.get(1);
          sb.append(String.format(Locale.ROOT, "; next %s, %s (%s less)", name(next.policy()), num(next.mean()), num(lead.mean() - next.mean())));
        }
        sb.append(". ");
      }
      List<CrossTrace.WinShare> ws = ct.wins().stream().filter(w -> w.size().equals(size))
          .sorted(Comparator.comparingDouble(CrossTrace.WinShare::share).reversed()).toList();
      if (ws.isEmpty() || ws.getFirst().traces() == 0) {
        sb.append("No trace has every contender's miss ratio, so there is no win fraction.\n");
        continue;
      }
      CrossTrace.WinShare w = ws.getFirst();
      List<CrossTrace.WinShare> top = ws.stream().filter(x -> x.share() == w.share()).toList();
      for (CrossTrace.WinShare t : top) winLeads.computeIfAbsent(t.policy(), k -> new ArrayList<>()).add(size);
      if (top.size() == 1) {
        sb.append(String.format(Locale.ROOT, "%s has the lowest miss ratio on %s of %d traces (%d alone, %d tied)", name(w.policy()),
            Tables.pct(w.share()), w.traces(), w.outright(), w.tied()));
      } else {
        sb.append(String.format(Locale.ROOT, "%s have the largest win fraction, %s each of %d traces (%s)",
            top.stream().map(t -> name(t.policy())).collect(Collectors.joining(" and ")), Tables.pct(w.share()), w.traces(),
            top.stream().map(t -> String.format(Locale.ROOT, "%s %d alone, %d tied", name(t.policy()), t.outright(), t.tied()))
                .collect(Collectors.joining("; "))));
      }
      if (ws.size() > top.size()) {
        CrossTrace.WinShare next = ws.get(top.size());
        sb.append(String.format(Locale.ROOT, "; next %s, %s", name(next.policy()), Tables.pct(next.share())));
      }
      sb.append(". ").append(beats(size, w.policy())).append('\n');
    }
    int n = ct.sizes().size();
    if (!meanLeads.isEmpty()) {
      sb.append("- Largest mean reduction, by size: ").append(leads(meanLeads, n)).append(".\n");
    }
    if (!winLeads.isEmpty()) sb.append("- Largest win fraction, by size: ").append(leads(winLeads, n)).append(".\n");
    for (String p : ct.policies()) {
      if (ct.contenders().contains(p)) continue;
      double lo = Double.POSITIVE_INFINITY;
      double hi = Double.NEGATIVE_INFINITY;
      for (String size : ct.sizes()) {
        CrossTrace.Distribution d = ct.distribution(size, p);
        if (d == null) continue;
        lo = Math.min(lo, d.mean());
        hi = Math.max(hi, d.mean());
      }
      if (lo <= hi) {
        sb.append(String.format(Locale.ROOT, "- %s (a bound, not a contender): mean reduction from %s between %s and %s over the sizes.%n", name(p),
            base, num(lo), num(hi)));
      }
    }
    sb.append('\n');
  }

  /** "X beats Y on n of N traces, Z on m of M" at {@code size}, against every other contender. */
  private String beats(String size, String policy) {
    List<String> parts = new ArrayList<>();
    for (CrossTrace.Pairwise p : ct.pairwise()) {
      if (!p.size().equals(size) || !p.policy().equals(policy)) continue;
      String ties = p.ties() == 0 ? "" : String.format(Locale.ROOT, ", %d tied", p.ties());
      parts.add(String.format(Locale.ROOT, "%s%s on %d of %d traces (%s lower on %d%s)", parts.isEmpty() ? "beats " : "", name(p.versus()),
          p.wins(), p.traces(), name(p.versus()), p.losses(), ties));
    }
    return parts.isEmpty() ? "" : name(policy) + " " + String.join(", ", parts) + ".";
  }

  private String leads(Map<String, List<String>> leads, int sizes) {
    return leads.entrySet().stream().sorted((a, b) -> b.getValue().size() - a.getValue().size())
        .map(e -> String.format(Locale.ROOT, "%s at %d of %d sizes (%s)", name(e.getKey()), e.getValue().size(), sizes, String.join(", ", e.getValue())))
        .collect(Collectors.joining("; "));
  }

  private void reductionTable(StringBuilder sb, String base) {
    sb.append("## Reduction from ").append(base).append(" over traces\n\n");
    List<List<String>> rows = new ArrayList<>();
    for (CrossTrace.Distribution d : ct.distributions()) {
      List<String> r = new ArrayList<>(List.of(d.size(), name(d.policy()), Integer.toString(d.traces())));
      for (double v : d.values()) r.add(num(v));
      rows.add(r);
    }
    sb.append(Tables.markdown(List.of("size", "policy", "traces", "P10", "P25", "median", "mean", "P75", "P90"), rows));
  }

  private void datasetTables(StringBuilder sb, String base) {
    sb.append("## Mean reduction from ").append(base).append(" per dataset\n\n");
    List<String> policies = ct.policies().stream().filter(p -> !p.equals(ct.baseline())).toList();
    List<String> header = new ArrayList<>(List.of("size", "dataset"));
    for (String p : policies) header.add(name(p));
    List<List<String>> rows = new ArrayList<>();
    for (String size : ct.sizes()) {
      for (String d : ct.datasets()) {
        List<String> r = new ArrayList<>(List.of(size, d));
        boolean any = false;
        for (String p : policies) {
          CrossTrace.DatasetMean m = ct.datasetMeans().stream()
              .filter(x -> x.size().equals(size) && x.dataset().equals(d) && x.policy().equals(p)).findFirst().orElse(null);
          r.add(m == null ? "-" : num(m.mean()) + " (" + m.traces() + ")");
          any |= m != null;
        }
        if (any) rows.add(r);
      }
    }
    sb.append("Each cell: the mean over the dataset's traces (how many).\n\n").append(Tables.markdown(header, rows));
  }

  private void winTable(StringBuilder sb) {
    sb.append("## Win fraction\n\n");
    List<String> header = new ArrayList<>(List.of("size", "traces"));
    for (String p : ct.contenders()) header.add(name(p));
    List<List<String>> rows = new ArrayList<>();
    for (String size : ct.sizes()) {
      List<CrossTrace.WinShare> ws = ct.wins().stream().filter(w -> w.size().equals(size)).toList();
      List<String> r = new ArrayList<>(List.of(size, ws.isEmpty() ? "0" : Integer.toString(ws.getFirst().traces())));
      for (CrossTrace.WinShare w : ws) r.add(Tables.pct(w.share()) + " (" + w.outright() + "+" + w.tied() + ")");
      rows.add(r);
    }
    sb.append("Each cell: the share of the traces, then (traces won alone + traces tied for the lowest).\n\n").append(Tables.markdown(header, rows));
  }

  private void pairwiseTables(StringBuilder sb) {
    sb.append("## Pairwise\n\nEach cell: the row's policy has the strictly lower miss ratio on n of N traces (N: traces with both).\n\n");
    for (String size : ct.sizes()) {
      List<String> header = new ArrayList<>(List.of("size " + size));
      for (String p : ct.contenders()) header.add(name(p));
      List<List<String>> rows = new ArrayList<>();
      for (String a : ct.contenders()) {
        List<String> r = new ArrayList<>(List.of(name(a)));
        for (String b : ct.contenders()) {
          CrossTrace.Pairwise p = ct.pairwise().stream().filter(x -> x.size().equals(size) && x.policy().equals(a) && x.versus().equals(b))
              .findFirst().orElse(null);
          r.add(p == null ? "-" : p.wins() + " of " + p.traces());
        }
        rows.add(r);
      }
      sb.append(Tables.markdown(header, rows));
    }
  }

  private void leftOut(StringBuilder sb) {
    sb.append("## Left out\n\n");
    if (ct.exclusions().isEmpty()) {
      sb.append("Nothing: every trace has every policy's miss ratio at every size, and the baseline's is above 0.\n\n");
      return;
    }
    Map<List<Object>, List<Exclusion>> grouped = new LinkedHashMap<>();
    for (Exclusion x : ct.exclusions()) {
      grouped.computeIfAbsent(List.of(x.trace(), x.kind(), x.policy() == null ? "" : x.policy()), k -> new ArrayList<>()).add(x);
    }
    List<Map.Entry<List<Object>, List<Exclusion>>> entries = new ArrayList<>(grouped.entrySet());
    entries.sort(Comparator.comparing((Map.Entry<List<Object>, List<Exclusion>> e) -> ((Exclusion.Kind) e.getKey().get(1)).ordinal())
        .thenComparing(e -> traces.of((String) e.getKey().get(0))));
    for (Map.Entry<List<Object>, List<Exclusion>> e : entries) {
      Exclusion first = e.getValue().getFirst();
      sb.append("- `").append(traces.of(first.trace())).append("` (").append(ct.datasetOf(first.trace())).append("): ");
      sb.append(first.kind().reason());
      if (first.policy() != null) sb.append(" ").append(name(first.policy()));
      if (first.kind() == Exclusion.Kind.FAILED) {
        if (first.detail() != null) sb.append(": ").append(first.detail());
      } else {
        sb.append(e.getValue().size() == 1 ? " at size " : " at sizes ");
        sb.append(e.getValue().stream().map(x -> x.size() + (x.detail() == null ? "" : " (" + x.detail() + ")")).collect(Collectors.joining(", ")));
      }
      String affects = first.kind().affects();
      if (e.getValue().size() > 1) affects = affects.replace("at that size", "at those sizes");
      sb.append("; left out of ").append(affects).append(".\n");
    }
    sb.append('\n');
  }

  private void definitions(StringBuilder sb, String base, List<String> shownSizes) {
    sb.append("## How the numbers are made\n\n");
    sb.append("- Size: as the sweep gave it; a number with a point is a fraction of each trace's footprint (its distinct pages), "
        + "a whole number is frames.\n");
    sb.append("- Reduction of policy X on a trace at a size: (mr_").append(base).append(" - mr_X) / mr_").append(base)
        .append(", where mr is the miss ratio; negative when X misses more. Undefined, and the trace left out, where mr_").append(base)
        .append(" is 0.\n");
    sb.append("- Percentiles over traces: numpy's default ('linear') definition, as libCacheSim's plot scripts use it: for n sorted values "
        + "x[0..n-1], the p-th percentile is x[i] + f (x[i+1] - x[i]) with i + f = (n - 1) p / 100; the median is P50; the mean is "
        + "the arithmetic mean.\n");
    sb.append("- Win fraction at a size: over the traces where every contender has a miss ratio, each trace counts once and is shared "
        + "equally among the k contenders whose miss ratio equals the lowest exactly (1/k each).\n");
    sb.append("- Pairwise: X beats Y on a trace when its miss ratio is strictly lower; equal miss ratios are a tie, counted for neither.\n");
    sb.append("- Contenders: every policy but the bounds (OPT, which knows the future and would win every trace); a bound's reduction "
        + "is still drawn.\n");
    sb.append("- Percentile, box and dataset charts are drawn at sizes ").append(String.join(" and ", shownSizes))
        .append("; the tables above hold every size.\n\n");
  }

  /** Three decimals; a value that rounds to 0 reads 0.000, whatever its sign. */
  private static String num(double v) {
    String s = Tables.num(v, 3);
    return s.equals("-0.000") ? "0.000" : s;
  }

  /** A policy as the summary names it: its label ({@link PolicyNames#label}), as code. */
  private String name(String spec) {
    return "`" + names.label(spec) + "`";
  }

  private static String code(String text) {
    return "`" + text + "`";
  }
}
