package dev.bufmgr.app.cli;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.app.experiment.CachePressureExperiment;
import dev.bufmgr.results.ExperimentReport;
import java.io.PrintStream;
import picocli.CommandLine.Command;

/** {@code bufmgr experiment cache-pressure}: see {@link CachePressureExperiment}. */
@Command(name = "cache-pressure", mixinStandardHelpOptions = true, description = "pgbench -S shaped workload where the index fits and the heap does not, and where neither fits: hit ratio per page class.")
public final class CachePressureCommand extends NamedExperimentCommand {
  @Override
  String experimentName() {
    return "cache-pressure";
  }

  @Override
  ExperimentReport produce(boolean quick, SelectorRegistry registry, PrintStream progress) {
    return CachePressureExperiment.run(quick, registry, progress);
  }
}
