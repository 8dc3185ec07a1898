package dev.bufmgr.workloads.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs {@code bufmgr} in-process and captures its exit status, stdout and stderr. */
record CliRun(int status, String out, String err) {

  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = BufmgrCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int status = cl.execute(args);
    return new CliRun(status, out.toString(), err.toString());
  }

  /** The stderr lines that start with {@code bufmgr:}. */
  long errorLines() {
    return err.lines().filter(l -> l.startsWith("bufmgr:") && !l.contains("--help")).count();
  }
}
