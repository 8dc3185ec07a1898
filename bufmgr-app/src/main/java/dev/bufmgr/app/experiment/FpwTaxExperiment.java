package dev.bufmgr.app.experiment;

import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.Tables;

import dev.bufmgr.wal.device.DeviceModels;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.pipeline.PipelineConfig;
import dev.bufmgr.pipeline.PipelineResult;
import dev.bufmgr.pipeline.PipelineSimulation;
import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.VirtualWal;
import dev.bufmgr.wal.WalStats;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.results.plot.BarChart;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.synth.WideTableUpdates;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code fpw-tax}: seeds/001's step 3 through the pipeline. The lab's table {@code wide} (175,000
 * rows, about 5,300 pages), a checkpoint, then {@code UPDATE wide SET n = n + 1 WHERE id % 35 = 1}
 * (one row on each of 5,000 pages) and the same for {@code id % 35 = 2} (the same pages again),
 * each statement one transaction of one client ({@link WideTableUpdates}). The log bytes of each
 * pass come from the pipeline's own counters: a run of the checkpoint alone, one with the first
 * statement, one with both, subtracted. Then the same with full_page_writes off, and with more
 * rows changed per page ({@code id % m} for smaller m).
 */
public final class FpwTaxExperiment {
  /** PostgreSQL's figures for the lab on this kind of machine (research/postgres-write-path.md). */
  public static final double POSTGRES_FIRST_MB = 46.1;
  public static final double POSTGRES_SECOND_MB = 1.92;
  public static final double POSTGRES_RATIO = 23.95;
  public static final double POSTGRES_IMAGE_SHARE = 0.956;
  private static final int[] MODULI = {35, 16, 8, 4, 2};
  /** A bound in virtual time the statements never reach: each run ends with its input. */
  private static final long UNTIL_THE_INPUT_ENDS = 1_000_000_000_000_000L;
  /** The simulation's seed; any other gives the same log ({@link #run(SelectorRegistry, boolean, int, int, long)}). */
  static final long SEED = 1;

  private FpwTaxExperiment() {}

