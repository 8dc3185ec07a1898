package dev.bufmgr.app.experiment;

import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.Tables;

import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.pipeline.BgWriterSettings;
import dev.bufmgr.pipeline.CheckpointSettings;
import dev.bufmgr.pipeline.IntervalRow;
import dev.bufmgr.pipeline.PipelineResult;
import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.wal.PolicyFactory;
import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.device.PageCacheSettings;
import dev.bufmgr.pipeline.run.PipelineDevice;
import dev.bufmgr.pipeline.run.PipelineInput;
import dev.bufmgr.pipeline.run.PipelineRows;
import dev.bufmgr.pipeline.run.PipelineRunner;
import dev.bufmgr.pipeline.run.PipelineSettings;
import dev.bufmgr.results.plot.BarChart;
import dev.bufmgr.results.plot.Figure;
import dev.bufmgr.results.plot.SmallMultiples;
import dev.bufmgr.results.plot.LineChart;
import dev.bufmgr.results.report.ResultRow;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * {@code checkpoint-storm}: the sawtooth after each checkpoint. After a redo point every page's
 * first change logs a full-page image, so the log's volume jumps and the commits that share its
 * device wait longer; as the images fade the rate recovers, until the next checkpoint (Percona's
 * 2020 measurements: about 8,000 down to 3,000 tps on sysbench-tpcc, mostly gone with
 * full_page_writes off). {@code tpcb} with data twice the pool, timed checkpoints, every selector
 * under greedy and commit_delay group commit, with full-page writes on and off, the background
 * writer on and off, and checkpoint completion targets 0.1 and 0.9, in the pipeline's simulation.
 * The sawtooth is measured per run from its per-second series: throughput and commit p99 in the
 * first second after each redo point against the second half of each checkpoint cycle. Every
 * configuration runs {@link Spread#seeds} seeds, and a selector or setting is named only beyond
 * their spread. The device model is the operating system's page cache ({@link PageCacheSettings},
 * as {@code bufmgr pipeline} by default: the checkpoint's writes land in the cache and its fsync
 * forces them, so commits during the sync phase are reported apart) or the direct one.
 */
public final class CheckpointStormExperiment {
  private static final String PGDELAY = "pgdelay:delay=200us,siblings=5";

  private CheckpointStormExperiment() {}

  /** A run's sawtooth: the first second after each redo point against the second half of each cycle. */
  record Sawtooth(double tpsAfter, double tpsSteady, double p99After, double p99Steady, int cycles) {
    /** How far throughput falls after a redo point: 1 - after / steady. */
    double depth() {
      return 1 - tpsAfter / tpsSteady;
    }

    /** How much commit p99 rises after a redo point: after / steady. */
    double p99Rise() {
      return p99After / p99Steady;
    }

    /** Measures the measured part of {@code series}, where checkpoints start every {@code cycleNanos}. */
    static Sawtooth of(List<IntervalRow> series, long cycleNanos) {
      double tpsAfter = 0;
      double p99After = 0;
      double tpsSteady = 0;
      double p99Steady = 0;
      int after = 0;
      int steady = 0;
      for (IntervalRow i : series) {
        if (!i.measured() || i.transactions() == 0) continue;
        long into = i.startNanos() % cycleNanos;
        if (i.checkpointsStarted() > 0 && into < i.endNanos() - i.startNanos()) {
          tpsAfter += i.throughput();
          p99After += i.commitP99Nanos();
          after++;
        } else if (into >= cycleNanos / 2) {
          tpsSteady += i.throughput();
          p99Steady += i.commitP99Nanos();
          steady++;
        }
      }
      return new Sawtooth(tpsAfter / after, tpsSteady / steady, p99After / after / 1e6, p99Steady / steady / 1e6, after);
    }
  }

  /** One run of the matrix and its sawtooth. */
  private record Point(String selector, String policy, Setting setting, Sawtooth saw, PipelineResult result) {}

  /** One configuration of the matrix. */
  private record Setting(boolean fpw, boolean bgwriter, double target) {
    String label() {
      return "fpw " + (fpw ? "on" : "off") + ", bgwriter " + (bgwriter ? "on" : "off") + ", target " + target;
    }
  }

