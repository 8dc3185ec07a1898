package dev.bufmgr.core.pool;

/**
 * A dirty victim's write-back failed (the device refused it, the log could not be flushed, the
 * thread was interrupted). The pool is consistent when this reaches the caller: the page is still
 * dirty in its buffer (its change is not lost and will be written by a later write-back), the
 * buffer is unclaimed and reusable, and the request that needed the buffer was not served.
 */
public final class WriteBackFailedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final long page;

  /**
   * @param page the page whose write failed
   * @param buffer the buffer that holds it (still dirty)
   * @param cause the writer's failure, whose message names the device and the system's reason
   */
  public WriteBackFailedException(long page, int buffer, Throwable cause) {
    super("cannot write back page " + page + " (buffer " + buffer + "): " + reason(cause), cause);
    this.page = page;
  }

  /** The messages along a failure's causes, each once, e.g. "data file: No space left on device". */
  static String reason(Throwable failure) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      String m = t.getMessage();
      if (m == null || sb.indexOf(m) >= 0) continue;
      if (!sb.isEmpty()) sb.append(": ");
      sb.append(m);
    }
    return sb.isEmpty() ? failure.getClass().getSimpleName() : sb.toString();
  }

  /** The page whose write failed. */
  public long page() {
    return page;
  }
}
