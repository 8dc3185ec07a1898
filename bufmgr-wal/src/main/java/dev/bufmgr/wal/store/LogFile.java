package dev.bufmgr.wal.store;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/** One open file of a {@link LogStorage}. */
public interface LogFile extends Closeable {
  /** The file's size in bytes. */
  long size() throws IOException;

  /** Reads into {@code dst} from {@code position} until it is full or the file ends; returns the bytes read. */
  int read(ByteBuffer dst, long position) throws IOException;

  /** Writes all of {@code src} at {@code position}. */
  void write(ByteBuffer src, long position) throws IOException;

  /** Makes the file's written data durable (fdatasync: {@code FileChannel.force(false)}). */
  void force() throws IOException;
}
