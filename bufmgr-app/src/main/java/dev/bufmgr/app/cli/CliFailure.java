package dev.bufmgr.app.cli;

/**
 * A failure the user can fix: a bad argument, a missing or malformed input file, an impossible
 * configuration. The program prints its message as one line prefixed with {@code bufmgr: } and
 * exits with {@link BufmgrCommand#EXIT_BAD_INPUT}. The message must name the flag, file or
 * record at fault.
 */
public class CliFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CliFailure(String message) {
    super(message);
  }

  public CliFailure(String message, Throwable cause) {
    super(message, cause);
  }
}
