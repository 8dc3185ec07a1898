package dev.bufmgr.app.cli;

import dev.bufmgr.pipeline.run.RunRecovery;
import dev.bufmgr.core.resource.IoReasons;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bufmgr pipeline-recover DIR/run-N}: crash recovery of a real-clock pipeline run's folder
 * ({@link RunRecovery}), then the check that every acknowledged transaction survived. Prints what
 * was repaired and applied, one line per transaction lost or page unrecoverable, and fails (exit
 * 2, as {@code wal-verify}) when there is any. The folder stays usable: recovering it again finds
 * nothing to repair, and when nothing was lost a new real-clock run on its parent folder continues
 * it ({@link RunRecovery#continuable}).
 */
@Command(
    name = "pipeline-recover",
    mixinStandardHelpOptions = true,
    description = "Replays a real-clock pipeline run's log over its data file and checks every acknowledged transaction.")
public final class PipelineRecoverCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "DIR/run-N", description = "The run's folder (under the folder given as --device file:DIR).")
  Path folder;

  @Override
  public void run() {
    RunRecovery.Result r;
    try {
      r = RunRecovery.recover(folder);
    } catch (IOException e) {
      throw new CliFailure(folder + ": cannot recover (" + IoReasons.of(e) + ")", e);
    }
    PrintWriter out = spec.commandLine().getOut();
    r.notices().forEach(out::println);
    out.println("pipeline-recover " + folder + ": log " + r.startLsn() + ".." + r.endLsn() + ", redo point " + r.redo()
        + (r.checkpoints() > 0 ? " (the last of " + r.checkpoints() + " checkpoints)" : " (no checkpoint: the log's start)"));
    out.println("pages repaired: " + r.pagesRepaired() + " (of " + r.pagesInFile() + " in the data file)");
    out.println("records applied: " + (r.fullPageImages() + r.plainApplied()) + " (" + r.fullPageImages() + " full-page images, "
        + r.plainApplied() + " plain)");
    out.println("acknowledged transactions checked: " + r.transactions() + " (" + r.changes() + " page changes)");
    r.lost().forEach(out::println);
    r.unrecoverable().forEach(out::println);
    out.println("acknowledged transactions lost: " + r.lost().size() + ", pages unrecoverable: " + r.unrecoverable().size());
    out.flush();
    if (r.ok()) {
      out.println("recovered: `bufmgr pipeline --clock real --device file:" + folder.toAbsolutePath().getParent()
          + "` continues this run in " + folder);
      out.flush();
    }
    if (!r.ok()) {
      throw new CliFailure(folder + ": " + r.lost().size() + " acknowledged transactions lost, " + r.unrecoverable().size()
          + " pages unrecoverable");
    }
  }
}
