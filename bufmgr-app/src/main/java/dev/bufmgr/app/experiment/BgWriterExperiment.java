package dev.bufmgr.app.experiment;

import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.Tables;

import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.pipeline.BgWriterSettings;
import dev.bufmgr.pipeline.CheckpointSettings;
import dev.bufmgr.pipeline.PipelineResult;
import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.pipeline.run.PipelineDevice;
import dev.bufmgr.pipeline.run.PipelineInput;
import dev.bufmgr.pipeline.run.PipelineRows;
import dev.bufmgr.pipeline.run.PipelineRunner;
import dev.bufmgr.pipeline.run.PipelineSettings;
import dev.bufmgr.results.plot.BarChart;
import dev.bufmgr.results.report.ResultRow;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code bgwriter}: what the background writer buys, per selector. The load of {@code
 * checkpoint-storm} (tpcb, data twice the pool, timed checkpoints at completion target 0.9,
 * greedy commit) with the writer off, at PostgreSQL's defaults, and with {@code maxPages} and
 * {@code multiplier} varied: the share of the transactions that waited on a dirty eviction (the
 * writes the writer moved off the commit path), the writes it adds (pages written more often in
 * all than with the writer off: written ahead, then dirtied again before they left), and the hit
 * ratio, against the same selector with the writer off.
 */
public final class BgWriterExperiment {
  /** The writer settings compared, {@code null} for off; the second is PostgreSQL's defaults. */
  static final BgWriterSettings[] WRITERS = {
    null,
    BgWriterSettings.DEFAULTS,
    new BgWriterSettings(200_000_000L, 25, 1.0),
    new BgWriterSettings(200_000_000L, 400, 2.0),
    new BgWriterSettings(200_000_000L, 1000, 4.0),
    new BgWriterSettings(50_000_000L, 1000, 10.0),
  };

  private BgWriterExperiment() {}

