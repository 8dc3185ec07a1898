package dev.bufmgr.app.experiment;

import dev.bufmgr.pipeline.run.PipelineDevice;
import dev.bufmgr.pipeline.run.PipelineInput;
import dev.bufmgr.pipeline.run.PipelineRows;
import dev.bufmgr.pipeline.run.PipelineRun;
import dev.bufmgr.pipeline.run.PipelineSettings;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.pipeline.BgWriterSettings;
import dev.bufmgr.pipeline.CheckpointSettings;
import dev.bufmgr.pipeline.PipelineConfig;
import dev.bufmgr.pipeline.PipelineResult;
import dev.bufmgr.pipeline.PipelineSimulation;
import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.Tables;
import dev.bufmgr.results.plot.BarChart;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.PolicyFactory;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.VirtualWal;
import dev.bufmgr.wal.crash.DataFileHistory;
import dev.bufmgr.wal.crash.Exposure;
import dev.bufmgr.wal.crash.Tears;
import dev.bufmgr.wal.crash.TornPageCheck;
import dev.bufmgr.wal.sim.ThinkTime;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code torn-pages}: the protection full-page writes buy beside their price. Each selector runs
 * {@code tpcb} in the pipeline's simulation with a short and a long checkpoint_timeout, full-page
 * writes on and off; each run records its data-file history, is crashed at many instants (each
 * halfway through some page write), and every page write in flight (or, with {@code --writes
 * unforced}, every one not yet forced) is left not done, done, or torn at 4 KiB and 512-byte
 * boundaries, then recovered by redo ({@link TornPageCheck}). The table
 * puts the torn states repaired and unrecoverable beside the run's log bytes per transaction and
 * the full-page images' share of them (as {@code fpw-tax} and {@code checkpoint-storm} report).
 */
public final class TornPagesExperiment {
  /** Selectors run when none are named. */
  public static final List<String> SELECTORS = List.of("gclock", "s3fifo", "sieve", "lru-pool", "hotcool");
  /** Crash instants per run by default. */
  public static final int CRASHES = 200;

  private TornPagesExperiment() {}

  /**
   * What to run.
   *
   * @param selectors the selectors, validated
   * @param crashes crash instants per run (positive)
   * @param tears the torn states enumerated per write
   * @param exposure which writes a power loss may leave not done or torn
   */
  public record Options(List<Spec> selectors, int crashes, Tears tears, Exposure exposure) {
    /** @throws IllegalArgumentException naming the flag */
    public Options {
      if (selectors.isEmpty()) throw new IllegalArgumentException("--selector: give at least one");
      if (crashes < 1 || crashes > 100_000) throw new IllegalArgumentException("--crashes must lie in 1..100000, got " + crashes);
    }
  }

  /** One checkpoint setting. */
  private record Timeout(String label, long nanos) {}

