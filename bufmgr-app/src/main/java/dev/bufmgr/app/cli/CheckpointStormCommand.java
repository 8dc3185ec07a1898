package dev.bufmgr.app.cli;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.app.experiment.CheckpointStormExperiment;
import dev.bufmgr.results.ExperimentReport;
import java.io.PrintStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code bufmgr experiment checkpoint-storm}: see {@link CheckpointStormExperiment}. */
@Command(name = "checkpoint-storm", mixinStandardHelpOptions = true,
    description = {
      "The throughput sawtooth after each checkpoint.",
      "tpcb, every selector, greedy and commit_delay, full-page writes, the background writer and the completion "
          + "target on and off; per-second throughput and commit p99."
    })
public final class CheckpointStormCommand extends NamedExperimentCommand {
  @Mixin PageCacheOption pageCache;

  @Override
  String ownArguments() {
    return pageCache.arguments();
  }

  @Override
  String experimentName() {
    return "checkpoint-storm";
  }

  @Override
  ExperimentReport produce(boolean quick, SelectorRegistry registry, PrintStream progress) {
    return CheckpointStormExperiment.run(quick, registry, progress, pageCache.settings());
  }
}
