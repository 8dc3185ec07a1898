package dev.bufmgr.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bufmgr experiment}: the parent of the named experiments, listed below as its
 * subcommands: miss-ratio curves of one input and of every shared trace, scan resistance, cache
 * pressure, the ghost cap, ticks per victim, group commit, and the commit-pipeline experiments
 * (the full-page-write tax, dirty evictions, the checkpoint storm, the background writer, torn pages). Without
 * a subcommand it prints its usage and fails.
 */
@Command(
    name = "experiment",
    mixinStandardHelpOptions = true,
    description = "Run a named experiment.",
    subcommands = {
      MrcCommand.class,
      SharedTraceCurvesCommand.class,
      ScanResistanceCommand.class,
      CachePressureCommand.class,
      GhostCapCommand.class,
      TicksCommand.class,
      GroupCommitExperimentCommand.class,
      FpwTaxCommand.class,
      DirtyEvictionsCommand.class,
      CheckpointStormCommand.class,
      BgWriterCommand.class,
      TornPagesCommand.class,
      PoolsCommand.class,
      CommandLine.HelpCommand.class
    })
public final class ExperimentCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Without a subcommand: the usage (the list of experiments) on stderr and exit status 2. */
  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
    throw new CommandLine.ParameterException(spec.commandLine(), "no experiment given");
  }
}
