package dev.bufmgr.app.experiment;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.pool.NamedPools;
import dev.bufmgr.pipeline.BgWriterSettings;
import dev.bufmgr.pipeline.CheckpointSettings;
import dev.bufmgr.pipeline.PipelineResult;
import dev.bufmgr.pipeline.run.PipelineDevice;
import dev.bufmgr.pipeline.run.PipelineInput;
import dev.bufmgr.pipeline.run.PipelineRows;
import dev.bufmgr.pipeline.run.PipelineRunner;
import dev.bufmgr.pipeline.run.PipelineSettings;
import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayRunner;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.Tables;
import dev.bufmgr.results.plot.BarChart;
import dev.bufmgr.results.plot.LineChart;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.workloads.synth.PageClasses;
import dev.bufmgr.workloads.synth.Workloads;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code pools}: does a KEEP pool for index pages pay, and when? The PostgreSQL wiki's "Multiple
 * Buffer Pools" proposal gives named pools (KEEP, RECYCLE) beside the default, each with its own
 * policy, and publishes no numbers. On {@code tpcb}, {@code pgbench-select} and a mix of TPC-B with
 * a loop over twice the pool (through the normal path, as a scan too small for a ring or a range
 * of index scans is), one G-CLOCK pool of F frames is set against splits of the same F frames: a
 * KEEP pool for the index classes (root, inner, leaf) under LRU-K, LRU or G-CLOCK at 10 to 50%
 * (step 10), beside the default G-CLOCK pool, and where the workload has pgbench_history a RECYCLE pool
 * of 5% for it (FIFO where a {@code fifo} selector is registered, else CLOCK, G-CLOCK with one
 * usage count). The best split is chosen on a selection seed of its own and then measured, with
 * the single pool, on the evaluation seeds: hit ratios (total and per class) by exact replay, and
 * tps in the simulated pipeline (each pool with its own background writer). A difference is named
 * only when every seed's paired difference has one sign and their mean is larger than their
 * spread (max - min).
 */
public final class PoolsExperiment {
  private static final List<String> KEEP_POLICIES = List.of("lru-k", "lru-pool", "gclock");
  private static final List<Integer> KEEP_SHARES = List.of(10, 20, 30, 40, 50);
  private static final int RECYCLE_SHARE = 5;
  private static final String INDEX = "[index-root,index-inner,index-leaf]";
  private static final String BASELINE = "default=gclock:100%";
  private static final long SELECTION_SEED = 100;
  private static final List<String> SHOWN_CLASSES = List.of("index-inner", "index-leaf", "heap", "history", "other");

  private PoolsExperiment() {}

  /** The sizes of one run. */
  record Config(int frames, long requests, int seeds, long transactions, int clients) {
    static Config of(boolean quick) {
      return quick ? new Config(1000, 150_000, 3, 6_000, 8) : new Config(4000, 1_000_000, 5, 40_000, 16);
    }
  }

  /**
   * One workload: its replay spec and its pipeline spec for a seed (the pipeline needs
   * transactions: for {@code pgbench-select}, which has none, a select-mostly TPC-B stands in).
   */
  record Case(String name, String replay, String pipeline, boolean history) {
    String replaySpec(long requests, long seed) {
      return replay.replace("{R}", "requests=" + requests + ",seed=" + seed);
    }

    String pipelineSpec(long seed) {
      return pipeline.replace("{S}", "seed=" + seed);
    }
  }

  static List<Case> cases(int f) {
    String tpcb = "tpcb:frames=" + f + ",ratio=2";
    return List.of(
        new Case("tpcb", tpcb + ",{R}", tpcb + ",{S}", true),
        new Case("pgbench-select", "pgbench-select:frames=" + f + ",{R}", tpcb + ",readOnly=0.9,{S}", false),
        new Case("mix", "mix:{R},streams=0.7*tpcb(frames=" + f + ";ratio=2)+0.3*loop(pages=" + (2 * f) + ")",
            "mix:{S},streams=0.7*tpcb(frames=" + f + ";ratio=2)+0.3*loop(pages=" + (2 * f) + ")", true));
  }

  /** The splits searched for a workload, the single pool first. */
  static List<String> splits(boolean history, String recycle) {
    List<String> out = new ArrayList<>();
    out.add(BASELINE);
    for (String keep : KEEP_POLICIES) {
      for (int share : KEEP_SHARES) {
        out.add("default=gclock:" + (100 - share) + "%,keep=" + keep + ":" + share + "%" + INDEX);
        if (history) {
          out.add("default=gclock:" + (100 - share - RECYCLE_SHARE) + "%,keep=" + keep + ":" + share + "%" + INDEX
              + ",recycle=" + recycle + ":" + RECYCLE_SHARE + "%[history]");
        }
      }
    }
    if (history) out.add("default=gclock:" + (100 - RECYCLE_SHARE) + "%,recycle=" + recycle + ":" + RECYCLE_SHARE + "%[history]");
    return out;
  }

