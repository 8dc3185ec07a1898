package dev.bufmgr.app.cli;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.pipeline.BgWriterSettings;
import dev.bufmgr.wal.device.PageCacheSettings;
import dev.bufmgr.pipeline.CheckpointSettings;
import dev.bufmgr.pipeline.PipelineConfig;
import dev.bufmgr.pipeline.PipelineSampler;
import dev.bufmgr.core.pool.NamedPools;
import dev.bufmgr.workloads.synth.PageClasses;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.core.params.Durations;
import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.PolicyFactory;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.app.pipeline.PipelineCharts;
import dev.bufmgr.pipeline.run.PipelineDevice;
import dev.bufmgr.pipeline.run.PipelineInput;
import dev.bufmgr.pipeline.run.PipelineRows;
import dev.bufmgr.pipeline.run.PipelineRunner;
import dev.bufmgr.pipeline.run.PipelineSettings;
import dev.bufmgr.app.pipeline.PipelineSummary;
import dev.bufmgr.results.report.OutputFormat;
import dev.bufmgr.results.report.OutputTarget;
import dev.bufmgr.results.report.ResultRow;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bufmgr pipeline}: transactions on the buffer pool with their log, group commit, dirty
 * evictions and checkpoints on one device, for every selector under every commit policy; in the
 * simulation (virtual time) or in real time.
 */
@Command(
    name = "pipeline",
    mixinStandardHelpOptions = true,
    description = {
      "Run transactions on the pool, coupled to the write-ahead log.",
      "Changes are logged (full-page images after a checkpoint) and committed through",
      "a release policy; dirty victims are written after the log; a background",
      "writer and paced checkpoints run beside the clients. Page writes go through",
      "the operating system's page cache (--page-cache); log flushes, writeback and",
      "reads that miss both caches queue on one device. One row per selector and",
      "commit policy.",
      "Devices: fixed:f0=D, lognormal:median=D,p99=D, empirical:FILE, each with",
      ",perbyte=D and ,write=D (an unforced page write); with --clock real also",
      "file:DIR (a real log and data file per run, under DIR/run-N)."
    })
public final class PipelineCommand implements Runnable, WritesOutputs {
  @Mixin ForceOption force;

  @Mixin ChartFormatOption chartFormats;

  /** The default data size as a multiple of the pool, for the default tpcb workload. */
  public static final int DEFAULT_RATIO = PipelineSettings.DEFAULT_RATIO;
  /** The most clients a real-time run starts (one platform thread each). */
  public static final int MAX_REAL_CLIENTS = 4096;
  /** What a buffer of a pipeline pool costs: descriptors, mapping table, and the counters around them. */
  static final long BYTES_PER_FRAME = 64;

  @Spec CommandSpec spec;

  @Option(names = "--workload", paramLabel = "SPEC",
      description = "Workload with transactions (default: tpcb:frames=FRAMES,ratio=" + DEFAULT_RATIO + ", data "
          + DEFAULT_RATIO + "x the pool). Mixable: mix:streams=0.8*tpcb(scale=10)+0.2*pgbench-select(scale=10).")
  String workload;

  @Option(names = "--trace", paramLabel = "FILE", description = "A trace with transactions instead of --workload (see bufmgr convert).")
  Path trace;

  @Option(names = "--format", paramLabel = "FMT", description = "The trace's format (default: told by its header or name, as for replay).")
  String format;

  @Option(names = "--clients", defaultValue = PipelineSettings.DEFAULT_CLIENTS, description = "Clients, each running one transaction at a time (default: ${DEFAULT-VALUE}).")
  int clients;

  @Option(names = "--think", defaultValue = PipelineSettings.DEFAULT_THINK, description = "Think time between transactions, exponential (default: ${DEFAULT-VALUE}).")
  String think;

  @Option(names = Flags.SELECTOR, paramLabel = Flags.SPEC_LABEL, description = {Flags.SELECTOR_HELP, "Repeatable; default: gclock."})
  List<String> selectors = new ArrayList<>();

  @Option(names = "--pools", paramLabel = "NAME=SELECTOR:SHARE%[CLASSES],...",
      description = {"Pools side by side, each with its own background writer, pages routed by class (repeatable; one run",
          "each; see bufmgr replay --help). Simulated clock only."})
  List<String> pools = new ArrayList<>();

