package dev.bufmgr.app.cli;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.resource.Capacity;
import dev.bufmgr.workloads.event.EventRequirements;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.replay.FrameSizes;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.replay.PoolPolicy;
import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayRunner;
import dev.bufmgr.replay.sample.SampledReplay;
import dev.bufmgr.replay.sample.SampledTrace;
import dev.bufmgr.replay.sample.Sampling;
import dev.bufmgr.results.report.OutputTarget;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.synth.Workloads;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code bufmgr replay}: replays one trace or workload under each policy at each pool size and
 * prints one result row per policy and size.
 */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    description = {
      "Replay a trace or synthetic workload under policies and pool sizes; print hit ratios.",
      "Policies: registered selectors (through the buffer pool) and the baselines fifo, lru, opt, caffeine",
      "(opt:bypass=true, the default, is MIN with bypass; opt:bypass=false pages on demand as libCacheSim's Belady)."
    })
public final class ReplayCommand implements Runnable, WritesOutputs {
  @Spec CommandSpec spec;

  @Mixin InputOptions input;

  @Mixin ResultOutput result;

  @Option(names = Flags.POLICY, paramLabel = Flags.SPEC_LABEL,
      description = {Flags.POLICY_HELP, "Repeatable, e.g. gclock, gclock:maxUsage=3, fifo, lru, opt, opt:bypass=false, caffeine. Default: all but fifo (both opt variants)."})
  List<String> policies = new ArrayList<>();

  @Option(names = "--pools", paramLabel = "NAME=SELECTOR:SHARE%[CLASSES],...",
      description = {"Pools side by side, each page routed by its page class (repeatable; one policy each, replacing the default",
          "policies unless --policy is given too), e.g. default=gclock:70%%,keep=lru-k:20%%[index-root,index-inner,index-leaf],",
          "recycle=lru-pool:10%%[history]. Shares sum to 100%%; one pool lists no classes and takes the rest; selector",
          "parameters in parentheses, gclock(maxUsage=3;batch=1). Each pool gets its share of --frames (largest remainders)."})
  List<String> pools = new ArrayList<>();

  @Option(names = "--frames", paramLabel = "N|P%", split = ",", defaultValue = "1%,5%,10%,25%",
      description = "Pool sizes: counts or percentages of the distinct pages (default: ${DEFAULT-VALUE}).")
  List<String> frames;

  @Option(names = "--threads", paramLabel = "T", defaultValue = "1",
      description = "Threads sharing one pool, each with its own stream (default: ${DEFAULT-VALUE}); baselines use one.")
  int threads;

  @Option(names = "--no-rings", description = "Switch off the bulk-access rings (strategies act as normal).")
  boolean noRings;

  @Option(names = "--per-class", description = "Require page classes in the input (per-class hit ratios).")
  boolean perClass;

  @Option(names = "--quiet", description = "No progress lines on stderr.")
  boolean quiet;

  @Option(names = "--no-warm-up",
      description = {"No warm-up: each configuration replays the input once and is timed over all of it, so its rate",
          "includes the JIT compiling the policy (a short input is otherwise first replayed up to 5 times)."})
  boolean noWarmUp;

  @Option(names = "--sample", paramLabel = "R|pages=N",
      description = {"Spatial sampling (SHARDS) with miniature caches of frames x R for every policy: a rate such as 0.01,",
          "pages=N (fixed size: at most N sampled pages, the rate falling as needed) or R,pages=N. Counts are scaled by 1/R,",
          "misses SHARDS-adjusted; each configuration is timed over the whole sample, without warm-up. Refused below",
          "1,000 sampled pages; miniature caches below 100 frames are flagged (sampleTrusted=false)."})
  String sample;

  @Option(names = "--untrusted-sample",
      description = {"Replay a sample of fewer distinct pages than the floor (1,000) instead of refusing it (for measuring",
          "where sampling fails); its rows say sampleTrusted=false."})
  boolean untrustedSample;

  @Override
  public List<OutputTarget> outputTargets() {
    return result.targets(input.trace);
  }

