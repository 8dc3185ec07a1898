package dev.bufmgr.report;

import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.List;

/**
 * Every number a report's charts and summary show, one number a row ({@code report.csv} and
 * {@code report.jsonl}), each row with the same columns:
 *
 * <pre>
 *   section    reduction | dataset_mean | win_fraction | pairwise | miss_ratio
 *   size       the size as the sweep wrote it (0.001: a fraction of each trace's footprint)
 *   policy     the policy's spec; versus: the other policy of a pairwise count
 *   dataset    for dataset_mean; trace, frames: for a trace's miss-ratio curve
 *   statistic  p10 p25 median mean p75 p90 | mean | share outright tied | wins losses ties | miss_ratio
 *   value      the number
 *   traces     the traces it is counted over
 * </pre>
 */
public final class ReportTable {
  /** The columns, in order. */
  public static final List<String> COLUMNS = List.of("section", "size", "policy", "versus", "dataset", "trace", "frames", "statistic", "value",
      "traces");

  private ReportTable() {}

  /** The rows of {@code ct}, with the miss-ratio curves of {@code curveTraces}. */
  public static List<ResultRow> rows(CrossTrace ct, List<String> curveTraces) {
    List<ResultRow> out = new ArrayList<>();
    for (CrossTrace.Distribution d : ct.distributions()) {
      double[] v = d.values();
      for (int i = 0; i < v.length; i++) {
        out.add(row("reduction", d.size(), d.policy(), null, null, null, null, CrossTrace.STATISTICS.get(i), v[i], d.traces()));
      }
    }
    for (CrossTrace.DatasetMean m : ct.datasetMeans()) {
      out.add(row("dataset_mean", m.size(), m.policy(), null, m.dataset(), null, null, "mean", m.mean(), m.traces()));
    }
    for (CrossTrace.WinShare w : ct.wins()) {
      out.add(row("win_fraction", w.size(), w.policy(), null, null, null, null, "share", w.share(), w.traces()));
      out.add(row("win_fraction", w.size(), w.policy(), null, null, null, null, "outright", w.outright(), w.traces()));
      out.add(row("win_fraction", w.size(), w.policy(), null, null, null, null, "tied", w.tied(), w.traces()));
    }
    for (CrossTrace.Pairwise p : ct.pairwise()) {
      out.add(row("pairwise", p.size(), p.policy(), p.versus(), null, null, null, "wins", p.wins(), p.traces()));
      out.add(row("pairwise", p.size(), p.policy(), p.versus(), null, null, null, "losses", p.losses(), p.traces()));
      out.add(row("pairwise", p.size(), p.policy(), p.versus(), null, null, null, "ties", p.ties(), p.traces()));
    }
    for (String t : curveTraces) {
      for (String policy : ct.policies()) {
        for (String size : ct.sizes()) {
          Double mr = ct.missRatio(t, size, policy);
          if (mr != null) out.add(row("miss_ratio", size, policy, null, ct.datasetOf(t), t, ct.frames(t, size), "miss_ratio", mr, 1));
        }
      }
    }
    return out;
  }

  private static ResultRow row(String section, String size, String policy, String versus, String dataset, String trace, Long frames,
      String statistic, Number value, int traces) {
    return new ResultRow().put("section", section).put("size", size).put("policy", policy).put("versus", versus).put("dataset", dataset)
        .put("trace", trace).put("frames", frames).put("statistic", statistic).put("value", value).put("traces", traces);
  }
}