  /** Runs the lab at every modulus with full-page writes on and off. */
  public static ExperimentReport run(boolean quick, SelectorRegistry registry, PrintStream progress) {
    int[] moduli = quick ? new int[] {35, 4} : MODULI;
    ExperimentReport report = new ExperimentReport();
    report.summary("# fpw-tax\n\n**Question** (seeds/001, step 3): how much more log does the first change to a page after a "
        + "checkpoint write, and what does it depend on? PostgreSQL logged " + POSTGRES_FIRST_MB + " MB for the first "
        + "`UPDATE wide SET n = n + 1 WHERE id % 35 = 1` after a `CHECKPOINT` and " + POSTGRES_SECOND_MB + " MB for the "
        + "second (`id % 35 = 2`, the same pages): " + POSTGRES_RATIO + "x, with full-page images "
        + Tables.pct(POSTGRES_IMAGE_SHARE) + " of the first.\n\n"
        + "**Configuration**: the lab's table (175,000 rows of 244 bytes, 33 to a page, 5,304 pages; a primary key of 477 "
        + "leaves), one client, each statement one transaction, G-CLOCK, a pool of 16,384 buffers (PostgreSQL's default "
        + "shared_buffers), the pipeline's simulation. Record sizes and the pruning and HOT rules are those of "
        + "`WideTableUpdates`; images leave out each page's hole (a full heap page 8,076 bytes, a leaf 7,380). "
        + "MB are 10^6 bytes. One seed serves: every seed gives the same figures, because the seed draws only think "
        + "times and device service times, both constant here, and the pool holds the whole table and index, so no "
        + "timing can change which page changes first after the checkpoint.\n\n**Answer** (numbers from this run):\n\n");
    List<List<String>> table = new ArrayList<>();
    Map<String, List<Double>> bars = new LinkedHashMap<>();
    List<String> categories = new ArrayList<>();
    String lab = null;
    String labOff = null;
    for (boolean fpw : new boolean[] {true, false}) {
      List<Double> ratios = new ArrayList<>();
      for (int m : moduli) {
        if (progress != null) progress.println("bufmgr: fpw-tax id % " + m + ", full_page_writes " + (fpw ? "on" : "off"));
        WalStats w0 = run(registry, fpw, m, 0, SEED);
        WalStats w1 = run(registry, fpw, m, 1, SEED);
        WalStats w2 = run(registry, fpw, m, 2, SEED);
        WalStats first = w1.minus(w0);
        WalStats second = w2.minus(w1);
        double rowsPerPage = 33.0 / m;
        double ratio = (double) first.bytes() / second.bytes();
        ratios.add(ratio);
        if (fpw) categories.add(String.format(Locale.ROOT, "id %% %d (%.1f rows/page)", m, Math.min(33, rowsPerPage)));
        report.row(new ResultRow()
            .put("experiment", "fpw-tax")
            .put("fullPageWrites", fpw)
            .put("modulus", m)
            .put("rowsPerPage", Math.min(33, rowsPerPage))
            .put("firstBytes", first.bytes())
            .put("secondBytes", second.bytes())
            .put("ratio", ratio)
            .put("firstImages", first.fullPageImages())
            .put("firstImageBytes", first.imageBytes())
            .put("firstImageShare", first.imageShare())
            .put("secondImages", second.fullPageImages())
            .put("firstRecords", first.records())
            .put("secondRecords", second.records())
            .put("postgresRatio", m == 35 && fpw ? POSTGRES_RATIO : null)
            .put("selector", "gclock")
            .put("frames", 16384)
            .put("seed", SEED));
        table.add(List.of(fpw ? "on" : "off", "id % " + m, Tables.num(Math.min(33, rowsPerPage), 1),
            Tables.num(first.bytes() / 1e6, 2), Tables.num(second.bytes() / 1e6, 2), Tables.num(ratio, 2),
            Tables.pct(first.imageShare()), String.valueOf(first.fullPageImages()),
            String.valueOf(second.fullPageImages())));
        if (m == 35) {
          String s = String.format(Locale.ROOT, "first pass %.2f MB, second %.2f MB: %.2fx, full-page images %s of the first "
              + "(%d images; %d in the second)", first.bytes() / 1e6, second.bytes() / 1e6, ratio,
              Tables.pct(first.imageShare()), first.fullPageImages(), second.fullPageImages());
          if (fpw) lab = s;
          else labOff = s;
        }
      }
      bars.put("full_page_writes " + (fpw ? "on" : "off"), ratios);
    }
    report.chart("ratio.png", BarChart.figure("First pass over second pass, log bytes", "ratio", categories, bars));
    report.summary("- The lab (`id % 35`): " + lab + ". PostgreSQL: " + POSTGRES_FIRST_MB + " MB and " + POSTGRES_SECOND_MB
        + " MB, " + POSTGRES_RATIO + "x, images " + Tables.pct(POSTGRES_IMAGE_SHARE) + ".\n");
    report.summary("- With full_page_writes off: " + labOff + ".\n");
    List<Double> on = bars.get("full_page_writes on");
    int top = 0;
    for (int i = 1; i < on.size(); i++) if (on.get(i) > on.get(top)) top = i;
    report.summary(String.format(Locale.ROOT, "- With more rows changed per page, one image serves more changes: the ratio is "
        + "largest at %s (%.2fx) and %.2fx at %s; at %s it is %.2fx.%n%n", categories.get(top), on.get(top),
        on.get(on.size() - 1), categories.get(categories.size() - 1), categories.get(0), on.get(0)));
    report.summary(Tables.markdown(List.of("full_page_writes", "statement", "rows/page", "first MB", "second MB", "ratio",
        "images share (first)", "images (first)", "images (second)"), table));
    report.summary("The second pass has images too: where the row of `id % 35 = 2` sits on a page that held no row of the "
        + "first pass (every 33rd time), its page is changed for the first time since the checkpoint. Its other pages "
        + "are pruned (the first pass's dead versions) and take HOT updates.\n");
    return report;
  }

  /**
   * The log of the lab's statements for {@code id % modulus}: the checkpoint, then the first
   * {@code statements} of the two UPDATEs (0, 1 or 2), in a simulation seeded with {@code seed}.
   * The seed draws only think times and device service times, both constant here, and the pool
   * holds the whole table and index, so the log is the same for every seed.
   */
  static WalStats run(SelectorRegistry registry, boolean fpw, int modulus, int statements, long seed) {
    WideTableUpdates lab = new WideTableUpdates();
    lab.checkpoint();
    if (statements >= 1) lab.update(modulus, 1);
    if (statements >= 2) lab.update(modulus, 2);
    long[] pages = lab.pages();
    EventTrace events = new EventTrace("wide:id%" + modulus, EnumSet.allOf(EventField.class), pages, lab.meta(), pages.length);
    EventSource base = events.source();
    EventSource source = new EventSource() {
      @Override
      public String name() {
        return base.name();
      }

      @Override
      public java.util.Set<EventField> carries() {
        return base.carries();
      }

      @Override
      public int fill(dev.bufmgr.core.event.EventBatch batch) {
        return base.fill(batch);
      }

      @Override
      public int imageBytes(int pageClass) {
        return WideTableUpdates.imageBytes(pageClass);
      }

      @Override
      public void close() {}
    };
    PipelineConfig config = new PipelineConfig(16384, Spec.of("gclock"), true, 8192, fpw, 1,
        new ThinkTime(0, ThinkTime.Distribution.CONST), ReleasePolicies.parse("greedy"), null, null, 0, UNTIL_THE_INPUT_ENDS,
        0, 1_000_000_000L, seed);
    PipelineResult r = new PipelineSimulation(config, source, DeviceModels.parse("fixed:f0=0.1ms"), registry,
        new VirtualWal(LogFormat.FIRST_LSN)).run();
    return r.wal();
  }
}
