package dev.bufmgr.pipeline;

import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.BufferWriter;
import dev.bufmgr.core.pool.WriteBackFailedException;
import dev.bufmgr.core.pool.WriteBackHook;

/**
 * Makes, on the calling thread, the write a {@link BufferWriter} has begun: through the pool's
 * write-back hook ({@link WalWriteBack}: the log durable to the page's LSN first, as {@code
 * FlushBuffer} calls {@code XLogFlush}, then the page). The real-time drivers of {@link
 * Checkpointer} and {@link BackgroundWriter} answer a {@code WRITE} step with it; the next step
 * finishes the write.
 */
final class BlockingWrite {
  private final BufferPool pool;
  private final BufferWriter writer;
  private final WriteBackHook hook;

  BlockingWrite(BufferPool pool, BufferWriter writer, WriteBackHook hook) {
    this.pool = pool;
    this.writer = writer;
    this.hook = hook;
  }

  /**
   * Writes the page of the write the writer began.
   *
   * @throws WriteBackFailedException when the hook failed; the write is aborted, the page stays dirty
   */
  void write() {
    int b = writer.buffer();
    long page = writer.page();
    try {
      hook.writeBack(b, page, writer.lsn(), pool.frame(b));
    } catch (RuntimeException | Error e) {
      writer.abort();
      throw new WriteBackFailedException(page, b, e);
    }
  }

  /** Gives up the write the writer began without making it (the run stops). */
  void abandon() {
    writer.abort();
  }
}
