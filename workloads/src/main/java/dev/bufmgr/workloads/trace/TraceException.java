package dev.bufmgr.workloads.trace;

/**
 * A trace that cannot be read: missing, unreadable, of the wrong format, or holding a malformed
 * record. The message is one line naming the file, the record and the reason; the program
 * prints it and exits with status 2.
 */
public final class TraceException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** A failure of the whole file, e.g. "cannot open". */
  public TraceException(String file, String reason) {
    super(file + ": " + reason);
  }

  /** A failure at one record; {@code where} is e.g. "record 12" or "record 12 (line 14)". */
  public TraceException(String file, String where, String reason) {
    super(file + ": " + where + ": " + reason);
  }
}
