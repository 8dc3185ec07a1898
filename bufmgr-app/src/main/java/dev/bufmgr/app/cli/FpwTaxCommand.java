package dev.bufmgr.app.cli;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.app.experiment.FpwTaxExperiment;
import java.io.PrintStream;
import picocli.CommandLine.Command;

/** {@code bufmgr experiment fpw-tax}: see {@link FpwTaxExperiment}. */
@Command(name = "fpw-tax", mixinStandardHelpOptions = true,
    description = {
      "The log bytes full-page writes cost after a checkpoint.",
      "seeds/001 step 3 through the pipeline: the first and second update of 5,000 pages after a checkpoint, "
          + "full_page_writes on and off, and with more rows changed per page."
    })
public final class FpwTaxCommand extends NamedExperimentCommand {
  @Override
  String experimentName() {
    return "fpw-tax";
  }

  @Override
  ExperimentReport produce(boolean quick, SelectorRegistry registry, PrintStream progress) {
    return FpwTaxExperiment.run(quick, registry, progress);
  }
}
