package dev.bufmgr.pipeline;

import dev.bufmgr.wal.GroupCommitter;
import dev.bufmgr.wal.WalLog;

import dev.bufmgr.wal.device.Device;
import dev.bufmgr.wal.device.StoredPages;
import dev.bufmgr.wal.device.WriteSource;
import dev.bufmgr.core.pool.WriteBackHook;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The pool's write-back through the log: before a dirty page is written, the log is made durable
 * up to the page's LSN (PostgreSQL's {@code FlushBuffer} calling {@code XLogFlush}), asking the
 * {@link GroupCommitter} for a flush if needed; then the page is written on the same {@link
 * Device} as the log flushes, so page writes and commits contend on one FIFO queue, and recorded
 * in {@link StoredPages} (which checks the write-ahead rule on every write).
 *
 * <p>In metadata-only mode the bytes written are a page of zeros whose first 16 bytes are its
 * header: the page id and its LSN, little-endian (as PostgreSQL's page header starts with {@code
 * pd_lsn}), so a data file can be read back and checked against the log.
 *
 * <p>Each writer (client backends, the checkpointer, the background writer) writes through its own
 * instance ({@link #forSource}), so a page cache applies its {@code *_flush_after}; the clients'
 * write time is counted in {@link WriteTimes}.
 *
 * <p>Threading: any number of writing threads at once (the committer and the device serialise
 * what must be).
 */
public final class WalWriteBack implements WriteBackHook {
  /** Bytes of the header at the start of every page written in metadata-only mode. */
  public static final int PAGE_HEADER = 16;

  private final WalLog log;
  private final GroupCommitter committer;
  private final Device device;
  private final int pageSize;
  private final StoredPages stored;
  private final ThreadLocal<ByteBuffer> pageBytes;
  private final WriteSource source;
  private final WriteTimes times;

  /**
   * @param log the log whose flushed LSN decides whether a flush is needed
   * @param committer the group committer that flushes {@code log}
   * @param device the device shared with the log's flushes
   * @param pageSize bytes written per page in metadata-only mode (no frame)
   * @param stored where each written page's LSN is recorded
   */
  public WalWriteBack(WalLog log, GroupCommitter committer, Device device, int pageSize, StoredPages stored) {
    this(log, committer, device, pageSize, stored, WriteSource.BACKEND, new WriteTimes());
  }

  private WalWriteBack(WalLog log, GroupCommitter committer, Device device, int pageSize, StoredPages stored,
      WriteSource source, WriteTimes times) {
    this.log = log;
    this.committer = committer;
    this.device = device;
    this.pageSize = pageSize;
    this.stored = stored;
    this.source = source;
    this.times = times;
    this.pageBytes = ThreadLocal.withInitial(() -> ByteBuffer.allocate(pageSize).order(ByteOrder.LITTLE_ENDIAN));
  }

  /** The same write-back for another writer. */
  public WalWriteBack forSource(WriteSource writer) {
    return new WalWriteBack(log, committer, device, pageSize, stored, writer, times);
  }

  /** The clients' write time. */
  public WriteTimes times() {
    return times;
  }

  @Override
  public boolean needsWalFlush(long pageLsn) {
    return pageLsn > log.flushedLsn();
  }

  @Override
  public void writeBack(int buffer, long page, long pageLsn, MemorySegment frame) {
    try {
      if (needsWalFlush(pageLsn)) committer.awaitDurable(pageLsn);
      ByteBuffer bytes;
      if (frame == null) {
        bytes = pageBytes.get();
        bytes.clear();
        bytes.putLong(0, page).putLong(8, pageLsn);
      } else {
        bytes = frame.asByteBuffer();
      }
      long durable = log.flushedLsn();
      long t0 = System.nanoTime();
      device.writePage(page, bytes, source);
      if (source == WriteSource.BACKEND) times.backendWrite(System.nanoTime() - t0);
      stored.written(page, pageLsn, durable);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while writing back page " + page, e);
    } catch (IOException e) {
      throw new UncheckedIOException("device " + device.spec() + ": cannot write page " + page, e);
    }
  }

  /** The pages written so far. */
  public StoredPages stored() {
    return stored;
  }
}