  /**
   * Runs the matrix.
   *
   * @param cache the page cache's settings, or null for the direct model
   */
  public static ExperimentReport run(boolean quick, SelectorRegistry registry, PrintStream progress, PageCacheSettings cache) {
    int frames = quick ? 1000 : 16384;
    long cycle = (quick ? 2 : 30) * 1_000_000_000L;
    int cycles = quick ? 1 : 5;
    int seeds = Spread.seeds(quick);
    long duration = cycle * (cycles + 1);
    double warmup = 1.0 / (cycles + 1);
    List<Spec> selectors = new ArrayList<>();
    for (SelectorFactory f : registry.factories()) selectors.add(Spec.of(f.name()));
    List<PolicyFactory> policies = List.of(ReleasePolicies.parse("greedy"), ReleasePolicies.parse(PGDELAY));
    PipelineInput input = PipelineInput.workload("tpcb:frames=" + frames + ",ratio=2");
    PipelineDevice device = PipelineDevice.parse(PipelineDevice.DEFAULT, false);
    ExperimentReport report = new ExperimentReport();
    report.summary("# checkpoint-storm\n\n**Question**: does throughput fall after each checkpoint (the full-page images of "
        + "every page's first change after the redo point filling the log, whose device the commits share), how deep, and "
        + "which selector and settings flatten it?\n\n"
        + String.format(Locale.ROOT, "**Configuration**: `%s` (data twice the pool of %d buffers), 16 clients, no think time, "
            + "device `%s`, checkpoints every %d s (timed only: max_wal_size out of reach), %s measured after one of "
            + "warm-up, every selector under `greedy` and `%s`, full-page writes on and off, the background writer (PostgreSQL's "
            + "defaults) on and off, completion target 0.1 and 0.9; the pipeline's simulation, seeds 1..%d. Per run, the first "
            + "second after each redo point against the second half of each cycle: throughput and commit p99; and commit "
            + "p99 of the commits that overlapped a checkpoint's sync phase. %s%n%n",
            input.name(), frames, device.spec(), cycle / 1_000_000_000L, cycles == 1 ? "one cycle" : cycles + " cycles", PGDELAY, seeds, DeviceModelText.sentence(cache))
        + "**Answer** (numbers from this run):\n\n");
    List<List<String>> table = new ArrayList<>();
    List<Point> points = new ArrayList<>();
    Map<String, Map<String, double[][]>> seriesBySelector = new LinkedHashMap<>();
    for (int seed = 1; seed <= seeds; seed++) {
      int sd = seed;
      PipelineInput seeded = PipelineInput.workload("tpcb:frames=" + frames + ",ratio=2,seed=" + seed);
      for (boolean fpw : new boolean[] {true, false}) {
        for (boolean bg : new boolean[] {true, false}) {
          for (double target : new double[] {0.1, 0.9}) {
            Setting st = new Setting(fpw, bg, target);
            PipelineSettings settings = new PipelineSettings(frames, true, fpw, 16, new ThinkTime(0, ThinkTime.Distribution.EXP),
                new CheckpointSettings(cycle, 64L << 30, target), bg ? BgWriterSettings.DEFAULTS : null, 0, duration, warmup,
                1_000_000_000L, seed, false, FlushMode.FLUSHER, cache);
            List<PipelineRunner.Outcome> outcomes = PipelineRunner.run(settings, seeded, device, selectors, policies, registry,
                progress == null ? null : line -> progress.println("bufmgr: checkpoint-storm " + st.label() + " seed " + sd + " " + line));
            for (PipelineRunner.Outcome o : outcomes) {
              PipelineResult r = o.result();
              Sawtooth saw = Sawtooth.of(r.series(), cycle);
              String sel = o.run().selector().replaceAll(":.*", "");
              String pol = o.run().policy().replaceAll(":.*", "");
              points.add(new Point(sel, pol, st, saw, r));
              report.row(new ResultRow().put("experiment", "checkpoint-storm").putAll(PipelineRows.row(o.run(), r))
                  .put("tpsAfterRedo", saw.tpsAfter()).put("tpsSteady", saw.tpsSteady()).put("sawtoothDepth", saw.depth())
                  .put("commitP99AfterRedoMs", saw.p99After()).put("commitP99SteadyMs", saw.p99Steady())
                  .put("commitP99Rise", saw.p99Rise()).put("cyclesMeasured", saw.cycles()));
              if (pol.equals("greedy") && bg && seed == 1) {
                List<IntervalRow> s = r.series();
                double[] x = new double[s.size()];
                double[] y = new double[s.size()];
                for (int i = 0; i < s.size(); i++) {
                  x[i] = s.get(i).endNanos() / 1e9;
                  y[i] = s.get(i).throughput();
                }
                seriesBySelector.computeIfAbsent(sel, k -> new LinkedHashMap<>())
                    .put("fpw " + (fpw ? "on" : "off") + ", target " + target, new double[][] {x, y});
              }
            }
          }
        }
      }
    }
    Map<String, List<Point>> cells = new LinkedHashMap<>();
    for (Point p : points) {
      cells.computeIfAbsent(p.selector() + " / " + p.policy() + " with " + p.setting().label(), k -> new ArrayList<>()).add(p);
    }
    for (List<Point> cell : cells.values()) {
      Point p = cell.getFirst();
      table.add(List.of(p.selector(), p.policy(), p.setting().fpw() ? "on" : "off", p.setting().bgwriter() ? "on" : "off",
          Tables.num(p.setting().target(), 1), spread(cell, q -> q.result().throughput()).num(0),
          spread(cell, q -> q.saw().tpsAfter()).num(0), spread(cell, q -> q.saw().tpsSteady()).num(0),
          spread(cell, q -> q.saw().depth()).pct(), spread(cell, q -> q.saw().p99After()).num(3),
          spread(cell, q -> q.saw().p99Steady()).num(3), spread(cell, q -> q.saw().p99Rise()).num(2),
          spread(cell, q -> p99Ms(q.result().commitLatencyDuringSync())).num(3),
          spread(cell, q -> p99Ms(q.result().commitLatencyOutsideSync())).num(3),
          spread(cell, q -> q.result().walBytesPerTransaction()).num(0), spread(cell, q -> q.result().wal().imageShare()).pct()));
    }
    Map.Entry<String, List<Point>> deepest = cells.entrySet().stream()
        .max(Comparator.comparingDouble(e -> spread(e.getValue(), q -> q.saw().depth()).mean())).orElseThrow();
    Map.Entry<String, List<Point>> flattest = cells.entrySet().stream()
        .min(Comparator.comparingDouble(e -> Math.abs(spread(e.getValue(), q -> q.saw().depth()).mean()))).orElseThrow();
    List<Point> d = deepest.getValue();
    report.summary(String.format(Locale.ROOT, "- Deepest sawtooth (mean over seeds): %s: %s tps in the second after a redo "
        + "point against %s later in the cycle (%s lower), commit p99 %s ms against %s ms.%n", deepest.getKey(),
        spread(d, q -> q.saw().tpsAfter()).num(0), spread(d, q -> q.saw().tpsSteady()).num(0),
        spread(d, q -> q.saw().depth()).pct(), spread(d, q -> q.saw().p99After()).num(3), spread(d, q -> q.saw().p99Steady()).num(3)));
    report.summary(String.format(Locale.ROOT, "- Flattest (mean over seeds): %s (%s).%n", flattest.getKey(),
        spread(flattest.getValue(), q -> q.saw().depth()).pct()));
    Setting defaults = new Setting(true, true, 0.9);
    for (String pol : points.stream().map(Point::policy).distinct().toList()) {
      Map<String, Spread> depthCells = new LinkedHashMap<>();
      Map<String, Spread> syncCells = new LinkedHashMap<>();
      for (List<Point> cell : cells.values()) {
        Point p = cell.getFirst();
        if (!p.policy().equals(pol) || !p.setting().equals(defaults)) continue;
        depthCells.put(p.selector(), spread(cell, q -> q.saw().depth()));
        syncCells.put(p.selector(), spread(cell, q -> p99Ms(q.result().commitLatencyDuringSync())));
      }
      report.summary(String.format(Locale.ROOT, "- %s with %s: shallowest sawtooth: %s; lowest commit p99 during a "
          + "checkpoint's sync phase (ms): %s.%n", pol, defaults.label(), Spread.judge(depthCells, false, Tables::pct),
          Spread.judge(syncCells, false, v -> Tables.num(v, 3))));
    }
    summarizeFactor(report, points, "full-page writes", p -> p.setting().fpw());
    summarizeFactor(report, points, "the background writer", p -> p.setting().bgwriter());
    summarizeFactor(report, points, "completion target 0.9 (against 0.1)", p -> p.setting().target() == 0.9);
    Map<String, List<Double>> bySelector = new LinkedHashMap<>();
    for (Point p : points) bySelector.computeIfAbsent(p.selector(), k -> new ArrayList<>()).add(p.saw().depth());
    for (Map.Entry<String, List<Double>> e : bySelector.entrySet()) {
      double m = e.getValue().stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
      report.summary(String.format(Locale.ROOT, "- %s: mean depth %s over every setting.%n", e.getKey(), Tables.pct(m)));
    }
    report.summary("\nEach cell is the mean over " + seeds + " seeds (workload and run seeds 1.." + seeds
        + ") with the range in brackets; a selector is named only when its range clears every other's.\n");
    report.summary("\n" + Tables.markdown(List.of("selector", "commit", "fpw", "bgwriter", "target", "tps", "tps after redo",
        "tps steady", "depth", "commit p99 after ms", "commit p99 steady ms", "p99 rise", "commit p99 during sync ms",
        "commit p99 outside sync ms", "WAL B/txn", "images share"), table));
    report.summary("Depth is 1 - (throughput in the first second after a redo point) / (throughput in the second half of the "
        + "cycle), averaged over the measured cycles; a negative depth means the second after the redo point was faster.\n");
    report.chart("sawtooth.png", sawtoothFigure(seriesBySelector, cycle, cycles, input.name()));
    report.chart("depth.png", depthFigure(points, input.name()));
    return report;
  }