  /** Runs the matrix. */
  public static ExperimentReport run(boolean quick, Options options, SelectorRegistry registry, PrintStream progress) {
    List<String> names = new ArrayList<>();
    for (Spec sel : options.selectors()) names.add(registry.validate(sel).canonicalName());
    int frames = quick ? 500 : 1000;
    long duration = (quick ? 3 : 10) * 1_000_000_000L;
    List<Timeout> timeouts = List.of(new Timeout("short", quick ? 500_000_000L : 1_000_000_000L),
        new Timeout("long", quick ? 1_500_000_000L : 4_000_000_000L));
    PipelineInput input = PipelineInput.workload("tpcb:frames=" + frames + ",ratio=2");
    PipelineDevice device = PipelineDevice.parse(PipelineDevice.DEFAULT, false);
    PolicyFactory policy = ReleasePolicies.parse("greedy");
    int clients = 8;
    ExperimentReport report = new ExperimentReport();
    report.summary("# torn-pages\n\n**Question**: what do full-page writes protect, at what price? A power loss can tear a "
        + "page write in flight (an 8 KiB page reaching storage as some new and some old 4 KiB blocks or 512-byte sectors). "
        + "Redo repairs a torn page only from a record that rebuilds the whole page (a full-page image, or a record that "
        + "initializes the page); a plain record applied to a torn page gives a page that is neither version.\n\n"
        + String.format(Locale.ROOT, "**Configuration**: `%s` (data twice the pool of %d buffers), %d clients, no think time, "
            + "device `%s`, `greedy` group commit, the background writer at PostgreSQL's defaults, checkpoints timed only "
            + "(checkpoint_timeout %s, completion target 0.9), %.0f s simulated per run, seed 1; full-page writes on and off. "
            + "Each run is crashed at %d instants drawn (seed 1) among its page writes, each halfway through one; at each, "
            + "%s is left not done, done, and torn at 4 KiB and at 512-byte boundaries (%s: %s), and each state of the page "
            + "is recovered by redo from the last completed checkpoint's redo point to the log's durable end at the crash. A "
            + "state is repaired when every sector of the page then holds the version of the page's last durable change, a "
            + "value taken from the log alone (`TornPageCheck`, `PageRedo`).%n%n",
            input.name(), frames, clients, device.spec(), timeoutText(timeouts), duration / 1e9, options.crashes(),
            options.exposure() == Exposure.IN_FLIGHT
                ? "every page write submitted and not finished by the device (`--writes in-flight`: a data file written "
                    + "through to stable storage)"
                : "every page write not yet covered by a finished force of the data file (`--writes unforced`: writes through "
                    + "the kernel's page cache, safe only after the checkpoint's fsync; a page with several is left at each of "
                    + "its versions and torn between each and the one before)",
            options.tears().name().toLowerCase(Locale.ROOT),
            options.tears() == Tears.PREFIX ? "a first part of the blocks new, 1 + 15 torn states per write"
                : "every subset of the blocks new, 2 + 65,534 torn states per write")
        + "**Answer** (numbers from this run):\n\n");
    List<List<String>> table = new ArrayList<>();
    long[] on = new long[3];
    long[] off = new long[3];
    double[] bytes = new double[2];
    double[] share = new double[2];
    int[] runs = new int[2];
    long lost = 0;
    List<String> categories = new ArrayList<>();
    Map<String, List<Double>> unrecoverableBars = new LinkedHashMap<>();
    Map<String, List<Double>> taxBars = new LinkedHashMap<>();
    for (boolean fpw : new boolean[] {true, false}) {
      String key = "full_page_writes " + (fpw ? "on" : "off");
      unrecoverableBars.put(key, new ArrayList<>());
      taxBars.put(key, new ArrayList<>());
    }
    for (int si = 0; si < names.size(); si++) {
      Spec sel = options.selectors().get(si);
      String selector = names.get(si);
      for (Timeout timeout : timeouts) {
        String category = selector.replaceAll(":.*", "") + ", " + timeout.label();
        categories.add(category);
        for (boolean fpw : new boolean[] {true, false}) {
          PipelineSettings settings = new PipelineSettings(frames, true, fpw, clients, new ThinkTime(0, ThinkTime.Distribution.EXP),
              new CheckpointSettings(timeout.nanos(), 64L << 30, 0.9), BgWriterSettings.DEFAULTS, 0, duration, 0, 1_000_000_000L, 1,
              false);
          PipelineConfig config = settings.config(sel, policy);
          VirtualWal wal = VirtualWal.recording(LogFormat.FIRST_LSN);
          DataFileHistory history = new DataFileHistory(LogFormat.FIRST_LSN);
          PipelineResult r = new PipelineSimulation(config, input.open(), device.model(), registry, wal, history).run();
          TornPageCheck.Result c = TornPageCheck.run(history, wal, config.pageSize(), options.tears(), options.exposure(),
              history.crashInstants(options.crashes(), 1));
          lost += c.lost();
          long[] sum = fpw ? on : off;
          sum[0] += c.torn();
          sum[1] += c.repaired();
          sum[2] += c.unrecoverable();
          int k = fpw ? 0 : 1;
          bytes[k] += r.walBytesPerTransaction();
          share[k] += r.wal().imageShare();
          runs[k]++;
          String key = "full_page_writes " + (fpw ? "on" : "off");
          unrecoverableBars.get(key).add((double) c.unrecoverable());
          taxBars.get(key).add(r.walBytesPerTransaction());
          PipelineRun run = new PipelineRun(settings, selector, policy.spec(), input.name(), device.spec(), null);
          report.row(new ResultRow().put("experiment", "torn-pages").putAll(PipelineRows.row(run, r))
              .put("checkpointTimeout", timeout.label()).put("checkpointTimeoutSeconds", timeout.nanos() / 1e9)
              .put("tears", options.tears().name().toLowerCase(Locale.ROOT)).put("writes", options.exposure().label())
              .put("crashPoints", c.crashPoints()).put("writesExposed", c.exposed()).put("statesTried", c.states()).put("tornStates", c.torn())
              .put("repaired", c.repaired()).put("unrecoverable", c.unrecoverable()).put("untornLost", c.lost())
              .put("firstUnrecoverable", c.firstUnrecoverable()).put("firstLost", c.firstLost()));
          table.add(List.of(selector.replaceAll(":.*", ""), timeout.label() + " (" + Tables.num(timeout.nanos() / 1e9, 1) + " s)",
              fpw ? "on" : "off", String.valueOf(c.crashPoints()), String.valueOf(c.exposed()), String.valueOf(c.states()),
              String.valueOf(c.torn()), String.valueOf(c.repaired()), String.valueOf(c.unrecoverable()), String.valueOf(c.lost()),
              Tables.num(r.walBytesPerTransaction(), 0), Tables.pct(r.wal().imageShare()), String.valueOf(r.checkpoints().done()),
              Tables.num(r.throughput(), 0)));
          if (progress != null) {
            progress.println(String.format(Locale.ROOT, "bufmgr: torn-pages %s, checkpoint_timeout %s, fpw %s: %,d torn states, "
                + "%,d unrecoverable, %.0f log bytes per transaction", selector, timeout.label(), fpw ? "on" : "off", c.torn(),
                c.unrecoverable(), r.walBytesPerTransaction()));
          }
        }
      }
    }
    report.summary(String.format(Locale.ROOT, "- Full-page writes on: %,d torn states over every run, %,d repaired, %,d "
        + "unrecoverable.%n", on[0], on[1], on[2]));
    report.summary(String.format(Locale.ROOT, "- Full-page writes off: %,d torn states, %,d repaired, %,d unrecoverable (%s).%n",
        off[0], off[1], off[2], Tables.pct(off[0] == 0 ? 0 : (double) off[2] / off[0])));
    report.summary(String.format(Locale.ROOT, "- The price: %.0f log bytes per transaction with them on (full-page images %s of "
        + "the log), %.0f with them off: %.2fx, averaged over the runs.%n", bytes[0] / runs[0], Tables.pct(share[0] / runs[0]),
        bytes[1] / runs[1], bytes[0] / bytes[1]));
    report.summary(String.format(Locale.ROOT, "- Writes not done or done whole that redo got wrong: %d (must be 0).%n%n", lost));
    report.summary(Tables.markdown(List.of("selector", "checkpoint_timeout", "fpw", "crash points",
        options.exposure() == Exposure.IN_FLIGHT ? "writes in flight" : "writes unforced",
        "states tried", "torn", "repaired", "unrecoverable", "untorn lost", "WAL B/txn", "images share", "checkpoints", "tps"),
        table));
    report.summary("A torn state is one page write left with some blocks new and the rest old; states tried also counts each "
        + "exposed page left whole at each of its versions (every exposed write not done, or done). Unrecoverable: after redo some sector of the page does not hold the version of its last "
        + "durable change. The model treats every version of a page as differing from the one before in every sector, so with "
        + "full-page writes off the count is the worst case: a change that leaves a sector's bytes alone would make some tears "
        + "harmless.\n");
    report.chart("unrecoverable.png", BarChart.figure("Torn states redo could not repair", "states", categories, unrecoverableBars));
    report.chart("wal-tax.png", BarChart.figure("Log bytes per transaction", "bytes", categories, taxBars));
    return report;
  }

  private static String timeoutText(List<Timeout> timeouts) {
    List<String> s = new ArrayList<>();
    for (Timeout t : timeouts) s.add(t.label() + " " + Tables.num(t.nanos() / 1e9, 1) + " s");
    return String.join(" and ", s);
  }
}
