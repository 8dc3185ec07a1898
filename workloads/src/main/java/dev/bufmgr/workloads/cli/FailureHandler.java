package dev.bufmgr.workloads.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns user-caused failures into one line on stderr and exit status 2. Bad flags (picocli's
 * parameter exceptions), {@link CliFailure} and {@link IllegalArgumentException} (thrown by
 * validating constructors, for example a selector parameter out of range) count as user
 * failures, and so do {@link java.io.UncheckedIOException} (a result file that cannot be written)
 * and {@link dev.bufmgr.core.pool.WriteBackFailedException} (a device that refused a page write:
 * a full disk, an I/O error); anything else is a bug and keeps its stack trace.
 */
final class FailureHandler implements IExecutionExceptionHandler, IParameterExceptionHandler {

  @Override
  public int handleParseException(ParameterException ex, String[] args) {
    PrintWriter err = ex.getCommandLine().getErr();
    err.println("bufmgr: " + ex.getMessage());
    err.println("bufmgr: see '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'");
    err.flush();
    return BufmgrCommand.EXIT_BAD_INPUT;
  }

  @Override
  public int handleExecutionException(Exception ex, CommandLine cl, ParseResult parsed) throws Exception {
    if (ex instanceof CliFailure || ex instanceof IllegalArgumentException || ex instanceof java.io.UncheckedIOException
        || ex instanceof dev.bufmgr.core.pool.WriteBackFailedException) {
      PrintWriter err = cl.getErr();
      err.println("bufmgr: " + ex.getMessage());
      err.flush();
      return BufmgrCommand.EXIT_BAD_INPUT;
    }
    throw ex;
  }
}
