package dev.bufmgr.app.cli;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.app.experiment.GhostCapExperiment;
import java.io.PrintStream;
import picocli.CommandLine.Command;

/** {@code bufmgr experiment ghost-cap}: see {@link GhostCapExperiment}. */
@Command(name = "ghost-cap", mixinStandardHelpOptions = true, description = "S3-FIFO with strategyCap 0, 0.1, 0.5, 1 under bulk scans between OLTP phases.")
public final class GhostCapCommand extends NamedExperimentCommand {
  @Override
  String experimentName() {
    return "ghost-cap";
  }

  @Override
  ExperimentReport produce(boolean quick, SelectorRegistry registry, PrintStream progress) {
    return GhostCapExperiment.run(quick, registry, progress);
  }
}
