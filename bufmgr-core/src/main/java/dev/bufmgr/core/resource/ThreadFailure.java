package dev.bufmgr.core.resource;

/**
 * A background thread of a run failed (a trace reader, a replay worker, the log's flusher, the
 * checkpointer, the background writer, a sampler): what it threw, with the thread's name, handed
 * to the thread that waits for the run, so the run stops with one line naming both and a
 * non-zero exit, instead of hanging or ending the thread silently. The command's failure handler
 * prints {@link #getMessage}; the cause keeps the stack for a debugger.
 */
public final class ThreadFailure extends RuntimeException {
  private final String thread;

  /** Thread {@code thread} failed with {@code cause}. */
  public ThreadFailure(String thread, Throwable cause) {
    super("thread " + thread + " failed: " + cause, cause);
    this.thread = thread;
  }

  /** The name of the thread that failed. */
  public String thread() {
    return thread;
  }

  /**
   * What thread {@code thread}'s failure {@code t} becomes for the waiting thread: bad input or
   * arguments (an {@link IllegalArgumentException}, such as a trace reader's malformed record)
   * keep their own message, which names the file and record or the flag; a {@code ThreadFailure}
   * passes as it is; anything else (an I/O error on a device, a bug, an error) is wrapped, naming
   * the thread.
   */
  public static RuntimeException of(String thread, Throwable t) {
    if (t instanceof ThreadFailure f) return f;
    if (t instanceof IllegalArgumentException e) return e;
    return new ThreadFailure(thread, t);
  }
}