  @Override
  public void run() {
    result.format();
    if (threads < 1) throw new CliFailure("--threads must be at least 1, got " + threads);
    Sampling sampling = sampling();
    PolicyCatalog catalog = new PolicyCatalog(!noRings);
    List<ReplayPolicy> chosen = new ArrayList<>();
    if (policies.isEmpty() && pools.isEmpty()) chosen.addAll(catalog.defaults());
    for (String p : policies) chosen.add(catalog.resolve(p));
    for (String p : pools) chosen.add(catalog.pools(p));
    ReplayInput in = input.input();
    if (perClass) EventRequirements.require(in.label(), in.carries(), EnumSet.of(EventField.PAGE_CLASSES), "--per-class");
    boolean percentages = FrameSizes.needsDistinctPages(frames);
    List<Integer> sizes = percentages ? FrameSizes.parse(frames, in.facts().distinctPages(), in.label()) : FrameSizes.counts(frames);
    if (sampling != null) {
      sampled(in, sampling, chosen, sizes);
      return;
    }
    boolean concurrent = threads > 1 && chosen.stream().anyMatch(p -> p instanceof PoolPolicy);
    if (concurrent) {
      int smallest = sizes.getFirst();
      if (smallest < 2 * threads) {
        throw new CliFailure("--threads " + threads + " needs pools of at least " + 2 * threads + " frames (--frames gives "
            + smallest + "): each thread pins a buffer while it works on it, and a victim search must still find "
            + "unpinned ones");
      }
      if (in.workload() != null) {
        long perThread = in.workload().requests();
        Capacity.requireHeap("--threads " + threads + " x requests=" + perThread + ": events", Capacity.saturatingMultiply(threads, perThread),
            EventTrace.BYTES_PER_EVENT, "each concurrent replay thread holds its own draw of the workload in memory");
      }
    }
    long start = System.nanoTime();
    List<ResultRow> rows = new ReplayRunner(null, !noWarmUp).run(in, chosen, sizes, threads);
    FrameSizes.requireWithin(sizes, in.facts().distinctPages(), in.label());
    double seconds = (System.nanoTime() - start) / 1e9;
    if (!quiet && seconds >= 2) {
      System.err.printf(Locale.ROOT, "bufmgr: replayed %,d requests of %s under %d configurations in %.1f s%n",
          in.facts().requests(), in.label(), rows.size(), seconds);
    }
    result.emit(rows, "Miss ratio by pool size: " + ResultOutput.inputName(in), spec.commandLine().getOut());
  }

  /** The parsed --sample, or null without it; refuses it beside --threads above 1. */
  private Sampling sampling() {
    if (sample == null) return null;
    Sampling s;
    try {
      s = Sampling.parse(sample);
    } catch (IllegalArgumentException e) {
      throw new CliFailure("--sample " + e.getMessage());
    }
    if (threads > 1) throw new CliFailure("--sample replays each configuration on one thread; --threads " + threads + " does not apply");
    return s;
  }

  /**
   * Draws the sample, refuses one too small to trust or a size whose miniature cache holds no
   * frame, warns of miniature caches below the floor, and replays every configuration in one pass.
   */
  private void sampled(ReplayInput in, Sampling sampling, List<ReplayPolicy> chosen, List<Integer> sizes) {
    long start = System.nanoTime();
    SampledTrace drawn = SampledTrace.draw(in.open(), sampling);
    String what = String.format(Locale.ROOT, "--sample %s: %s: the sample (rate %.6g) holds %,d distinct pages", sampling.text(),
        in.label(), drawn.rate(), drawn.pages());
    if (drawn.pages() < SampledReplay.MIN_SAMPLED_PAGES && !untrustedSample) {
      throw new CliFailure(String.format(Locale.ROOT, "%s, fewer than the %,d a sampled curve needs to be trusted; raise the rate "
          + "or replay without --sample (or with --untrusted-sample)", what, SampledReplay.MIN_SAMPLED_PAGES));
    }
    List<String> small = new ArrayList<>();
    for (int f : sizes) {
      int m = drawn.miniFrames(f);
      if (m == 0) {
        throw new CliFailure(String.format(Locale.ROOT, "%s, and --frames %d gives a miniature cache of 0 frames (%d x %.6g); "
            + "raise the rate or the size", what, f, f, drawn.rate()));
      }
      if (m < SampledReplay.MIN_MINI_FRAMES) small.add(f + " (" + m + ")");
    }
    if (!small.isEmpty() && !quiet) {
      System.err.println("bufmgr: warning: " + what + "; miniature caches below " + SampledReplay.MIN_MINI_FRAMES
          + " frames, rows marked sampleTrusted=false: --frames " + String.join(", ", small));
    }
    SampledReplay.Outcome outcome = SampledReplay.replay(in, drawn, chosen, sizes, Runtime.getRuntime().availableProcessors());
    List<ResultRow> rows = SampledReplay.rows(in, outcome, chosen.stream().map(ReplayPolicy::strategies).toList());
    double seconds = (System.nanoTime() - start) / 1e9;
    if (!quiet && seconds >= 2) {
      System.err.printf(Locale.ROOT, "bufmgr: replayed a sample of %,d of %,d requests of %s under %d configurations in %.1f s%n",
          drawn.sampledRequests(), drawn.requests(), in.label(), rows.size(), seconds);
    }
    result.emit(rows, "Miss ratio by pool size (sampled " + sampling.text() + "): " + ResultOutput.inputName(in), spec.commandLine().getOut());
  }
}
