package dev.bufmgr.wal.device;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/** Where a real device puts log bytes: appended in LSN order and durable when {@link #append} returns. */
public interface LogSink extends Closeable {
  /** The log's identity, which every record's checksum covers. */
  long identity();

  /** Writes the log bytes {@code [lsn, lsn + bytes.remaining())} (the next ones after the last append) and makes them durable. */
  void append(long lsn, ByteBuffer bytes) throws IOException;

  /**
   * Says that a checkpoint with redo point {@code redoLsn} completed (its pages are durable), so
   * the log before it is no longer needed for recovery. Nothing by default.
   */
  default void checkpointed(long redoLsn) throws IOException {}
}
