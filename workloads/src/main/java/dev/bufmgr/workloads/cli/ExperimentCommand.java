package dev.bufmgr.workloads.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code bufmgr experiment}: the parent of the named experiments; prints their list. */
@Command(
    name = "experiment",
    mixinStandardHelpOptions = true,
    description = "Runs a named experiment and writes its results folder.",
    subcommands = {GroupCommitExperimentCommand.class})
public final class ExperimentCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