  /** Runs the search, the evaluation replays and the pipeline runs. */
  public static ExperimentReport run(boolean quick, SelectorRegistry registry, PrintStream progress) {
    Config c = Config.of(quick);
    String recycle = registry.contains("fifo") ? "fifo" : "gclock(maxUsage=1)";
    PolicyCatalog catalog = new PolicyCatalog(registry, true);
    PipelineDevice device = PipelineDevice.parse(PipelineDevice.DEFAULT, false);
    ExperimentReport report = new ExperimentReport();
    List<List<String>> answer = new ArrayList<>();
    List<String> summaries = new ArrayList<>();
    List<String> caseNames = new ArrayList<>();
    Map<String, List<Double>> hitBars = new LinkedHashMap<>();
    Map<String, List<Double>> tpsBars = new LinkedHashMap<>();
    hitBars.put("one G-CLOCK pool", new ArrayList<>());
    hitBars.put("best split", new ArrayList<>());
    tpsBars.put("one G-CLOCK pool", new ArrayList<>());
    tpsBars.put("best split", new ArrayList<>());
    StringBuilder search = new StringBuilder();
    for (Case k : cases(c.frames())) {
      caseNames.add(k.name());
      List<String> splits = splits(k.history(), recycle);
      List<ReplayPolicy> policies = new ArrayList<>();
      for (String s : splits) policies.add(catalog.pools(s));
      // Selection seed: pick the split with the highest hit ratio.
      List<ResultRow> chosen = replay(k.replaySpec(c.requests(), SELECTION_SEED), policies, c.frames(), progress, k.name() + " selection");
      int best = 1;
      for (int i = 2; i < chosen.size(); i++) if (chosen.get(i).number("hitRatio") > chosen.get(best).number("hitRatio")) best = i;
      for (int i = 0; i < chosen.size(); i++) report.row(tag(chosen.get(i), k, splits.get(i), SELECTION_SEED, "selection"));
      // Evaluation seeds: every split (the search table), then the paired differences of the best.
      double[][] hit = new double[splits.size()][c.seeds()];
      Map<String, double[][]> classHit = new LinkedHashMap<>();
      for (int s = 0; s < c.seeds(); s++) {
        long seed = s + 1;
        List<ResultRow> rows = replay(k.replaySpec(c.requests(), seed), policies, c.frames(), progress, k.name() + " seed " + seed);
        for (int i = 0; i < rows.size(); i++) {
          ResultRow r = rows.get(i);
          report.row(tag(r, k, splits.get(i), seed, "evaluation"));
          hit[i][s] = r.number("hitRatio");
          for (String cls : SHOWN_CLASSES) {
            Object v = r.get("hitRatio." + cls);
            if (v == null) continue;
            classHit.computeIfAbsent(cls, x -> new double[splits.size()][c.seeds()])[i][s] = ((Number) v).doubleValue();
          }
        }
      }
      search.append(searchTable(k, splits, hit, classHit, best));
      report.chart("share-search-" + k.name() + ".png", shareChart(k, splits, hit));
      // Pipeline: the single pool and the best split on each evaluation seed.
      double[][] tps = new double[2][c.seeds()];
      double[][] pipeHit = new double[2][c.seeds()];
      for (int s = 0; s < c.seeds(); s++) {
        long seed = s + 1;
        PipelineSettings settings = new PipelineSettings(c.frames(), true, true, c.clients(), new ThinkTime(0, ThinkTime.Distribution.EXP),
            new CheckpointSettings(30_000_000_000L, 64L << 30, 0.9), BgWriterSettings.DEFAULTS, c.transactions(), 0, 0.25,
            1_000_000_000L, seed, false);
        PipelineInput input = PipelineInput.workload(k.pipelineSpec(seed));
        List<NamedPools> two = List.of(NamedPools.parse(BASELINE, PageClasses.names(), registry),
            NamedPools.parse(splits.get(best), PageClasses.names(), registry));
        List<PipelineRunner.Outcome> outcomes = PipelineRunner.run(settings, input, device, List.of(), two,
            List.of(ReleasePolicies.parse("greedy")), registry,
            progress == null ? null : line -> progress.println("bufmgr: pools " + k.name() + " pipeline seed " + seed + " " + line));
        for (int i = 0; i < 2; i++) {
          PipelineResult r = outcomes.get(i).result();
          tps[i][s] = r.throughput();
          pipeHit[i][s] = r.hitRatio();
          report.row(new ResultRow().put("experiment", "pools").put("kind", "pipeline").put("case", k.name())
              .put("pools", i == 0 ? BASELINE : splits.get(best)).put("workloadSeed", seed).putAll(PipelineRows.row(outcomes.get(i).run(), r)));
        }
      }
      Paired hr = Paired.of(hit[best], hit[0]);
      Paired tp = Paired.of(tps[1], tps[0]);
      hitBars.get("one G-CLOCK pool").add(mean(hit[0]));
      hitBars.get("best split").add(mean(hit[best]));
      tpsBars.get("one G-CLOCK pool").add(mean(tps[0]));
      tpsBars.get("best split").add(mean(tps[1]));
      answer.add(List.of(k.name(), "`" + splits.get(best) + "`", Tables.pct(mean(hit[0])), Tables.pct(mean(hit[best])),
          hr.points(), hr.verdict(), Tables.num(mean(tps[0]), 0), Tables.num(mean(tps[1]), 0), tp.percent(mean(tps[0])), tp.verdict(),
          Tables.pct(mean(pipeHit[0])), Tables.pct(mean(pipeHit[1]))));
      summaries.add(String.format(Locale.ROOT, "- %s: the best split on the selection seed is `%s`; on %d evaluation seeds its "
          + "hit ratio is %s against %s for one G-CLOCK pool (%s, %s) and its simulated tps %s against %s (%s, %s).%n",
          k.name(), splits.get(best), c.seeds(), Tables.pct(mean(hit[best])), Tables.pct(mean(hit[0])), hr.points(), hr.verdict(),
          Tables.num(mean(tps[1]), 0), Tables.num(mean(tps[0]), 0), tp.percent(mean(tps[0])), tp.verdict()));
    }
    report.chart("hit-ratio.png", BarChart.figure("Hit ratio: one G-CLOCK pool against the best split of the same frames",
        "hit ratio (mean over evaluation seeds)", caseNames, hitBars));
    report.chart("tps.png", BarChart.figure("Simulated tps: one G-CLOCK pool against the best split",
        "transactions per second (mean over evaluation seeds)", caseNames, tpsBars));
    StringBuilder md = new StringBuilder();
    md.append("# pools\n\n**Question**: does a KEEP pool for index pages pay, and when? (PostgreSQL wiki, \"Multiple Buffer Pools\": "
        + "named pools beside the default, each with its own policy and trickle writer; no published numbers.)\n\n");
    md.append(String.format(Locale.ROOT, "**Configuration**: %d frames in all; workloads `%s`, `%s`, `%s` (%,d requests each "
        + "replayed exactly); one G-CLOCK pool against `default=gclock` plus a KEEP pool for %s under %s at %s%% and, where the "
        + "workload has pgbench_history, a RECYCLE pool `%s:%d%%[history]`. The best split is chosen on seed %d and measured on "
        + "seeds 1..%d; the simulated pipeline runs %,d transactions (a quarter warm-up) with %d clients, greedy commit, device "
        + "`%s`, PostgreSQL's bgwriter defaults in every pool, checkpoints every 30 s; for pgbench-select, which has no "
        + "transactions, the pipeline runs `%s`. A difference is named only when every seed's paired difference has one sign "
        + "and their mean exceeds their spread (max - min); otherwise it is *within the spread*.%n%n",
        c.frames(), cases(c.frames()).get(0).replaySpec(c.requests(), 1), cases(c.frames()).get(1).replaySpec(c.requests(), 1),
        cases(c.frames()).get(2).replaySpec(c.requests(), 1), c.requests(), INDEX, String.join(", ", KEEP_POLICIES),
        KEEP_SHARES.toString().replaceAll("[\\[\\] ]", "").replace(",", "/"), recycle, RECYCLE_SHARE, SELECTION_SEED, c.seeds(),
        c.transactions(), c.clients(), device.spec(), cases(c.frames()).get(1).pipelineSpec(1)));
    md.append("**Answer** (numbers from this run):\n\n");
    summaries.forEach(md::append);
    md.append("\n").append(Tables.markdown(List.of("workload", "best split", "hit ratio, one pool", "hit ratio, best split",
        "difference (min..max)", "hit ratio verdict", "tps, one pool", "tps, best split", "tps difference (min..max)", "tps verdict",
        "pipeline hit ratio, one pool", "pipeline hit ratio, best split"), answer));
    md.append("\n## The search (evaluation seeds; mean, and min..max over seeds)\n\n").append(search);
    report.summary(md.toString());
    return report;
  }