  /** Runs every selector under every writer setting. */
  public static ExperimentReport run(boolean quick, SelectorRegistry registry, PrintStream progress) {
    int frames = quick ? 1000 : 16384;
    long cycle = (quick ? 5 : 30) * 1_000_000_000L;
    long duration = cycle * (quick ? 3 : 4);
    BgWriterSettings[] writers = quick ? Arrays.copyOf(WRITERS, 3) : WRITERS;
    List<Spec> selectors = new ArrayList<>();
    for (SelectorFactory f : registry.factories()) selectors.add(Spec.of(f.name()));
    PipelineInput input = PipelineInput.workload("tpcb:frames=" + frames + ",ratio=2");
    PipelineDevice device = PipelineDevice.parse(PipelineDevice.DEFAULT, false);
    ExperimentReport report = new ExperimentReport();
    report.summary("# bgwriter\n\n**Question**: how much of the dirty-victim writing does the background writer take off the "
        + "commit path, per selector, what does it add in writes, and does it cost hit ratio?\n\n"
        + String.format(Locale.ROOT, "**Configuration**: `%s` (data twice the pool of %d buffers), 16 clients, greedy commit, "
            + "device `%s`, checkpoints every %d s at completion target 0.9, %.0f s simulated of which the first quarter is not "
            + "measured, seed 1; the writer off, then `delay,maxPages,multiplier` as in the table (PostgreSQL's defaults "
            + "200ms, 100, 2.0 second). *Moved off* is 1 - (transactions that waited on a dirty eviction) / (the same with the "
            + "writer off); *extra writes* is (all data-page writes) / (all with the writer off) - 1.%n%n",
            input.name(), frames, device.spec(), cycle / 1_000_000_000L, duration / 1e9)
        + "**Answer** (numbers from this run):\n\n");
    Map<String, PipelineResult> offBySelector = new LinkedHashMap<>();
    List<List<String>> table = new ArrayList<>();
    Map<String, List<Double>> moved = new LinkedHashMap<>();
    List<String> categories = new ArrayList<>();
    for (BgWriterSettings w : writers) {
      String label = w == null ? "off" : w.spec();
      if (w != null) categories.add(label);
      PipelineSettings settings = new PipelineSettings(frames, true, true, 16, new ThinkTime(0, ThinkTime.Distribution.EXP),
          new CheckpointSettings(cycle, 64L << 30, 0.9), w, 0, duration, 0.25, 1_000_000_000L, 1, false);
      List<PipelineRunner.Outcome> outcomes = PipelineRunner.run(settings, input, device, selectors,
          List.of(ReleasePolicies.parse("greedy")), registry,
          progress == null ? null : line -> progress.println("bufmgr: bgwriter " + label + " " + line));
      for (PipelineRunner.Outcome o : outcomes) {
        PipelineResult r = o.result();
        String sel = o.run().selector().replaceAll(":.*", "");
        if (w == null) offBySelector.put(sel, r);
        PipelineResult off = offBySelector.get(sel);
        double movedOff = 1 - r.waitedShare() / off.waitedShare();
        double extra = (double) writes(r) / r.transactions() / ((double) writes(off) / off.transactions()) - 1;
        double hitDelta = r.hitRatio() - off.hitRatio();
        if (w != null) moved.computeIfAbsent(sel, k -> new ArrayList<>()).add(movedOff);
        report.row(new ResultRow().put("experiment", "bgwriter").putAll(PipelineRows.row(o.run(), r))
            .put("waitedMovedOff", w == null ? null : movedOff).put("extraWrites", w == null ? null : extra)
            .put("hitRatioChange", w == null ? null : hitDelta));
        table.add(List.of(sel, label, Tables.num(r.throughput(), 0), Tables.pct(r.waitedShare()),
            w == null ? "-" : Tables.pct(movedOff), Tables.num((double) r.backendWrites() / r.transactions(), 3),
            Tables.num((double) r.bgwriterWrites() / r.transactions(), 3), Tables.num((double) r.checkpointWrites() / r.transactions(), 3),
            w == null ? "-" : Tables.pct(extra), String.valueOf(r.maxwrittenClean()), Tables.pct(r.hitRatio()),
            w == null ? "-" : points(hitDelta), Tables.num(r.commitLatency().p99() / 1e6, 3)));
      }
    }
    for (Map.Entry<String, PipelineResult> e : offBySelector.entrySet()) {
      String sel = e.getKey();
      PipelineResult off = e.getValue();
      List<Double> m = moved.get(sel);
      int best = 0;
      for (int i = 1; i < m.size(); i++) if (m.get(i) > m.get(best)) best = i;
      report.summary(String.format(Locale.ROOT, "- %s: %s of its transactions waited on a dirty eviction with the writer off; "
          + "PostgreSQL's defaults moved %s of those waits off the commit path, `%s` the most (%s).%n", sel,
          Tables.pct(off.waitedShare()), Tables.pct(m.get(0)), categories.get(best), Tables.pct(m.get(best))));
    }
    report.summary("\n" + Tables.markdown(List.of("selector", "bgwriter", "tps", "waited on a dirty eviction", "moved off",
        "backend writes/txn", "bgwriter writes/txn", "checkpoint writes/txn", "extra writes", "rounds at maxPages",
        "hit ratio", "hit ratio change", "commit p99 ms"), table));
    report.chart("moved-off.png", BarChart.figure("Dirty-eviction waits moved off the commit path", "share", categories, moved));
    return report;
  }

  /** A change of ratio in percentage points, e.g. {@code +0.12 pt}; a change below 0.005 points is {@code 0.00 pt}. */
  private static String points(double delta) {
    double pt = Math.round(delta * 10_000) / 100.0;
    return pt == 0 ? "0.00 pt" : String.format(Locale.ROOT, "%+.2f pt", pt);
  }

  private static long writes(PipelineResult r) {
    return r.backendWrites() + r.bgwriterWrites() + r.checkpointWrites();
  }
}
