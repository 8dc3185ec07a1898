package dev.bufmgr.app.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Runs the program in-process, built as {@link BufmgrCommand#execute} builds it (with only the
 * named subcommand when there is one), and captures its exit status, stdout and stderr.
 */
record CliRun(int status, String out, String err) {

  static synchronized CliRun of(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    int status;
    try {
      status = BufmgrCommand.commandLine(args.length > 0 ? args[0] : null).execute(args);
    } finally {
      System.out.flush();
      System.err.flush();
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    return new CliRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The lines of stderr that are not progress lines. */
  String errorLines() {
    return err.lines().filter(l -> !l.startsWith("bufmgr: [") && !l.startsWith("bufmgr: workload")).reduce("", (a, b) -> a + b + "\n");
  }
}
