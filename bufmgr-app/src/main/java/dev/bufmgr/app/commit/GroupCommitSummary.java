package dev.bufmgr.app.commit;

import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes summary.md: every section's numbers from this run beside the paper's (seeds/000). */
final class GroupCommitSummary {
  private final StringBuilder md = new StringBuilder();

  private GroupCommitSummary() {}

  /** The summary of one run. */
  static String render(ExperimentSettings s, String command, GroupCommitExperiment.Results r) {
    GroupCommitSummary g = new GroupCommitSummary();
    g.header(s, command);
    g.fixedPoint(r.fixedPoint());
    g.sweep(r.timerSweep());
    g.sqrt(r.timerSweep());
    g.threshold(r.threshold());
    g.open(r.openLoop());
    g.commitDelay(r.commitDelay());
    g.sharedDevice(r.sharedDevice(), r.fullPageImages());
    return g.md.toString();
  }

  private void header(ExperimentSettings s, String command) {
    md.append("# Group commit: seeds/000 (Mandarapu & Kunkunuru) reproduced in simulation\n\n");
    md.append("Command: `").append(command).append("`\n\n");
    md.append(String.format(Locale.ROOT,
        "Mode: %s; seed %d; %,d measured commits per closed-loop point (fixed point: %,d) after a 10%% warm-up; "
            + "think time 1 ms exponential; virtual-time discrete-event simulation (`clock=sim`).%n%n",
        s.quick() ? "quick (for tests, not for conclusions)" : "full", s.seed(), s.commits(), 2 * s.commits()));
  }

  private void fixedPoint(List<ResultRow> rows) {
    md.append("## 1. Self-clocking fixed point (greedy, F0 = 0.9 ms fixed, Z = 1 ms)\n\n");
    table(rows, new String[] {"clients", "predictedBatch", "batch", "batchErrorPct", "predictedThroughput",
        "throughput", "throughputErrorPct", "predictedResponseMs", "responseMs", "deviceUtilization"});
    double maxBatch8 = 0;
    double maxThr8 = 0;
    double maxBatchAll = 0;
    double maxThrAll = 0;
    for (ResultRow r : rows) {
      double b = Math.abs(r.number("batchErrorPct"));
      double t = Math.abs(r.number("throughputErrorPct"));
      maxBatchAll = Math.max(maxBatchAll, b);
      maxThrAll = Math.max(maxThrAll, t);
      if (r.number("clients") >= 8) {
        maxBatch8 = Math.max(maxBatch8, b);
        maxThr8 = Math.max(maxThr8, t);
      }
    }
    md.append("\n| | paper | ours |\n|---|---|---|\n");
    md.append(f("| batch error vs closed form | 10%% (N = 2..256) | %.2f%% max for N >= 8; %.2f%% max over all N |%n", maxBatch8, maxBatchAll));
    md.append(f("| throughput error vs closed form | 7%% | %.2f%% max for N >= 8; %.2f%% max over all N |%n", maxThr8, maxThrAll));
    md.append("\nWhy ours differ: the closed form here uses the exact mean wait rho = 2 - Z/F + 1/(e^(F/Z) - 1) "
        + "for a saturated device with constant F (issue 5); the paper's 10% and 7% suggest a cruder rho. "
        + "Below N = 8 the device is not saturated (utilization above), which the closed form assumes, "
        + "so the error there is the model's, not the simulator's.\n\n");
  }

