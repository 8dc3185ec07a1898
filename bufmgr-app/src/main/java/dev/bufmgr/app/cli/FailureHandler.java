package dev.bufmgr.app.cli;

import dev.bufmgr.core.resource.ThreadFailure;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.policyfile.PolicyCompileException;
import java.io.PrintWriter;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Turns user-caused failures into one line on stderr and exit status 2. Bad flags (picocli's
 * parameter exceptions), {@link CliFailure} and {@link IllegalArgumentException} (thrown by
 * validating constructors, for example a selector parameter out of range, and by the capacity
 * checks), {@link java.io.UncheckedIOException} (a result file that cannot be written) and {@link
 * dev.bufmgr.core.pool.WriteBackFailedException} (a device that refused a page write: a full
 * disk, an I/O error) and {@link NoUnpinnedBuffersException} (every buffer pinned during a run)
 * count as user failures. A policy file that does not compile ({@link PolicyCompileException})
 * gives its compiler errors, one line each as {@code FILE:LINE: MESSAGE}, and exit status 2. A
 * background thread's failure ({@link ThreadFailure}) is one line naming the thread and its cause,
 * and exit status 1. Anything else is a bug and keeps its stack trace.
 * A message never carries raw control or undecodable bytes from an input (see {@link
 * #printable}).
 */
final class FailureHandler implements IExecutionExceptionHandler, IParameterExceptionHandler {

  @Override
  public int handleParseException(ParameterException ex, String[] args) {
    CommandLine cl = ex.getCommandLine();
    PrintWriter err = cl.getErr();
    err.println("bufmgr: " + printable(parseMessage(ex)) + " (see '" + cl.getCommandSpec().qualifiedName() + " --help')");
    err.flush();
    return BufmgrCommand.EXIT_BAD_INPUT;
  }

  @Override
  public int handleExecutionException(Exception ex, CommandLine cl, ParseResult parsed) throws Exception {
    if (ex instanceof PolicyCompileException compile) {
      PrintWriter err = cl.getErr();
      compile.errors().forEach(line -> err.println(printable(line)));
      err.flush();
      return BufmgrCommand.EXIT_BAD_INPUT;
    }
    if (ex instanceof CliFailure || ex instanceof IllegalArgumentException || ex instanceof java.io.UncheckedIOException
        || ex instanceof dev.bufmgr.core.pool.WriteBackFailedException || ex instanceof NoUnpinnedBuffersException) {
      PrintWriter err = cl.getErr();
      err.println("bufmgr: " + printable(ex.getMessage()));
      err.flush();
      return BufmgrCommand.EXIT_BAD_INPUT;
    }
    if (ex instanceof ThreadFailure) {
      PrintWriter err = cl.getErr();
      err.println("bufmgr: " + printable(ex.getMessage()));
      err.flush();
      return BufmgrCommand.EXIT_FAILED;
    }
    throw ex;
  }

  /** A parse failure's message; an unknown subcommand names the known ones. */
  private static String parseMessage(ParameterException ex) {
    CommandLine cl = ex.getCommandLine();
    Map<String, CommandLine> subs = cl.getSubcommands();
    if (ex instanceof UnmatchedArgumentException u && !subs.isEmpty() && !u.getUnmatched().isEmpty()) {
      String first = u.getUnmatched().getFirst();
      if (!first.startsWith("-")) {
        String known = subs.keySet().stream().filter(n -> !n.equals("help")).collect(Collectors.joining(", "));
        return "unknown " + (cl.getCommandSpec().name().equals("experiment") ? "experiment" : "command") + " '" + first
            + "' (known: " + known + ")";
      }
    }
    return ex.getMessage();
  }

  /**
   * {@code text} with control characters, undecodable input (U+FFFD) and other non-printing
   * characters written as escapes (backslash-x00, backslash-uFFFD), cut to 300 characters, so a
   * garbage file never writes raw bytes to the terminal.
   */
  static String printable(String text) {
    if (text == null) return "(no message)";
    StringBuilder sb = new StringBuilder(Math.min(text.length(), 320));
    int i = 0;
    for (; i < text.length() && sb.length() < 300; i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7f) sb.append(String.format("\\x%02x", (int) c));
      else if (c == '\uFFFD' || Character.isISOControl(c) || Character.getType(c) == Character.FORMAT || Character.isSurrogate(c)) {
        sb.append(String.format("\\u%04X", (int) c));
      } else sb.append(c);
    }
    if (i < text.length()) {
      sb.setLength(297);
      sb.append("...");
    }
    return sb.toString();
  }
}
