package dev.bufmgr.bench.matrix;

import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * summary.md of a matrix run: the machine and how many cores and nodes the numbers came from, what
 * ran within the budget, and the seed thread's questions answered from this run's rows only:
 * batching's gain over the stock hand at each thread count, the partitioned hand against the
 * batched ones, ticks per victim and victim-search p99 of G-CLOCK against HOT/COOL, the hit path
 * beside Caffeine, and every point.
 *
 * <p>Table lines are regular, one comparison a line, so a reader (or a test) can recompute each
 * from results.jsonl: evictions/s as {@code %.0f}, gains as {@code %+.1f%%} of (hand / stock - 1),
 * ratios as {@code %.3f}, ticks per victim as {@code %.3f}, failed compare-and-sets per eviction as
 * {@code %.3g} (they are rare), nanoseconds as {@code %.0f}.
 */
final class MatrixSummary {
  private MatrixSummary() {}

  /** The configuration an eviction comparison holds fixed, besides the threads. */
  private record Config(String selector, String ratio, String padding, String pinning, int threads) {}

  static String render(Matrix matrix, BudgetPlan plan, MachineRecord machine, List<ResultRow> rows, String command,
      double wallSeconds, String budget, List<String> notRun) {
    StringBuilder sb = new StringBuilder();
    var topo = machine.topology();
    sb.append("# numa-bench: ").append(matrix.name()).append("\n\n");
    sb.append(String.format(Locale.ROOT, "Measured on %d cores, %d node%s (%s).%n%n", topo.cores(), topo.nodes().size(),
        topo.nodes().size() == 1 ? "" : "s", topo.describe()));
    sb.append(machine.markdown()).append('\n');

    sb.append("## Run\n\n");
    sb.append(matrix.description()).append("\n\n");
    sb.append("Command: `").append(command).append("`.\n\n");
    sb.append(String.format(Locale.ROOT, "Points run: %d of %d, each with %s. Budget %s; estimated %.0f s; took %.1f s.%n",
        plan.points().size() - notRun.size(), matrix.points().size(), plan.settings().describe(), budget,
        plan.estimatedSeconds(), wallSeconds));
    sb.append(plan.trimmed().isEmpty() ? "Nothing was trimmed to fit the budget.\n"
        : "Trimmed to fit the budget: " + plan.trimmed() + ".\n");
    if (!notRun.isEmpty()) {
      sb.append("Not run because the run reached its budget first: ").append(String.join("; ", notRun)).append(".\n");
    }
    sb.append("\nVictim-search latency: every search timed by the pool (two clock reads per search, inside every "
        + "throughput figure), searches of measurement iterations only, HdrHistogram with 2 significant digits, merged "
        + "over a point's threads here; per thread in results.jsonl (`kind=thread`) and latency.hlog.\n");

    List<ResultRow> eviction = rows.stream()
        .filter(r -> "point".equals(r.get("kind")) && r.get("evictionsPerSecond") != null).toList();
    Map<Config, Map<String, ResultRow>> byConfig = new LinkedHashMap<>();
    for (ResultRow r : eviction) {
      Config c = new Config(text(r, "selector"), text(r, "workingSet"), text(r, "padding"), text(r, "pinning"),
          (int) r.number("threads"));
      byConfig.computeIfAbsent(c, k -> new LinkedHashMap<>()).put(text(r, "hand"), r);
    }
    batching(sb, byConfig);
    partitioned(sb, byConfig);
    gclockVersusHotCool(sb, byConfig);
    hitPath(sb, rows);
    everyPoint(sb, eviction);
    return sb.toString();
  }