  private void sweep(List<ResultRow> rows) {
    md.append("## 2. Greedy vs the best oracle-tuned timer (closed loop, every load)\n\n");
    table(rows, new String[] {"device", "clients", "lambda", "lambdaStar", "bestTimer", "greedyResponseMs",
        "bestTimerResponseMs", "greedyGapPct", "noisePct"});
    md.append("\n| device | F0 p99 / median | paper: greedy gap to best timer | ours: median gap | ours: max gap | "
        + "loads within noise |\n|---|---|---|---|---|---|\n");
    Map<String, List<ResultRow>> byDevice = byDevice(rows);
    for (Map.Entry<String, List<ResultRow>> e : byDevice.entrySet()) {
      double[] gaps = e.getValue().stream().mapToDouble(r -> r.number("greedyGapPct")).sorted().toArray();
      ResultRow first = e.getValue().get(0);
      md.append(f("| %s | %.2f | %s | %.3f%% | %.3f%% | %d of %d |%n", e.getKey(), first.number("f0P99Ms") / first.number("f0Ms"),
          paperGap(e.getKey()), median(gaps), gaps[gaps.length - 1], ties(e.getValue()).size(), e.getValue().size()));
    }
    md.append("\nThe gap is greedy's mean response over the best timer's, minus one, at the same load; the timer grid "
        + "is a multiple of F0 from 0 (a timer of zero releases at once, as greedy does, so no gap is negative) and the "
        + "oracle picks the best per point. The noise is the difference "
        + "between greedy's mean response under this seed and under the next one; a gap no larger is a tie.\n\n");
    for (Map.Entry<String, List<ResultRow>> e : byDevice.entrySet()) md.append(verdict(e.getKey(), e.getValue())).append('\n');
    md.append('\n');
  }

  /** The rows of one device where greedy's gap is within that load's noise. */
  private static List<ResultRow> ties(List<ResultRow> rows) {
    return rows.stream().filter(r -> Math.abs(r.number("greedyGapPct")) <= r.number("noisePct")).toList();
  }

  /** One sentence per device, from its rows: within noise everywhere, or where greedy trails and by how much. */
  private static String verdict(String device, List<ResultRow> rows) {
    List<ResultRow> ties = ties(rows);
    if (ties.size() == rows.size()) {
      return f("- `%s`: greedy is within noise of the best timer at every load (%d loads).", device, rows.size());
    }
    List<String> behind = new ArrayList<>();
    for (ResultRow r : rows) {
      if (ties.contains(r)) continue;
      behind.add(f("N = %d: %+.2f%% (noise %.2f%%, best timer %s)", (int) r.number("clients"), r.number("greedyGapPct"),
          r.number("noisePct"), r.get("bestTimer")));
    }
    return f("- `%s`: greedy is within noise of the best timer at %d of %d loads; outside it at %s.", device, ties.size(),
        rows.size(), String.join("; ", behind));
  }

  private static String paperGap(String device) {
    if (device.startsWith("fixed:f0=900us")) return "median 0.1% (all loads)";
    if (device.startsWith("lognormal")) return "1.3% (EBS measured distribution)";
    if (device.startsWith("fixed:f0=36us")) return "0.1% (NVMe measured distribution)";
    return "-";
  }

  private void sqrt(List<ResultRow> rows) {
    md.append("## 3. The square-root timer fed the measured lambda, against greedy\n\n");
    table(rows, new String[] {"device", "clients", "lambda", "lambdaStar", "aboveLambdaStar", "sqrtTimer",
        "sqrtTimerBelowF0", "sqrtOverGreedy"});
    md.append("\n| device | paper: timer / greedy above lambda* | ours: median above (points) | ours: range above | ours: range below lambda* |\n|---|---|---|---|---|\n");
    for (Map.Entry<String, List<ResultRow>> e : byDevice(rows).entrySet()) {
      double[] above = e.getValue().stream().filter(r -> Boolean.TRUE.equals(r.get("aboveLambdaStar")))
          .mapToDouble(r -> r.number("sqrtOverGreedy")).sorted().toArray();
      double[] below = e.getValue().stream().filter(r -> !Boolean.TRUE.equals(r.get("aboveLambdaStar")))
          .mapToDouble(r -> r.number("sqrtOverGreedy")).sorted().toArray();
      md.append(f("| %s | 1.000 | %s | %s | %s |%n", e.getKey(),
          above.length == 0 ? "-" : f("%.4f (%d)", median(above), above.length), range(above), range(below)));
    }
    md.append("\nThe ratio is the square-root timer's mean response over greedy's at the same load (below 1: the timer "
        + "is faster). Above lambda* the prescribed T* is below F0, so by the time the device is free the timer has "
        + "usually expired and the timer falls back on greedy's behaviour; below lambda* it may wait past the "
        + "device. From the rows:\n\n");
    for (Map.Entry<String, List<ResultRow>> e : byDevice(rows).entrySet()) {
      double[] above = e.getValue().stream().filter(r -> Boolean.TRUE.equals(r.get("aboveLambdaStar")))
          .mapToDouble(r -> r.number("sqrtOverGreedy")).toArray();
      double[] below = e.getValue().stream().filter(r -> !Boolean.TRUE.equals(r.get("aboveLambdaStar")))
          .mapToDouble(r -> r.number("sqrtOverGreedy")).toArray();
      md.append("- `").append(e.getKey()).append("`: ").append(side("above lambda*", above)).append("; ")
          .append(side("below lambda*", below)).append(".\n");
    }
    md.append('\n');
  }

