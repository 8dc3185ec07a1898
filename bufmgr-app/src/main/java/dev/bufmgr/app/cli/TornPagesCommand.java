package dev.bufmgr.app.cli;

import dev.bufmgr.app.experiment.TornPagesExperiment;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.wal.crash.Exposure;
import dev.bufmgr.wal.crash.Tears;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bufmgr experiment torn-pages}: see {@link TornPagesExperiment}. */
@Command(name = "torn-pages", mixinStandardHelpOptions = true,
    description = {
      "Page writes torn by a power loss, and what redo repairs.",
      "Torn states repaired and unrecoverable with full-page writes on and off, per selector and checkpoint_timeout, "
          + "beside the log bytes per transaction they cost."
    })
public final class TornPagesCommand extends NamedExperimentCommand {
  @Option(names = "--selector", paramLabel = Flags.SPEC_LABEL,
      description = "A selector to run. Repeatable. Default: gclock, s3fifo, sieve, lru-pool, hotcool.")
  List<String> selectors = new ArrayList<>();

  @Option(names = "--crashes", paramLabel = "N", defaultValue = "" + TornPagesExperiment.CRASHES,
      description = "Crash instants per run (default: ${DEFAULT-VALUE}).")
  int crashes;

  @Option(names = "--tears", paramLabel = "MODE", defaultValue = "prefix",
      description = "Torn states per write: prefix (a first part of the blocks new; cheap) or subsets (every subset: 65,534 "
          + "per write at 512 bytes; slow). Default: ${DEFAULT-VALUE}.")
  String tears;

  @Option(names = "--writes", paramLabel = "WHICH", defaultValue = "in-flight",
      description = "Which page writes a power loss may leave not done or torn: in-flight (submitted, not finished by the "
          + "device) or unforced (not yet covered by a finished force of the data file, as through the page cache). Default: "
          + "${DEFAULT-VALUE}.")
  String writes;

  @Override
  String experimentName() {
    return "torn-pages";
  }

  @Override
  String ownArguments() {
    StringBuilder b = new StringBuilder();
    for (String s : selectors) b.append(" --selector ").append(s);
    if (crashes != TornPagesExperiment.CRASHES) b.append(" --crashes ").append(crashes);
    if (!tears.equals("prefix")) b.append(" --tears ").append(tears);
    if (!writes.equals("in-flight")) b.append(" --writes ").append(writes);
    return b.toString();
  }

  @Override
  public void run() {
    options(SelectorRegistry.load());
    super.run();
  }

  @Override
  ExperimentReport produce(boolean quick, SelectorRegistry registry, PrintStream progress) {
    return TornPagesExperiment.run(quick, options(registry), registry, progress);
  }

  /** The flags checked (each bad one refused in one line naming it) before anything runs. */
  private TornPagesExperiment.Options options(SelectorRegistry registry) {
    List<Spec> specs = new ArrayList<>();
    for (String s : selectors.isEmpty() ? TornPagesExperiment.SELECTORS : selectors) {
      Spec spec = Spec.parse(Flags.SELECTOR, s);
      registry.components().resolve(Flags.SELECTOR, spec);
      specs.add(spec);
    }
    return new TornPagesExperiment.Options(specs, crashes, Tears.parse("--tears", tears), Exposure.parse("--writes", writes));
  }
}