  @Option(names = {Flags.RELEASE, Flags.RELEASE_ALIAS_COMMIT}, paramLabel = Flags.SPEC_LABEL,
      description = {Flags.RELEASE_HELP, Flags.REPEATABLE_RELEASE})
  List<String> policies = new ArrayList<>();

  @Option(names = "--device", defaultValue = PipelineDevice.DEFAULT, description = "Device (default: ${DEFAULT-VALUE}).")
  String device;

  @Option(names = "--frames", paramLabel = "N|P%", defaultValue = PipelineSettings.DEFAULT_FRAMES,
      description = "Pool size: buffers, or a percentage of the input's data pages (default: ${DEFAULT-VALUE}).")
  String frames;

  @Option(names = "--full-page-writes", paramLabel = "on|off", defaultValue = "on", description = "full_page_writes (default: ${DEFAULT-VALUE}).")
  String fullPageWrites;

  @Option(names = "--checkpoint", paramLabel = "timeout=D,maxWal=SIZE,completionTarget=F|off",
      defaultValue = "timeout=5min,maxWal=1GB,completionTarget=0.9",
      description = "Checkpoints (PostgreSQL's checkpoint_timeout, max_wal_size, checkpoint_completion_target; default: ${DEFAULT-VALUE}).")
  String checkpoint;

  @Option(names = "--checkpoint-every", paramLabel = "D",
      description = "Plain checkpoints instead: one every D, writing every dirty buffer at once (--checkpoint timeout=D,completionTarget=0, no WAL trigger).")
  String checkpointEvery;

  @Option(names = "--bgwriter", paramLabel = "delay=D,maxPages=N,multiplier=M|off", defaultValue = "delay=200ms,maxPages=100,multiplier=2.0",
      description = "Background writer (PostgreSQL's bgwriter_delay, bgwriter_lru_maxpages, bgwriter_lru_multiplier; default: ${DEFAULT-VALUE}).")
  String bgwriter;

  @Mixin PageCacheOption pageCache;

  @Option(names = "--clock", defaultValue = "sim", description = "sim (virtual time) or real (threads, real time). Default: ${DEFAULT-VALUE}.")
  String clock;

  @Option(names = "--flush-mode", paramLabel = "MODE", description = {
      "With --clock real: who flushes the log. leader: the committing thread (or page writer) that finds no flush",
      "  in progress flushes itself, the others wait (PostgreSQL 9.2); flusher: a dedicated flusher thread.",
      "  Default: " + FlushModes.DEFAULT_SPEC + " (flusher under ewma, whose commits do not wait)."})
  String flushMode;

  @Option(names = "--seconds", description = "Run length, warm-up included (default 30 virtual seconds, 10 real ones).")
  Double seconds;

  @Option(names = "--transactions", description = "Run until this many transactions were acknowledged, warm-up included.")
  Long transactions;

  @Option(names = "--warmup", defaultValue = PipelineSettings.DEFAULT_WARMUP, description = "Share of the run not measured (default: ${DEFAULT-VALUE}).")
  double warmup;

  @Option(names = "--interval", defaultValue = PipelineSettings.DEFAULT_INTERVAL, description = "Time series interval (default: ${DEFAULT-VALUE}).")
  String interval;

