package dev.bufmgr.app.cli;

import dev.bufmgr.app.experiment.PoolsExperiment;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.results.ExperimentReport;
import java.io.PrintStream;
import picocli.CommandLine.Command;

/** {@code bufmgr experiment pools}: see {@link PoolsExperiment}. */
@Command(name = "pools", mixinStandardHelpOptions = true,
    description = "One G-CLOCK pool against the best split into KEEP/RECYCLE pools of the same frames (tpcb, pgbench-select, mix): hit ratio per class and simulated tps over seeds.")
public final class PoolsCommand extends NamedExperimentCommand {
  @Override
  String experimentName() {
    return "pools";
  }

  @Override
  ExperimentReport produce(boolean quick, SelectorRegistry registry, PrintStream progress) {
    return PoolsExperiment.run(quick, registry, progress);
  }
}