  /** How the square-root timer did on one side of lambda*, from its ratios to greedy. */
  private static String side(String where, double[] ratios) {
    if (ratios.length == 0) return "no load " + where;
    long slower = Arrays.stream(ratios).filter(x -> x > 1.001).count();
    long faster = Arrays.stream(ratios).filter(x -> x < 0.999).count();
    return f("%s, at %d load%s, it is slower than greedy at %d, faster at %d and within 0.1%% at %d (ratio %.4f to %.4f)",
        where, ratios.length, ratios.length == 1 ? "" : "s", slower, faster, ratios.length - slower - faster,
        Arrays.stream(ratios).min().orElse(Double.NaN), Arrays.stream(ratios).max().orElse(Double.NaN));
  }

  private void threshold(List<ResultRow> rows) {
    md.append("## 4. The load threshold lambda* = 2 / F0\n\n");
    md.append("| device | F0 (median) | lambda* ours | lambda* paper |\n|---|---|---|---|\n");
    for (ResultRow r : rows) {
      Object paper = r.get("paperLambdaStar");
      md.append(f("| %s | %.4f ms | %,.0f /s | %s |%n", r.get("deviceName"), r.number("f0Ms"), r.number("lambdaStar"),
          paper == null ? "-" : f("~%,.0f /s", ((Number) paper).doubleValue())));
    }
    md.append("\nThe paper rounds 2/0.90 ms = 2,222/s to 2,200/s and 2/0.036 ms = 55,556/s to 55,000/s.\n\n");
  }

  private void open(List<ResultRow> rows) {
    md.append("## 5. Open loop with rate shifts: policies against the offline optimum\n\n");
    md.append("Arrivals: Poisson, phases `" + OpenLoopSection.PHASES + "` (repeating); cost model: each flush costs "
        + "F0 = 0.9 ms, each commit its wait until its flush; the offline optimum is the dynamic program over "
        + "contiguous batches on the same arrivals (checked against brute force in the tests).\n\n");
    table(rows, new String[] {"role", "policy", "commits", "meanBatch", "meanWaitMs", "costPerCommitMs",
        "optimumCostPerCommitMs", "ratioToOptimum"});
    Map<String, Double> byRole = new LinkedHashMap<>();
    for (ResultRow r : rows) byRole.put((String) r.get("role"), r.number("ratioToOptimum"));
    md.append("\nRoles: the timers use the EOQ square-root rule T = sqrt(2 F0 / lambda) with lambda the low phase's "
        + "rate or the time-weighted mean rate; `eoq, online` measures lambda as it runs.\n");
    md.append("\n| | paper | ours |\n|---|---|---|\n");
    md.append(f("| ski-rental / optimum | 1.34x | %.3fx |%n", byRole.getOrDefault("ski", Double.NaN)));
    md.append(f("| fixed timer / optimum | 1.44x | %.3fx (tuned to the low rate), %.3fx (tuned to the mean rate) |%n",
        byRole.getOrDefault("timer, low rate", Double.NaN),
        byRole.getOrDefault("timer, mean rate", Double.NaN)));
    md.append("\nWhy ours may differ: the paper does not give its phase rates, lengths or F0 for this figure; "
        + "ours are stated above. Ski is 2-competitive in this model whatever the rates, while a fixed timer's "
        + "ratio depends on how far the rates shift from the one it was tuned for.\n\n");
  }

