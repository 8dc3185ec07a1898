package dev.bufmgr.workloads.cli;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.resource.Capacity;
import dev.bufmgr.workloads.event.EventRequirements;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.replay.FrameSizes;
import dev.bufmgr.workloads.replay.PolicyCatalog;
import dev.bufmgr.workloads.replay.PoolPolicy;
import dev.bufmgr.workloads.replay.ReplayInput;
import dev.bufmgr.workloads.replay.ReplayPolicy;
import dev.bufmgr.workloads.replay.ReplayRunner;
import dev.bufmgr.workloads.report.OutputTarget;
import dev.bufmgr.workloads.report.ResultRow;
import dev.bufmgr.workloads.synth.Workloads;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
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
      "Policies: registered selectors (through the buffer pool) and the baselines lru, opt, caffeine",
      "(opt:bypass=true, the default, is MIN with bypass; opt:bypass=false pages on demand as libCacheSim's Belady)."
    })
public final class ReplayCommand implements Runnable, WritesOutputs {
  @Spec CommandSpec spec;

  @Mixin InputOptions input;

  @Mixin ResultOutput result;

  @Option(names = "--policy", paramLabel = "NAME[:k=v,...]",
      description = "Policy to replay (repeatable), e.g. gclock, gclock:maxUsage=3, lru, opt, opt:bypass=false, caffeine. Default: all (both opt variants).")
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

  @Override
  public List<OutputTarget> outputTargets() {
    return result.targets();
  }

  @Override
  public void run() {
    result.format();
    if (threads < 1) throw new CliFailure("--threads must be at least 1, got " + threads);
    PolicyCatalog catalog = new PolicyCatalog(!noRings);
    List<ReplayPolicy> chosen = new ArrayList<>();
    if (policies.isEmpty()) chosen.addAll(catalog.defaults());
    for (String p : policies) chosen.add(catalog.resolve(p));
    if (threads > 1 && input.workload != null) {
      long perThread = Workloads.parse(input.workload).requests();
      Capacity.requireHeap("--threads " + threads + " x requests=" + perThread + ": events", Capacity.saturatingMultiply(threads, perThread),
          EventTrace.BYTES_PER_EVENT, "each replay thread holds its own draw of the workload in memory");
    }
    long loadStart = System.nanoTime();
    ReplayInput in = input.load();
    double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
    if (perClass) EventRequirements.require(in.label(), in.trace().carries(), EnumSet.of(EventField.PAGE_CLASSES), "--per-class");
    List<Integer> sizes = FrameSizes.parse(frames, in.trace().distinctPages(), in.label());
    if (threads > 1 && chosen.stream().anyMatch(p -> p instanceof PoolPolicy pp && !pp.singleThreaded())) {
      int smallest = sizes.getFirst();
      if (smallest < 2 * threads) {
        throw new CliFailure("--threads " + threads + " needs pools of at least " + 2 * threads + " frames (--frames gives "
            + smallest + "): each thread pins a buffer while it works on it, and a victim search must still find "
            + "unpinned ones");
      }
    }
    long work = (long) in.trace().size() * chosen.size() * sizes.size();
    boolean report = !quiet && work >= 20_000_000L;
    if (report) {
      System.err.printf(java.util.Locale.ROOT, "bufmgr: read %d events of %s in %.2f s (%.1fM events/s)%n",
          in.trace().size(), in.label(), loadSeconds, in.trace().size() / loadSeconds / 1e6);
    }
    ReplayRunner runner = new ReplayRunner(report ? System.err : null);
    List<ResultRow> rows = runner.run(in, chosen, sizes, threads);
    result.emit(rows, "miss ratio: " + in.label(), spec.commandLine().getOut());
  }
}