  private static void batching(StringBuilder sb, Map<Config, Map<String, ResultRow>> byConfig) {
    sb.append("\n## Batching's gain over the stock hand\n\n");
    List<String> lines = new ArrayList<>();
    List<Double> gains = new ArrayList<>();
    for (var e : byConfig.entrySet()) {
      ResultRow stock = e.getValue().get("stock");
      if (stock == null) continue;
      for (var h : e.getValue().entrySet()) {
        if (!h.getKey().startsWith("batch")) continue;
        double gain = h.getValue().number("evictionsPerSecond") / stock.number("evictionsPerSecond") - 1;
        gains.add(gain);
        lines.add(String.format(Locale.ROOT, "| %s | %s | %.0f | %.0f | %+.1f%% |", configCells(e.getKey()), h.getKey(),
            stock.number("evictionsPerSecond"), h.getValue().number("evictionsPerSecond"), gain * 100));
      }
    }
    if (lines.isEmpty()) {
      sb.append("This matrix has no stock and batched hands at the same configuration.\n");
      return;
    }
    sb.append(String.format(Locale.ROOT,
        "Evictions/s of a batched hand over the stock hand (batch=1, one atomic add per tick), same selector, ratio, "
            + "padding, pinning and threads. Over these %d comparisons the gain runs from %+.1f%% to %+.1f%%.%n%n",
        lines.size(), 100 * min(gains), 100 * max(gains)));
    sb.append("| selector | ratio | padding | pinning | threads | hand | stock evictions/s | hand evictions/s | gain |\n");
    sb.append("|---|---|---|---|---|---|---|---|---|\n");
    lines.forEach(l -> sb.append(l).append('\n'));
  }

  private static void partitioned(StringBuilder sb, Map<Config, Map<String, ResultRow>> byConfig) {
    sb.append("\n## Partitioned against batched\n\n");
    List<String> lines = new ArrayList<>();
    List<Double> ratios = new ArrayList<>();
    for (var e : byConfig.entrySet()) {
      ResultRow part = e.getValue().get("partitioned");
      if (part == null) continue;
      for (var h : e.getValue().entrySet()) {
        if (!h.getKey().startsWith("batch")) continue;
        double ratio = part.number("evictionsPerSecond") / h.getValue().number("evictionsPerSecond");
        ratios.add(ratio);
        lines.add(String.format(Locale.ROOT, "| %s | %s | %.0f | %.0f | %.3f |", configCells(e.getKey()), h.getKey(),
            h.getValue().number("evictionsPerSecond"), part.number("evictionsPerSecond"), ratio));
      }
    }
    if (lines.isEmpty()) {
      sb.append("This matrix has no partitioned and batched hands at the same configuration.\n");
      return;
    }
    sb.append(String.format(Locale.ROOT,
        "Evictions/s of the partitioned hand (one hand per stripe, batch 1) over a batched global hand. Over these %d "
            + "comparisons the ratio runs from %.3f to %.3f.%n%n", lines.size(), min(ratios), max(ratios)));
    sb.append("| selector | ratio | padding | pinning | threads | batched hand | batched evictions/s | partitioned evictions/s | partitioned / batched |\n");
    sb.append("|---|---|---|---|---|---|---|---|---|\n");
    lines.forEach(l -> sb.append(l).append('\n'));
  }

  private static void gclockVersusHotCool(StringBuilder sb, Map<Config, Map<String, ResultRow>> byConfig) {
    sb.append("\n## G-CLOCK against HOT/COOL under a hot, continuously evicting pool\n\n");
    List<String> lines = new ArrayList<>();
    for (var e : byConfig.entrySet()) {
      Config c = e.getKey();
      if (!c.selector.equals("gclock")) continue;
      Map<String, ResultRow> other = byConfig.get(new Config("hotcool", c.ratio, c.padding, c.pinning, c.threads));
      if (other == null) continue;
      for (var h : e.getValue().entrySet()) {
        ResultRow g = h.getValue();
        ResultRow hc = other.get(h.getKey());
        if (hc == null) continue;
        lines.add(String.format(Locale.ROOT, "| %s | %s | %s | %s | %d | %.3f | %.3f | %.0f | %.0f | %.3g | %.3g |",
            h.getKey(), c.ratio, c.padding, c.pinning, c.threads, g.number("ticksPerVictim"), hc.number("ticksPerVictim"),
            g.number("latencyP99Nanos"), hc.number("latencyP99Nanos"), g.number("failedCasPerEviction"),
            hc.number("failedCasPerEviction")));
      }
    }
    if (lines.isEmpty()) {
      sb.append("This matrix has no G-CLOCK and HOT/COOL points at the same configuration.\n");
      return;
    }
    sb.append("Every miss evicts (the pool starts full; working set above the pool). Ticks per victim = clock positions "
        + "examined / victim searches; p99 = the 99th percentile of victim-search latency, merged over threads; "
        + "failed CAS = compare-and-sets of the search lost to another thread, per eviction.\n\n");
    sb.append("| hand | ratio | padding | pinning | threads | G-CLOCK ticks/victim | HOT/COOL ticks/victim | G-CLOCK p99 ns | HOT/COOL p99 ns | G-CLOCK failed CAS/eviction | HOT/COOL failed CAS/eviction |\n");
    sb.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
    lines.forEach(l -> sb.append(l).append('\n'));
  }

