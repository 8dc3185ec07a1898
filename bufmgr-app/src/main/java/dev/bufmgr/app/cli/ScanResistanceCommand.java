package dev.bufmgr.app.cli;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.app.experiment.ScanResistanceExperiment;
import java.io.PrintStream;
import picocli.CommandLine.Command;

/** {@code bufmgr experiment scan-resistance}: see {@link ScanResistanceExperiment}. */
@Command(name = "scan-resistance", mixinStandardHelpOptions = true, description = "OLTP hot set under a 4x-pool sequential scan, rings on and off: hit ratio and resident hot set per selector.")
public final class ScanResistanceCommand extends NamedExperimentCommand {
  @Override
  String experimentName() {
    return "scan-resistance";
  }

  @Override
  ExperimentReport produce(boolean quick, SelectorRegistry registry, PrintStream progress) {
    return ScanResistanceExperiment.run(quick, registry, progress);
  }
}