  private void commitDelay(List<ResultRow> rows) {
    md.append("## 6. PostgreSQL commit_delay = 100 us, commit_siblings = 5\n\n");
    table(rows, new String[] {"clients", "delayCanAct", "identicalToGreedy", "greedyThroughput", "throughput",
        "greedyResponseMs", "responseMs", "greedyBatch", "batch"});
    boolean allIdenticalBelow6 = rows.stream()
        .filter(r -> r.number("clients") < 6)
        .allMatch(r -> Boolean.TRUE.equals(r.get("identicalToGreedy")));
    md.append("\nWith commit_siblings = 5 the leader sleeps only when at least five other transactions are open, "
        + "so commit_delay can never act with fewer than six clients: there is no effect to report below six, "
        + (allIdenticalBelow6 ? "and those runs are identical to greedy (same flushes, same latencies)."
            : "yet some run below six differs from greedy: a defect to investigate.")
        + " Paper (PostgreSQL on EBS): at 32 clients commit_delay = 0 is within ~10% of the best tuned value.\n");
  }

  private void sharedDevice(List<ResultRow> bursts, List<ResultRow> images) {
    md.append("\n## 7. Checkpoint bursts on the log's device\n\n");
    md.append("32 clients, Z = 1 ms; the burst `" + SharedDeviceSection.BURST + "` queues its page writes on the "
        + "same FIFO device as the log flushes (each write costs the device's F0 plus its bytes' time).\n\n");
    table(bursts, new String[] {"policy", "background", "throughput", "meanBatch", "latencyMeanMs", "latencyP99Ms",
        "latencyP999Ms", "deviceUtilization"});
    md.append("\nA commit that flushes behind a burst waits for the whole burst. From the rows, the p99.9 latency "
        + "with bursts against without:\n\n");
    Map<String, ResultRow> alone = new LinkedHashMap<>();
    for (ResultRow r : bursts) if ("none".equals(r.get("background"))) alone.put((String) r.get("policy"), r);
    for (ResultRow r : bursts) {
      ResultRow base = alone.get((String) r.get("policy"));
      if ("none".equals(r.get("background")) || base == null) continue;
      md.append(f("- `%s`: %.2f ms against %.2f ms (+%.2f ms; one burst occupies the device for about %.2f ms)%n",
          r.get("policy"), r.number("latencyP999Ms"), base.number("latencyP999Ms"),
          r.number("latencyP999Ms") - base.number("latencyP999Ms"), r.number("burstMs")));
    }
    md.append('\n');
    md.append("## 8. Full-page images after a checkpoint (seeds/001)\n\n");
    table(images, new String[] {"pages", "pageBytes", "changeBytes", "firstUpdateBytes", "secondUpdateBytes", "ratio",
        "paperRatio"});
    md.append("\nThe first change to each page after the checkpoint carries the page's image; the second does not. "
        + "The ratio depends on the change record's size: with " + SharedDeviceSection.CHANGE_BYTES
        + "-byte change records it is ");
    for (ResultRow r : images) md.append(f("%.1fx against the %.0fx PostgreSQL logged in seeds/001", r.number("ratio"), r.number("paperRatio")));
    md.append(" (whose 95.6% of first-update volume were page images); PostgreSQL also leaves out a page's free-space "
        + "hole, which these images keep.\n");
  }

  private void table(List<ResultRow> rows, String[] cols) {
    md.append('|');
    for (String c : cols) md.append(' ').append(c).append(" |");
    md.append("\n|");
    md.append("---|".repeat(cols.length)).append('\n');
    for (ResultRow r : rows) {
      md.append('|');
      for (String c : cols) md.append(' ').append(cell(r.get(c))).append(" |");
      md.append('\n');
    }
  }

  private static String cell(Object v) {
    if (v instanceof Double d) {
      double a = Math.abs(d);
      if (a >= 1000) return f("%,.0f", d);
      if (a >= 10) return f("%.2f", d);
      return f("%.4f", d);
    }
    return String.valueOf(v);
  }

  private static String range(double[] sorted) {
    return sorted.length == 0 ? "-" : f("%.4f .. %.4f", sorted[0], sorted[sorted.length - 1]);
  }

  private static Map<String, List<ResultRow>> byDevice(List<ResultRow> rows) {
    Map<String, List<ResultRow>> m = new LinkedHashMap<>();
    for (ResultRow r : rows) m.computeIfAbsent((String) r.get("device"), k -> new ArrayList<>()).add(r);
    return m;
  }

  private static double median(double[] sorted) {
    double[] v = sorted.clone();
    Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  private static String f(String fmt, Object... args) {
    return String.format(Locale.ROOT, fmt, args);
  }
}
