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
import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.device.PageCacheSettings;
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
 * ratio, against the same selector with the writer off. The device model is the operating
 * system's page cache ({@link PageCacheSettings}, as {@code bufmgr pipeline} by default) or the
 * direct one; with the cache a client's dirty eviction waits for the log flush up to the victim's
 * LSN and the copy, so the summary reports the eviction wait per transaction beside the share.
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

  /**
   * Runs every selector under every writer setting.
   *
   * @param cache the page cache's settings, or null for the direct model
   */
  public static ExperimentReport run(boolean quick, SelectorRegistry registry, PrintStream progress, PageCacheSettings cache) {
    int frames = quick ? 1000 : 16384;
    long cycle = (quick ? 5 : 30) * 1_000_000_000L;
    long duration = cycle * (quick ? 2 : 4);
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
            + "measured, seeds 1..%d; the writer off, then `delay,maxPages,multiplier` as in the table (PostgreSQL's defaults "
            + "200ms, 100, 2.0 second). *Moved off* is 1 - (transactions that waited on a dirty eviction) / (the same with the "
            + "writer off); *extra writes* is (all data-page writes) / (all with the writer off) - 1; *eviction wait ms/txn* is the time "
            + "transactions spent getting dirty victims written (the log flush up to the victim's LSN, then the write), over "
            + "every transaction. %s%n%n",
            input.name(), frames, device.spec(), cycle / 1_000_000_000L, duration / 1e9, Spread.seeds(quick),
            DeviceModelText.sentence(cache))
        + "**Answer** (numbers from this run):\n\n");
    int seeds = Spread.seeds(quick);
    // selector -> writer label -> metric -> one value per seed
    Map<String, Map<String, Map<String, List<Double>>>> cells = new LinkedHashMap<>();
    List<String> categories = new ArrayList<>();
    for (BgWriterSettings w : writers) if (w != null) categories.add(w.spec());
    for (int seed = 1; seed <= seeds; seed++) {
      int sd = seed;
      PipelineInput seeded = PipelineInput.workload("tpcb:frames=" + frames + ",ratio=2,seed=" + seed);
      Map<String, PipelineResult> offBySelector = new LinkedHashMap<>();
      for (BgWriterSettings w : writers) {
        String label = w == null ? "off" : w.spec();
        PipelineSettings settings = new PipelineSettings(frames, true, true, 16, new ThinkTime(0, ThinkTime.Distribution.EXP),
            new CheckpointSettings(cycle, 64L << 30, 0.9), w, 0, duration, 0.25, 1_000_000_000L, seed, false, FlushMode.FLUSHER, cache);
        List<PipelineRunner.Outcome> outcomes = PipelineRunner.run(settings, seeded, device, selectors,
            List.of(ReleasePolicies.parse("greedy")), registry,
            progress == null ? null : line -> progress.println("bufmgr: bgwriter " + label + " seed " + sd + " " + line));
        for (PipelineRunner.Outcome o : outcomes) {
          PipelineResult r = o.result();
          String sel = o.run().selector().replaceAll(":.*", "");
          if (w == null) offBySelector.put(sel, r);
          PipelineResult off = offBySelector.get(sel);
          double movedOff = 1 - r.waitedShare() / off.waitedShare();
          double extra = (double) writes(r) / r.transactions() / ((double) writes(off) / off.transactions()) - 1;
          double hitDelta = r.hitRatio() - off.hitRatio();
          report.row(new ResultRow().put("experiment", "bgwriter").put("seed", seed).putAll(PipelineRows.row(o.run(), r))
              .put("waitedMovedOff", w == null ? null : movedOff).put("extraWrites", w == null ? null : extra)
              .put("hitRatioChange", w == null ? null : hitDelta)
              .put("evictionWaitMsPerTransaction", DirtyEvictionsExperiment.waitPerTransaction(r)));
          Map<String, List<Double>> c = cells.computeIfAbsent(sel, k -> new LinkedHashMap<>())
              .computeIfAbsent(label, k -> new LinkedHashMap<>());
          add(c, "tps", r.throughput());
          add(c, "waited", r.waitedShare());
          add(c, "waitPerTxn", DirtyEvictionsExperiment.waitPerTransaction(r));
          add(c, "moved", w == null ? Double.NaN : movedOff);
          add(c, "backend", (double) r.backendWrites() / r.transactions());
          add(c, "bgwriter", (double) r.bgwriterWrites() / r.transactions());
          add(c, "checkpoint", (double) r.checkpointWrites() / r.transactions());
          add(c, "extra", w == null ? Double.NaN : extra);
          add(c, "maxwritten", (double) r.maxwrittenClean());
          add(c, "hit", r.hitRatio());
          add(c, "hitDelta", w == null ? Double.NaN : hitDelta * 100);
          add(c, "commitP99", r.commitLatency().p99() / 1e6);
        }
      }
    }
    List<List<String>> table = new ArrayList<>();
    Map<String, List<Double>> moved = new LinkedHashMap<>();
    String defaults = BgWriterSettings.DEFAULTS.spec();
    for (Map.Entry<String, Map<String, Map<String, List<Double>>>> bySel : cells.entrySet()) {
      String sel = bySel.getKey();
      Map<String, Spread> movedCells = new LinkedHashMap<>();
      for (Map.Entry<String, Map<String, List<Double>>> e : bySel.getValue().entrySet()) {
        Map<String, List<Double>> c = e.getValue();
        boolean off = e.getKey().equals("off");
        if (!off) {
          movedCells.put("`" + e.getKey() + "`", Spread.of(c.get("moved")));
          moved.computeIfAbsent(sel, k -> new ArrayList<>()).add(Spread.of(c.get("moved")).mean());
        }
        table.add(List.of(sel, e.getKey(), Spread.of(c.get("tps")).num(0), Spread.of(c.get("waited")).pct(),
            Spread.of(c.get("waitPerTxn")).num(3),
            off ? "-" : Spread.of(c.get("moved")).pct(), Spread.of(c.get("backend")).num(3), Spread.of(c.get("bgwriter")).num(3),
            Spread.of(c.get("checkpoint")).num(3), off ? "-" : Spread.of(c.get("extra")).pct(),
            Spread.of(c.get("maxwritten")).num(0), Spread.of(c.get("hit")).pct(),
            off ? "-" : Spread.of(c.get("hitDelta")).num(2) + " pt", Spread.of(c.get("commitP99")).num(3)));
      }
      report.summary(String.format(Locale.ROOT, "- %s: %s of its transactions waited on a dirty eviction with the writer off "
          + "(%s ms per transaction); PostgreSQL's defaults moved %s of those waits off the commit path (%s ms per "
          + "transaction left); most moved off: %s.%n", sel,
          Spread.of(bySel.getValue().get("off").get("waited")).pct(), Spread.of(bySel.getValue().get("off").get("waitPerTxn")).num(3),
          Spread.of(bySel.getValue().get(defaults).get("moved")).pct(), Spread.of(bySel.getValue().get(defaults).get("waitPerTxn")).num(3),
          Spread.judge(movedCells, true, Tables::pct)));
    }
    report.summary("\nEach cell is the mean over " + seeds + " seeds (workload and run seeds 1.." + seeds
        + ") with the range in brackets; a setting is named only when its range clears every other's.\n");
    report.summary("\n" + Tables.markdown(List.of("selector", "bgwriter", "tps", "waited on a dirty eviction",
        "eviction wait ms/txn", "moved off",
        "backend writes/txn", "bgwriter writes/txn", "checkpoint writes/txn", "extra writes", "rounds at maxPages",
        "hit ratio", "hit ratio change", "commit p99 ms"), table));
    report.chart("moved-off.png", BarChart.figure("Dirty-eviction waits moved off the commit path", "share", categories, moved));
    return report;
  }

  private static void add(Map<String, List<Double>> cell, String metric, double v) {
    cell.computeIfAbsent(metric, k -> new ArrayList<>()).add(v);
  }

  private static long writes(PipelineResult r) {
    return r.backendWrites() + r.bgwriterWrites() + r.checkpointWrites();
  }
}
