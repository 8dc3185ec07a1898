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

  @Override
  public List<OutputTarget> outputTargets() {
    return result.targets(input.trace);
  }

  @Override
  public void run() {
    result.format();
    if (threads < 1) throw new CliFailure("--threads must be at least 1, got " + threads);
    PolicyCatalog catalog = new PolicyCatalog(!noRings);
    List<ReplayPolicy> chosen = new ArrayList<>();
    if (policies.isEmpty()) chosen.addAll(catalog.defaults());
    for (String p : policies) chosen.add(catalog.resolve(p));
    ReplayInput in = input.input();
    if (perClass) EventRequirements.require(in.label(), in.carries(), EnumSet.of(EventField.PAGE_CLASSES), "--per-class");
    boolean percentages = FrameSizes.needsDistinctPages(frames);
    List<Integer> sizes = percentages ? FrameSizes.parse(frames, in.facts().distinctPages(), in.label()) : FrameSizes.counts(frames);
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
    result.emit(rows, "miss ratio: " + in.label(), spec.commandLine().getOut());
  }
}
