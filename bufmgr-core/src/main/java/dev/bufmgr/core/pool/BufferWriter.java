package dev.bufmgr.core.pool;

import dev.bufmgr.core.buffer.BufferTransitions;

import static dev.bufmgr.core.buffer.BufferState.has;

import dev.bufmgr.core.buffer.Descriptors;

/**
 * Writes buffers out for a process that writes without evicting: the checkpointer and the
 * background writer (PostgreSQL's {@code SyncOneBuffer}, which pins the buffer with {@code
 * PinBuffer_Locked} and writes it with {@code FlushBuffer}). Writing leaves the page in its
 * buffer and its usage bits unchanged; only the dirty flags change. One writer per thread; a
 * writer has at most one write in progress.
 *
 * <p>The write itself is the caller's: {@link #writeNow} runs it through a {@link WriteBackHook}
 * on the calling thread; a driver that cannot block (the simulation) calls {@link #begin}, does
 * the write in virtual time, then {@link #finish} or {@link #abort}.
 */
public final class BufferWriter {
  /** {@link #begin}: the buffer is pinned and its write started. */
  public static final int STARTED = 0;
  /** {@link #begin}: nothing to write (clean, not holding a loaded page, or lacking the flags asked for). */
  public static final int NOTHING_TO_WRITE = 1;
  /** {@link #begin}: another I/O of the buffer is running; try again once it ends. */
  public static final int BUSY = 2;

  private final BufferPool pool;
  private final Descriptors d;
  private final WriteBackHook hook;
  private int buffer = -1;
  private long page;
  private long lsn;
  private long written;

  /**
   * @param hook how this writer's writes reach storage (write-ahead is its duty, as for the
   *     pool's own hook)
   */
  public BufferWriter(BufferPool pool, WriteBackHook hook) {
    this.pool = pool;
    this.d = pool.descriptors;
    this.hook = hook;
  }

  /**
   * Begins writing buffer {@code b} if it holds a loaded, dirty page whose state word has every
   * flag in {@code requiredFlags} (for example {@code CHECKPOINT_NEEDED}; 0 for none): pins it
   * without touching its usage bits and starts its write.
   *
   * @return {@link #STARTED}, {@link #NOTHING_TO_WRITE} or {@link #BUSY}
   */
  public int begin(int b, long requiredFlags) {
    if (buffer >= 0) throw new IllegalStateException("this writer's write of buffer " + buffer + " is still running");
    if (!has(d.state(b), requiredFlags)) return NOTHING_TO_WRITE;
    if (!BufferTransitions.tryPinForWrite(d, b)) return NOTHING_TO_WRITE;
    if (!has(d.state(b), requiredFlags)) {
      BufferTransitions.unpin(d, b);
      return NOTHING_TO_WRITE;
    }
    int started = BufferTransitions.tryStartWrite(d, b);
    if (started != BufferTransitions.WRITE_STARTED) {
      BufferTransitions.unpin(d, b);
      return started == BufferTransitions.WRITE_BUSY ? BUSY : NOTHING_TO_WRITE;
    }
    buffer = b;
    page = d.tag(b);
    lsn = d.lsn(b);
    return STARTED;
  }

  /** The page of the write in progress. */
  public long page() {
    requireWrite();
    return page;
  }

  /**
   * The page's LSN when the write began: the version written (a change made meanwhile leaves the
   * buffer dirty). The log must be durable this far before the page is written.
   */
  public long lsn() {
    requireWrite();
    return lsn;
  }

  /** The buffer of the write in progress, or -1. */
  public int buffer() {
    return buffer;
  }

  /** The write in progress reached storage: the page is clean unless it changed meanwhile. */
  public void finish() {
    requireWrite();
    BufferTransitions.finishWrite(d, buffer);
    BufferTransitions.unpin(d, buffer);
    buffer = -1;
    written++;
  }

  /** The write in progress failed: the page stays dirty. */
  public void abort() {
    requireWrite();
    BufferTransitions.abortWrite(d, buffer);
    BufferTransitions.unpin(d, buffer);
    buffer = -1;
  }

  /**
   * Writes buffer {@code b} through the hook on the calling thread if {@link #begin} starts its
   * write, waiting while another I/O of it runs.
   *
   * @return whether a write was made
   * @throws WriteBackFailedException when the hook failed (the page stays dirty)
   */
  public boolean writeNow(int b, long requiredFlags) {
    int spins = 0;
    int outcome;
    while ((outcome = begin(b, requiredFlags)) == BUSY) {
      if (++spins < 64) Thread.onSpinWait();
      else Thread.yield();
    }
    if (outcome != STARTED) return false;
    long p = page;
    try {
      hook.writeBack(b, p, lsn, pool.frame(b));
    } catch (RuntimeException | Error e) {
      abort();
      throw new WriteBackFailedException(p, b, e);
    }
    finish();
    return true;
  }

  /** Writes completed by this writer so far. */
  public long written() {
    return written;
  }

  private void requireWrite() {
    if (buffer < 0) throw new IllegalStateException("this writer has no write in progress");
  }
}
