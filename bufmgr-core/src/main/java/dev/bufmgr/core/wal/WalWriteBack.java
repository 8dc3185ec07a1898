package dev.bufmgr.core.wal;

import dev.bufmgr.core.device.Device;
import dev.bufmgr.core.pool.WriteBackHook;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * The pool's write-back through the log: before a dirty page is written, the log is made durable
 * up to the page's LSN (PostgreSQL's {@code FlushBuffer} calling {@code XLogFlush}), asking the
 * {@link GroupCommitter} for a flush if needed; then the page is queued on the same {@link
 * Device} as the log flushes, so page writes and commits contend on one FIFO queue.
 *
 * <p>Threading: any number of evicting threads at once (the committer and the device serialise
 * what must be).
 */
public final class WalWriteBack implements WriteBackHook {
  private final WalLog log;
  private final GroupCommitter committer;
  private final Device device;
  private final int pageSize;

  /**
   * @param log the log whose flushed LSN decides whether a flush is needed
   * @param committer the group committer that flushes {@code log}
   * @param device the device shared with the log's flushes
   * @param pageSize bytes written per page in metadata-only mode (no frame)
   */
  public WalWriteBack(WalLog log, GroupCommitter committer, Device device, int pageSize) {
    this.log = log;
    this.committer = committer;
    this.device = device;
    this.pageSize = pageSize;
  }

  @Override
  public boolean needsWalFlush(long pageLsn) {
    return pageLsn > log.flushedLsn();
  }

  @Override
  public void writeBack(int buffer, long page, long pageLsn, MemorySegment frame) {
    try {
      if (needsWalFlush(pageLsn)) committer.awaitDurable(pageLsn);
      ByteBuffer bytes = frame == null ? ByteBuffer.allocate(pageSize) : frame.asByteBuffer();
      device.writePage(page, bytes);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while writing back page " + page, e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write back page " + page, e);
    }
  }
}
