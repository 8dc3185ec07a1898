package dev.bufmgr.app.cli;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.pipeline.run.PipelineDevice;
import dev.bufmgr.pipeline.run.PipelineSettings;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.replay.sample.Sampling;
import dev.bufmgr.sweep.BuiltInCorpus;
import dev.bufmgr.sweep.ParquetRows;
import dev.bufmgr.sweep.PipelinePlan;
import dev.bufmgr.sweep.PipelineRow;
import dev.bufmgr.sweep.PipelineSpecs;
import dev.bufmgr.sweep.Sweep;
import dev.bufmgr.sweep.SweepEngine;
import dev.bufmgr.sweep.SweepEngines;
import dev.bufmgr.sweep.SweepPlan;
import dev.bufmgr.sweep.SweepRow;
import dev.bufmgr.sweep.SweepSize;
import dev.bufmgr.sweep.SweepStore;
import dev.bufmgr.sweep.TraceDiscovery;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bufmgr sweep}: every policy at every size on every trace of a folder (or list, or glob),
 * one task per trace, into a results folder that keeps each finished task, so a rerun resumes.
 * Without {@code --traces} it sweeps the built-in corpus. With {@code --pipeline} its tasks are
 * pipeline configurations instead ({@link PipelineSpecs}), one simulated run each. Exit status 1 when a task failed (its
 * row and the summary name it), 2 on bad input, as every command.
 */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    description = {
      "Replay many traces under many policies and sizes (one pass per trace); rows keyed by configuration id.",
      "Results: DIR/results.jsonl, DIR/results.parquet/, DIR/summary.txt, DIR/tasks/ (one file per finished trace; a rerun resumes).",
      "With --pipeline: bufmgr pipeline's runs instead, simulated, one task and one row per configuration (same resume and outputs)."
    })
public final class SweepCommand implements Callable<Integer> {
  /** The baselines a default sweep adds to the registered selectors: FIFO (the field's reference), LRU, and OPT's bound. */
  static final List<String> DEFAULT_BASELINES = List.of("fifo", "lru", "opt:bypass=false");

  @Option(names = "--traces", paramLabel = "PATH", arity = "1..*",
      description = {"Trace files, folders (searched recursively), globs, or @list.txt (a path a line, optionally a tab and its dataset).",
          "Default: the built-in corpus of synthetic traces, written once under results/sweep-corpus."})
  List<String> traces = new ArrayList<>();

  @Option(names = PipelineSpecs.FLAG, paramLabel = "SPEC",
      description = {"A pipeline sweep instead of traces: KEY=V1|V2|...;KEY=FROM..TO;... (';' and '|' inside parentheses do not split),",
          "every combination one simulated run of bufmgr pipeline; repeatable (the configurations of every spec, each once).",
          "Keys (default): workload (tpcb:frames=FRAMES,ratio=" + PipelineSettings.DEFAULT_RATIO + "), selector ("
              + PipelineSettings.DEFAULT_SELECTOR + "), commit (" + PipelineSettings.DEFAULT_COMMIT + "), checkpoint and bgwriter",
          "(bufmgr pipeline's, or off), device (" + PipelineDevice.DEFAULT + "), pageCache (on, as --page-cache; or off), frames (" + PipelineSettings.DEFAULT_FRAMES
              + "), clients (" + PipelineSettings.DEFAULT_CLIENTS + "),",
          "think (" + PipelineSettings.DEFAULT_THINK + "), fullPageWrites, rings (on|off: on), transactions or seconds ("
              + PipelineSettings.DEFAULT_SIM_SECONDS + "), warmup (" + PipelineSettings.DEFAULT_WARMUP + "), interval ("
              + PipelineSettings.DEFAULT_INTERVAL + "), seed (1).",
          "Ranges FROM..TO for frames, clients, transactions and seed (seeds from 1). A run's seed also seeds its workload unless",
          "the workload names its own: seed=S is bufmgr pipeline --workload W,seed=S --seed S.",
          "E.g. --pipeline 'workload=tpcb:scale=1;selector=gclock|s3fifo|sieve;transactions=2000;seed=1..5'."})
  List<String> pipelines = new ArrayList<>();

  @Option(names = "--format", paramLabel = "SPEC", description = "Trace format for every trace (default: told by each file's name).")
  String format;

  @Option(names = Flags.POLICY, paramLabel = Flags.SPEC_LABEL,
      description = {Flags.POLICY_HELP, "Repeatable. Default: every registered selector and the baselines fifo, lru, opt:bypass=false."})
  List<String> policies = new ArrayList<>();

  @Option(names = "--sizes", paramLabel = "LIST",
      description = {"Cache sizes: fractions of each trace's footprint (0.01) or frames (5000), comma-separated.",
          "Default: libCacheSim's 0.001,0.003,0.01,0.03,0.1,0.2,0.4,0.8; sizes below 10 frames are skipped and named."})
  String sizes;