  private static List<ResultRow> replay(String spec, List<ReplayPolicy> policies, int frames, PrintStream progress, String what) {
    if (progress != null) progress.println("bufmgr: pools " + what + ": " + policies.size() + " splits on " + spec);
    return new ReplayRunner(null, false).run(ReplayInput.ofWorkload(Workloads.parse(spec)), policies, List.of(frames), 1);
  }

  private static ResultRow tag(ResultRow r, Case k, String split, long seed, String phase) {
    return new ResultRow().put("experiment", "pools").put("kind", "replay").put("phase", phase).put("case", k.name())
        .put("pools", split).put("workloadSeed", seed).putAll(r);
  }

  /** The search's table for one workload: every split, best first by mean hit ratio. */
  private static String searchTable(Case k, List<String> splits, double[][] hit, Map<String, double[][]> classHit, int best) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < splits.size(); i++) order.add(i);
    order.sort(Comparator.comparingDouble((Integer i) -> -mean(hit[i])));
    List<String> header = new ArrayList<>(List.of("split", "hit ratio", "min..max"));
    for (String cls : classHit.keySet()) header.add(cls);
    List<List<String>> rows = new ArrayList<>();
    for (int i : order) {
      List<String> row = new ArrayList<>();
      row.add("`" + splits.get(i) + "`" + (i == 0 ? " (one pool)" : i == best ? " (chosen)" : ""));
      row.add(Tables.pct(mean(hit[i])));
      row.add(Tables.pct(min(hit[i])) + ".." + Tables.pct(max(hit[i])));
      for (double[][] v : classHit.values()) row.add(Tables.pct(mean(v[i])));
      rows.add(row);
    }
    return "### " + k.name() + "\n\n" + Tables.markdown(header, rows) + "\n";
  }

  /** Hit ratio against the KEEP pool's share, one line per KEEP policy (splits without RECYCLE), share 0 the single pool. */
  private static LineChart shareChart(Case k, List<String> splits, double[][] hit) {
    LineChart chart = LineChart.of("Hit ratio against the KEEP share for index pages: " + k.name(), "KEEP pool share (%)",
        "hit ratio (mean over seeds)");
    for (String keep : KEEP_POLICIES) {
      double[] x = new double[KEEP_SHARES.size() + 1];
      double[] y = new double[x.length];
      y[0] = mean(hit[0]);
      for (int j = 0; j < KEEP_SHARES.size(); j++) {
        int share = KEEP_SHARES.get(j);
        x[j + 1] = share;
        y[j + 1] = mean(hit[splits.indexOf("default=gclock:" + (100 - share) + "%,keep=" + keep + ":" + share + "%" + INDEX)]);
      }
      chart.series("keep=" + keep, x, y);
    }
    return chart;
  }

  /** Paired differences {@code a[s] - b[s]} over seeds. */
  record Paired(double mean, double min, double max) {
    static Paired of(double[] a, double[] b) {
      double[] d = new double[a.length];
      for (int i = 0; i < a.length; i++) d[i] = a[i] - b[i];
      return new Paired(PoolsExperiment.mean(d), PoolsExperiment.min(d), PoolsExperiment.max(d));
    }

    /** Whether the difference is beyond the spread: one sign on every seed, and the mean above max - min. */
    boolean named() {
      return (min > 0 || max < 0) && Math.abs(mean) > max - min;
    }

    String verdict() {
      return named() ? (mean > 0 ? "better" : "worse") : "within the spread";
    }

    String points() {
      return String.format(Locale.ROOT, "%+.2f pt (%+.2f..%+.2f)", mean * 100, min * 100, max * 100);
    }

    String percent(double base) {
      return String.format(Locale.ROOT, "%+.1f%% (%+.1f..%+.1f)", 100 * mean / base, 100 * min / base, 100 * max / base);
    }
  }

  static double mean(double[] v) {
    double s = 0;
    for (double x : v) s += x;
    return s / v.length;
  }

  static double min(double[] v) {
    double m = Double.POSITIVE_INFINITY;
    for (double x : v) m = Math.min(m, x);
    return m;
  }

  static double max(double[] v) {
    double m = Double.NEGATIVE_INFINITY;
    for (double x : v) m = Math.max(m, x);
    return m;
  }
}
