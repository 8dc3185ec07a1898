package dev.bufmgr.wal.device;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A storage device in real time: writes are served one at a time in arrival order (one queue
 * shared by the log and the data pages). A log write returns once it is durable; a data-page
 * write returns once it is written, and is durable after the next {@link #syncData} (PostgreSQL
 * writes data pages into the operating system's cache and forces the files at a checkpoint). An
 * emulated device returns once its modelled service time has elapsed.
 *
 * <p>Threading: any number of threads may call concurrently; calls are served FIFO.
 */
public interface Device extends Closeable {

  /** Writes {@code data} at byte {@code position} of the log and makes it durable. */
  void writeLog(long position, ByteBuffer data) throws IOException;

  /** Writes one data page ({@code data}, a whole page), durable after the next {@link #syncData}. */
  void writePage(long page, ByteBuffer data) throws IOException;

  /**
   * Writes one data page for {@code source} (whose {@code *_flush_after} applies in a {@link
   * CachedDevice}); by default as {@link #writePage(long, ByteBuffer)}.
   */
  default void writePage(long page, ByteBuffer data, WriteSource source) throws IOException {
    writePage(page, data);
  }

  /**
   * Reads one data page that missed the buffer pool, returning once it is in memory. Free by
   * default (the direct model charges no read); a {@link CachedDevice} charges a device read
   * when its cache misses.
   */
  default void readPage(long page) throws IOException {}

  /** Makes every data page written so far durable (fsync of the data file). */
  default void syncData() throws IOException {}

  /**
   * Says that a checkpoint whose redo point is {@code redoLsn} completed (its pages forced by
   * {@link #syncData}), so a real log may move its start there and recycle older segments
   * (PostgreSQL's {@code CreateCheckPoint} then {@code RemoveOldXlogFiles}). Nothing by default.
   */
  default void logCheckpointed(long redoLsn) throws IOException {}

  /**
   * The identity of the real log behind this device, which every record's checksum covers (0
   * for a device whose log is never read back).
   */
  default long logIdentity() {
    return 0;
  }

  /** Total time spent serving writes so far, in nanoseconds. */
  long busyNanos();

  /** Time spent serving writes of one kind so far, in nanoseconds. */
  long busyNanos(IoKind kind);

  /** What the device is, e.g. {@code fixed:f0=0.9ms} or {@code file:/path}. */
  String spec();

  @Override
  default void close() throws IOException {}
}