  @Option(names = "--sample", paramLabel = "R|pages=N",
      description = {"Sampled curves: SHARDS (keep a page when hash(page) mod P < R x P) with miniature caches of frames x R,",
          "misses adjusted for the sampled count; rows carry sampleRate. A rate (0.01, 1%%), pages=N or R,pages=N."})
  String sample;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/sweep", description = "Results folder (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(names = "--engine", paramLabel = "NAME", defaultValue = SweepEngines.DEFAULT,
      description = "Where tasks run: local (this machine's cores) or spark (default: ${DEFAULT-VALUE}).")
  String engine;

  @Option(names = "--jobs", paramLabel = "N", description = "Local engine: traces in flight at once (default: the number of cores).")
  String jobs;

  @Option(names = "--master", paramLabel = "URL", description = "Spark engine: local[N], spark://HOST:PORT, yarn or k8s://... (default: local[*]).")
  String master;

  @Option(names = "--conf", paramLabel = "KEY=VALUE",
      description = "Spark engine: a Spark setting (spark.executor.memory=4g, ...); repeatable.")
  List<String> conf = new ArrayList<>();

  @Option(names = "--quiet", description = "No progress lines on stderr.")
  boolean quiet;

  @Mixin ForceOption force;

  @Override
  public Integer call() {
    SweepEngine chosen = SweepEngines.find(engine);
    Map<String, String> options = new LinkedHashMap<>();
    if (jobs != null) options.put("jobs", jobs);
    if (master != null) options.put("master", master);
    for (String c : conf) {
      int eq = c.indexOf('=');
      if (eq <= 0) throw new CliFailure("--conf " + c + ": expected KEY=VALUE");
      if (options.putIfAbsent(c.substring(0, eq).strip(), c.substring(eq + 1).strip()) != null) {
        throw new CliFailure("--conf " + c + ": " + c.substring(0, eq).strip() + " given twice");
      }
    }
    chosen.check(options);
    if (!pipelines.isEmpty()) return pipelineSweep(chosen, options);
    List<SweepSize> sizeList;
    try {
      sizeList = sizes == null ? SweepSize.DEFAULTS : SweepSize.parseList(sizes);
    } catch (IllegalArgumentException e) {
      throw new CliFailure("--sizes " + e.getMessage());
    }
    List<String> specs = canonicalPolicies();
    String sampleSpec = null;
    if (sample != null) {
      try {
        sampleSpec = Sampling.parse(sample).text();
      } catch (IllegalArgumentException e) {
        throw new CliFailure(e.getMessage().startsWith("--sample") ? e.getMessage() : "--sample " + sample + ": " + e.getMessage());
      }
    }
    List<String> args = traces;
    if (args.isEmpty()) args = List.of(BuiltInCorpus.ensure(Path.of("results"), quiet ? null : System.err).toString());
    SweepPlan plan = SweepPlan.of(TraceDiscovery.find(args, format), specs, sizeList, sampleSpec);
    Sweep.Outcome outcome = Sweep.run(plan, out, force.force(), chosen, options, quiet ? null : System.err);
    System.out.print(outcome.summary());
    System.out.println("results: " + outcome.store().dir().resolve(SweepStore.RESULTS_FILE) + " and "
        + outcome.store().dir().resolve(ParquetRows.FOLDER) + "/");
    List<SweepRow> failed = outcome.failures();
    if (failed.isEmpty()) return 0;
    System.err.printf(Locale.ROOT, "bufmgr: sweep: %d of %d tasks failed (named in %s); a rerun tries them again%n", failed.size(),
        outcome.tasks(), outcome.store().dir().resolve(Sweep.SUMMARY_FILE));
    return BufmgrCommand.EXIT_FAILED;
  }

  /** A sweep of pipeline configurations; the trace sweep's own options are refused beside it. */
  private int pipelineSweep(SweepEngine chosen, Map<String, String> options) {
    for (var given : List.of(Map.entry("--traces", !traces.isEmpty()), Map.entry("--format", format != null),
        Map.entry(Flags.POLICY, !policies.isEmpty()), Map.entry("--sizes", sizes != null), Map.entry("--sample", sample != null))) {
      if (given.getValue()) {
        throw new CliFailure(given.getKey() + ": applies to a sweep of traces, not to one of " + PipelineSpecs.FLAG + " configurations");
      }
    }
    PipelinePlan plan = new PipelinePlan(PipelineSpecs.parse(pipelines, SelectorRegistry.load()), pipelines);
    Sweep.PipelineOutcome outcome = Sweep.run(plan, out, force.force(), chosen, options, quiet ? null : System.err);
    System.out.print(outcome.summary());
    System.out.println("results: " + outcome.store().dir().resolve(SweepStore.RESULTS_FILE) + " and "
        + outcome.store().dir().resolve(ParquetRows.FOLDER) + "/");
    List<PipelineRow> failed = outcome.failures();
    if (failed.isEmpty()) return 0;
    System.err.printf(Locale.ROOT, "bufmgr: sweep: %d of %d configurations failed (named in %s); a rerun tries them again%n",
        failed.size(), outcome.tasks(), outcome.store().dir().resolve(Sweep.SUMMARY_FILE));
    return BufmgrCommand.EXIT_FAILED;
  }

  /** The policies' canonical specs, each resolved (a bad one refused before any work); repeats refused. */
  private List<String> canonicalPolicies() {
    PolicyCatalog catalog = new PolicyCatalog(true);
    List<String> given = policies;
    if (given.isEmpty()) {
      given = new ArrayList<>(catalog.registry().names());
      given.addAll(DEFAULT_BASELINES);
    }
    List<String> out = new ArrayList<>();
    for (String p : given) {
      String name = catalog.resolve(p).name();
      if (out.contains(name)) throw new CliFailure(Flags.POLICY + " " + p + ": given twice (as " + name + ")");
      out.add(name);
    }
    return out;
  }
}
