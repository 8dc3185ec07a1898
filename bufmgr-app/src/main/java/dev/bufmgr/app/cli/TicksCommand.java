package dev.bufmgr.app.cli;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.app.experiment.TicksExperiment;
import java.io.PrintStream;
import picocli.CommandLine.Command;

/** {@code bufmgr experiment ticks}: see {@link TicksExperiment}. */
@Command(name = "ticks", mixinStandardHelpOptions = true, description = "Ticks per victim and victim-search latency of G-CLOCK and HOT/COOL at hand batches 1, 16, 64 under concurrent eviction.")
public final class TicksCommand extends NamedExperimentCommand {
  @Override
  String experimentName() {
    return "ticks";
  }

  @Override
  ExperimentReport produce(boolean quick, SelectorRegistry registry, PrintStream progress) {
    return TicksExperiment.run(quick, registry, progress);
  }
}
