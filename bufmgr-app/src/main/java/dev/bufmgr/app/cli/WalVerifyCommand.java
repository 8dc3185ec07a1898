package dev.bufmgr.app.cli;

import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.app.commit.LogVerification;
import dev.bufmgr.results.report.OutputFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bufmgr wal-verify}: scans a log directory (checksums of every record), reports records,
 * commits and any torn tail, and fails (exit 2) on corruption in the middle or when an
 * acknowledged commit of {@code --acks} is missing. It never modifies the log.
 */
@Command(
    name = "wal-verify",
    mixinStandardHelpOptions = true,
    description = "Scans a log directory and checks that every acknowledged commit is in it.")
public final class WalVerifyCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--dir", required = true, description = "Log directory.")
  Path dir;

  @Option(names = "--acks", description = "Ack log written by wal-load: every id in it must be in the log.")
  Path acks;

  @Option(names = "--output", defaultValue = "table", description = "table, jsonl or csv (default: ${DEFAULT-VALUE}).")
  String output;

  @Override
  public void run() {
    OutputFormat format = OutputFormat.parse(output);
    LogVerification v;
    try {
      v = LogVerification.of(dir, acks);
    } catch (IOException e) {
      throw new CliFailure(dir + ": cannot read the log (" + IoReasons.of(e) + ")", e);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(format.render(List.of(v.row(dir))));
    out.flush();
    if (!v.ok()) throw new CliFailure(v.failure(dir));
  }
}
