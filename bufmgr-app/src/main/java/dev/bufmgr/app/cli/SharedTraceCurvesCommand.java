package dev.bufmgr.app.cli;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.replay.compare.DefaultComparison;
import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.app.experiment.SharedTraceCurvesExperiment;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bufmgr experiment mrc}: see {@link SharedTraceCurvesExperiment}. */
@Command(
    name = "mrc",
    mixinStandardHelpOptions = true,
    description = "Miss-ratio curves of every selector and baseline on every shared LIRS trace.")
public final class SharedTraceCurvesCommand extends NamedExperimentCommand {
  @Option(names = "--traces", paramLabel = "DIR",
      description = "Folder of the LIRS traces (default: shared/traces/lirs here or in a folder above).")
  Path traces;

  @Override
  String experimentName() {
    return "mrc";
  }

  @Override
  ExperimentReport produce(boolean quick, SelectorRegistry registry, PrintStream progress) {
    Path folder = traces != null ? traces : DefaultComparison.findLirsFolder(Path.of(""));
    if (folder == null) throw new CliFailure("shared/traces/lirs not found here or above; give --traces DIR");
    if (!Files.isDirectory(folder)) throw new CliFailure("--traces: " + folder + " is not a folder");
    return SharedTraceCurvesExperiment.run(quick, registry, folder, progress);
  }
}
