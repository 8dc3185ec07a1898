package dev.bufmgr.app.cli;

import dev.bufmgr.results.plot.PolicyLabel;
import dev.bufmgr.results.report.OutputFormat;
import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The screen table of {@code bufmgr compare}: per workload, the policies down (by {@link
 * PolicyLabel}: {@code s3fifo}, not its full spec), the pool sizes across, the hit ratio in each
 * cell, and the best online policy of each size marked with {@code *} (OPT is the bound, never
 * marked). Every other figure is in the results folder.
 */
final class CompareTable {
  private CompareTable() {}

  /** The tables of {@code rows} (fields case, policy, frames, hitRatio), one per case in order. */
  static String render(List<ResultRow> rows, Map<String, String> titles) {
    Map<String, List<ResultRow>> byCase = new LinkedHashMap<>();
    for (ResultRow r : rows) byCase.computeIfAbsent(String.valueOf(r.get("case")), k -> new ArrayList<>()).add(r);
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, List<ResultRow>> e : byCase.entrySet()) {
      if (out.length() > 0) out.append('\n');
      out.append(e.getKey()).append(titles.containsKey(e.getKey()) ? ": " + titles.get(e.getKey()) : "").append(" (hit ratio; * best online policy per pool size)\n");
      out.append(OutputFormat.TABLE.render(table(e.getValue())));
    }
    return out.toString();
  }

  private static List<ResultRow> table(List<ResultRow> rows) {
    TreeSet<Long> sizes = new TreeSet<>();
    Map<String, Map<Long, Double>> byPolicy = new LinkedHashMap<>();
    for (ResultRow r : rows) {
      long frames = (long) r.number("frames");
      sizes.add(frames);
      byPolicy.computeIfAbsent(String.valueOf(r.get("policy")), k -> new LinkedHashMap<>()).put(frames, r.number("hitRatio"));
    }
    Map<Long, Double> best = new LinkedHashMap<>();
    for (Map.Entry<String, Map<Long, Double>> p : byPolicy.entrySet()) {
      if (isBound(p.getKey())) continue;
      for (Map.Entry<Long, Double> c : p.getValue().entrySet()) best.merge(c.getKey(), c.getValue(), Math::max);
    }
    List<ResultRow> table = new ArrayList<>();
    for (Map.Entry<String, Map<Long, Double>> p : byPolicy.entrySet()) {
      ResultRow row = new ResultRow().put("policy", PolicyLabel.of(p.getKey()));
      for (long size : sizes) {
        Double v = p.getValue().get(size);
        String cell = v == null ? "-" : String.format(Locale.ROOT, "%.4f", v);
        boolean top = v != null && !isBound(p.getKey()) && v.equals(best.get(size));
        row.put(String.format(Locale.ROOT, "%,d", size), cell + (top ? "*" : " "));
      }
      table.add(row);
    }
    return table;
  }

  private static boolean isBound(String policy) {
    return PolicyLabel.of(policy).startsWith("opt");
  }
}