  /**
   * Per selector (greedy, background writer on, seed 1) a panel of throughput against time, full-page
   * writes and completion target as its four series, the warm-up cycle shaded and every
   * checkpoint's start marked: a panel each, since every selector's run is a sawtooth of its own.
   */
  private static Figure sawtoothFigure(Map<String, Map<String, double[][]>> bySelector, long cycle, int cycles, String input) {
    double seconds = cycle / 1e9;
    double[] starts = new double[cycles];
    for (int k = 0; k < cycles; k++) starts[k] = seconds * (k + 1);
    List<LineChart> panels = new ArrayList<>();
    for (Map.Entry<String, Map<String, double[][]>> e : bySelector.entrySet()) {
      panels.add(LineChart.of(e.getKey() + " / greedy, bgwriter on", "seconds (simulated)", "transactions/s")
          .series(e.getValue()).shade(0, seconds, "warm-up (not measured)").markX(starts, "checkpoint starts").size(600, 400));
    }
    return SmallMultiples.of("Transactions per second through checkpoints, per selector: " + input, panels, 3);
  }

  /**
   * Sawtooth depth per selector (categories) and setting (series), one panel per commit policy:
   * eight settings a panel, so no panel draws more series than a reader tells apart. Each bar is
   * the mean over the seeds.
   */
  private static Figure depthFigure(List<Point> points, String input) {
    Map<String, Map<String, Map<String, List<Double>>>> byPolicy = new LinkedHashMap<>();
    List<String> selectors = new ArrayList<>();
    for (Point p : points) {
      if (!selectors.contains(p.selector())) selectors.add(p.selector());
      byPolicy.computeIfAbsent(p.policy(), k -> new LinkedHashMap<>())
          .computeIfAbsent(p.setting().label(), k -> new LinkedHashMap<>())
          .computeIfAbsent(p.selector(), k -> new ArrayList<>()).add(p.saw().depth());
    }
    List<BarChart> panels = new ArrayList<>();
    for (Map.Entry<String, Map<String, Map<String, List<Double>>>> pol : byPolicy.entrySet()) {
      BarChart chart = BarChart.of("commit: " + pol.getKey(), "depth", selectors).xTitle("selector").size(900, 480);
      for (Map.Entry<String, Map<String, List<Double>>> st : pol.getValue().entrySet()) {
        List<Double> values = new ArrayList<>();
        for (String sel : selectors) values.add(Spread.of(st.getValue().getOrDefault(sel, List.of())).mean());
        chart.series(st.getKey(), values);
      }
      panels.add(chart);
    }
    return SmallMultiples.of("Sawtooth depth (1 - tps after a redo point / tps later): " + input, panels, 1);
  }

  /** A sentence on the mean depth with a factor on and off, every other setting averaged. */
  private static void summarizeFactor(ExperimentReport report, List<Point> points, String factor, Predicate<Point> on) {
    report.summary(String.format(Locale.ROOT, "- With %s the mean depth over every other setting is %s; without, %s.%n",
        factor, Tables.pct(meanDepth(points, on)), Tables.pct(meanDepth(points, on.negate()))));
  }

  private static Spread spread(List<Point> cell, java.util.function.ToDoubleFunction<Point> metric) {
    List<Double> v = new ArrayList<>();
    for (Point p : cell) v.add(metric.applyAsDouble(p));
    return Spread.of(v);
  }

  private static double p99Ms(dev.bufmgr.pipeline.Latencies l) {
    return l.count() == 0 ? Double.NaN : l.p99() / 1e6;
  }

  private static double meanDepth(List<Point> points, Predicate<Point> which) {
    return points.stream().filter(which).mapToDouble(p -> p.saw().depth()).average().orElse(Double.NaN);
  }
}