  @Option(names = "--seed", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--no-rings", description = "Switch off the bulk-access rings.")
  boolean noRings;

  @Option(names = "--output", defaultValue = "table", description = "table, jsonl or csv on stdout (default: ${DEFAULT-VALUE}).")
  String output;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Results folder: results.jsonl, results.csv, series.jsonl, series.csv, PNG time series, summary.md.")
  Path out;

  @Option(names = "--quiet", description = "No progress lines on stderr.")
  boolean quiet;

  @Override
  public List<OutputTarget> outputTargets() {
    return out == null ? List.of() : List.of(OutputTarget.folder("--out", out, force.force()).notAnyOf(trace));
  }

  @Override
  public void run() {
    chartFormats.formats();
    OutputFormat fmt = OutputFormat.parse(output);
    boolean realTime = switch (clock.trim().toLowerCase(Locale.ROOT)) {
      case "sim" -> false;
      case "real" -> true;
      default -> throw new CliFailure("--clock must be sim or real; got '" + clock + "'");
    };
    if (seconds != null && transactions != null) throw new CliFailure("give --seconds or --transactions, not both");
    if (seconds != null && !(seconds > 0 && seconds <= 1e7)) throw new CliFailure("--seconds must lie in (0, 1e7], got " + seconds);
    if (transactions != null && transactions < 1) throw new CliFailure("--transactions must be at least 1, got " + transactions);
    if (!(warmup >= 0 && warmup < 1)) throw new CliFailure("--warmup must be in [0, 1), got " + warmup);
    boolean fpw = onOff("--full-page-writes", fullPageWrites);
    CheckpointSettings checkpoints = checkpointEvery != null
        ? CheckpointSettings.plain(positive("--checkpoint-every", checkpointEvery))
        : CheckpointSettings.parse(checkpoint);
    BgWriterSettings writer = BgWriterSettings.parse(bgwriter);
    PageCacheSettings cacheSettings = pageCache.settings();
    long intervalNanos = positive("--interval", interval);
    long thinkNanos = Durations.parseNanos(think.trim(), "--think");
    if (trace != null && workload != null) throw new CliFailure("give --workload or --trace, not both");
    if (trace == null && format != null) throw new CliFailure("--format applies to --trace only");
    SelectorRegistry registry = SelectorRegistry.load();
    List<dev.bufmgr.core.params.Spec> sel = new ArrayList<>();
    List<NamedPools> side = new ArrayList<>();
    for (String p : pools) side.add(NamedPools.parse(p, PageClasses.names(), registry));
    if (!side.isEmpty() && realTime) throw new CliFailure("--pools runs on the simulated clock only (--clock sim)");
    for (String s : selectors.isEmpty() && side.isEmpty() ? List.of(PipelineSettings.DEFAULT_SELECTOR) : selectors) {
      dev.bufmgr.core.params.Spec parsed = dev.bufmgr.core.params.Spec.parse(Flags.SELECTOR, s);
      registry.components().resolve(Flags.SELECTOR, parsed);
      sel.add(parsed);
    }
    List<PolicyFactory> pol = new ArrayList<>();
    for (String p : policies.isEmpty() ? List.of(PipelineSettings.DEFAULT_COMMIT) : policies) pol.add(ReleasePolicies.parse(Flags.RELEASE, p));
    FlushMode mode = FlushModes.parse(flushMode);
    if (flushMode != null && !realTime) throw new CliFailure("--flush-mode applies to --clock real only");
    if (flushMode != null) for (PolicyFactory p : pol) FlushModes.check(mode, Flags.RELEASE, p, false);
    PipelineDevice dev = PipelineDevice.parse(device, realTime);

    String f = frames.trim();
    boolean percent = f.endsWith("%");
    if (percent && workload == null && trace == null) {
      throw new CliFailure("--frames " + f + ": a percentage needs --workload or --trace (the default workload is sized from --frames)");
    }
    PipelineInput input;
    int poolFrames;
    if (percent) {
      input = trace != null ? PipelineInput.trace(trace, format) : PipelineInput.workload(workload);
      double share = parsePercent(f);
      long n = Math.round(input.dataPages() * share / 100);
      if (n < 1 || n > PoolConfig.MAX_FRAMES) throw new CliFailure("--frames " + f + " gives " + n + " buffers");
      poolFrames = (int) n;
    } else {
      poolFrames = parseFrames(f);
      input = trace != null ? PipelineInput.trace(trace, format)
          : PipelineInput.workload(workload != null ? workload : "tpcb:frames=" + poolFrames + ",ratio=" + DEFAULT_RATIO);
    }
    long durationNanos = transactions != null ? 0 : Math.round((seconds != null ? seconds : realTime ? 10 : PipelineSettings.DEFAULT_SIM_SECONDS) * 1e9);
    if (durationNanos > 0 && durationNanos / intervalNanos > PipelineSampler.MAX_INTERVALS) {
      throw new CliFailure("--seconds / --interval gives " + durationNanos / intervalNanos + " intervals; the most is "
          + PipelineSampler.MAX_INTERVALS + ": give a longer --interval");
    }
    if (realTime && clients > MAX_REAL_CLIENTS) {
      throw new CliFailure("--clients " + clients + ": with --clock real each client is a thread; the most is " + MAX_REAL_CLIENTS);
    }
    long poolBytes = (long) poolFrames * BYTES_PER_FRAME;
    long heap = Runtime.getRuntime().maxMemory();
    if (poolBytes > heap / 2) {
      throw new CliFailure(String.format(Locale.ROOT, "--frames %d needs about %d MiB of memory, more than half the Java heap "
          + "(%d MiB); give more with BUFMGR_JAVA_OPTS=-Xmx<size>", poolFrames, poolBytes >> 20, heap >> 20));
    }
    PipelineSettings settings = new PipelineSettings(poolFrames, !noRings, fpw, clients,
        new ThinkTime(thinkNanos, ThinkTime.Distribution.EXP), checkpoints, writer, transactions != null ? transactions : 0,
        durationNanos, warmup, intervalNanos, seed, realTime, mode, cacheSettings);
    for (dev.bufmgr.core.params.Spec s : sel) settings.config(s, pol.get(0));
    for (NamedPools np : side) settings.config(np.pools().getFirst().selector(), pol.get(0)).withPools(np);

    PrintWriter err = spec.commandLine().getErr();
    List<PipelineRunner.Outcome> outcomes = PipelineRunner.run(settings, input, dev, sel, side, pol, registry, quiet ? null : line -> {
      err.println("pipeline: " + line);
      err.flush();
    });
    List<ResultRow> rows = new ArrayList<>();
    List<ResultRow> series = new ArrayList<>();
    for (PipelineRunner.Outcome o : outcomes) {
      rows.add(PipelineRows.row(o.run(), o.result()));
      for (var i : o.result().series()) series.add(PipelineRows.interval(o.run(), i));
    }
    if (out != null) {
      ExperimentReport report = new ExperimentReport();
      rows.forEach(report::row);
      report.file("series.jsonl", OutputFormat.JSONL.render(series));
      report.file("series.csv", OutputFormat.CSV.render(series));
      PipelineCharts.of(outcomes, settings.clock()).forEach(report::chart);
      report.summary(PipelineSummary.markdown(outcomes, "bufmgr " + String.join(" ", spec.commandLine().getParseResult().originalArgs())));
      report.chartFormats(chartFormats.formats()).writeTo(out);
    }
    PrintWriter stdout = spec.commandLine().getOut();
    stdout.print(fmt.render(fmt == OutputFormat.TABLE ? tableRows(rows) : rows));
    if (out != null && fmt == OutputFormat.TABLE) stdout.println("Results in " + out + ": open " + out.resolve("index.html") + ".");
    stdout.flush();
  }

  /** The table's columns: the run and its headline numbers (every field is in jsonl and csv). */
  private static List<ResultRow> tableRows(List<ResultRow> rows) {
    List<ResultRow> t = new ArrayList<>();
    for (ResultRow r : rows) {
      ResultRow x = new ResultRow();
      for (String k : List.of("selector", "commit", "frames", "clients", "transactions", "tps", "latencyP50Ms", "latencyP99Ms",
          "commitP99Ms", "hitRatio", "walBytesPerTransaction", "fullPageImageShare", "waitedShare", "backendWrites",
          "checkpointWrites", "bgwriterWrites", "deviceLogBusy", "devicePageBusy")) {
        x.put(k, r.get(k));
      }
      t.add(x);
    }
    return t;
  }

  private static boolean onOff(String flag, String v) {
    return switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "on", "true" -> true;
      case "off", "false" -> false;
      default -> throw new CliFailure(flag + " must be on or off; got '" + v + "'");
    };
  }

  private static long positive(String flag, String v) {
    long n = Durations.parseNanos(v.trim(), flag);
    if (n <= 0) throw new CliFailure(flag + " must be positive; got '" + v + "'");
    return n;
  }

  private static double parsePercent(String f) {
    try {
      double p = Double.parseDouble(f.substring(0, f.length() - 1));
      if (!(p > 0 && p <= 100)) throw new CliFailure("--frames " + f + ": a percentage must lie in (0, 100]");
      return p;
    } catch (NumberFormatException e) {
      throw new CliFailure("--frames " + f + ": not a number of buffers or a percentage");
    }
  }

  private static int parseFrames(String f) {
    try {
      long n = Long.parseLong(f);
      if (n < PipelineConfig.minimumFrames(1) || n > PoolConfig.MAX_FRAMES) {
        throw new CliFailure("--frames " + f + " must lie in " + PipelineConfig.minimumFrames(1) + ".." + PoolConfig.MAX_FRAMES);
      }
      return (int) n;
    } catch (NumberFormatException e) {
      throw new CliFailure("--frames " + f + ": not a number of buffers or a percentage");
    }
  }
}