  private static void hitPath(StringBuilder sb, List<ResultRow> rows) {
    List<ResultRow> hits = rows.stream()
        .filter(r -> "point".equals(r.get("kind")) && "HitPathBenchmark".equals(r.get("benchmark"))).toList();
    if (hits.isEmpty()) return;
    sb.append("\n## Hit path beside Caffeine's getIfPresent\n\n");
    sb.append("Operations/s summed over threads, every page resident (pool: access without a pin; poolPinUnpin: pin "
        + "and unpin; caffeine: getIfPresent of the same key).\n\n");
    sb.append("| distribution | threads | pool ops/s | poolPinUnpin ops/s | caffeine ops/s | pool / caffeine |\n");
    sb.append("|---|---|---|---|---|---|\n");
    Map<String, Map<String, ResultRow>> byPoint = new LinkedHashMap<>();
    for (ResultRow r : hits) byPoint.computeIfAbsent(text(r, "point"), k -> new LinkedHashMap<>()).put(text(r, "method"), r);
    for (Map<String, ResultRow> m : byPoint.values()) {
      ResultRow pool = m.get("pool");
      ResultRow pin = m.get("poolPinUnpin");
      ResultRow caffeine = m.get("caffeine");
      if (pool == null || pin == null || caffeine == null) continue;
      sb.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.0f | %.3f |%n", text(pool, "distribution"),
          (int) pool.number("threads"), pool.number("opsPerSecond"), pin.number("opsPerSecond"),
          caffeine.number("opsPerSecond"), pool.number("opsPerSecond") / caffeine.number("opsPerSecond")));
    }
  }

  private static void everyPoint(StringBuilder sb, List<ResultRow> eviction) {
    if (eviction.isEmpty()) return;
    sb.append("\n## Every eviction point\n\n");
    sb.append("Columns: evictions/s with JMH's 99.9% error (- with two iterations or fewer), misses/s, ticks per victim, failed "
        + "compare-and-sets per eviction, victim-search latency percentiles merged over threads.\n\n");
    sb.append("| point | spec | ratio | padding | pinning | threads | evictions/s | ± | misses/s | ticks/victim | failed CAS/eviction | p50 ns | p99 ns | p99.9 ns | max ns |\n");
    sb.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (ResultRow r : eviction) {
      double error = r.number("evictionsPerSecondError");
      sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %d | %.0f | %s | %.0f | %.3f | %.3g | %.0f | %.0f | %.0f | %.0f |%n",
          text(r, "point"), text(r, "spec"), text(r, "workingSet"), text(r, "padding"), text(r, "pinning"),
          (int) r.number("threads"), r.number("evictionsPerSecond"),
          Double.isNaN(error) ? "-" : String.format(Locale.ROOT, "%.0f", error),
          r.number("missesPerSecond"), r.number("ticksPerVictim"), r.number("failedCasPerEviction"),
          r.number("latencyP50Nanos"), r.number("latencyP99Nanos"), r.number("latencyP999Nanos"),
          r.number("latencyMaxNanos")));
    }
  }

  private static String configCells(Config c) {
    return String.format(Locale.ROOT, "%s | %s | %s | %s | %d", c.selector, c.ratio, c.padding, c.pinning, c.threads);
  }

  private static String text(ResultRow r, String field) {
    return Objects.toString(r.get(field), "");
  }

  private static double min(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }

  private static double max(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }
}
