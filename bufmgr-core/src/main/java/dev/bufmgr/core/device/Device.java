package dev.bufmgr.core.device;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A storage device in real time: writes are served one at a time in arrival order (one queue
 * shared by the log and the data pages), and each call returns once its write is durable (or,
 * for an emulated device, once its modelled service time has elapsed).
 *
 * <p>Threading: any number of threads may call concurrently; calls are served FIFO.
 */
public interface Device extends Closeable {

  /** Writes {@code data} at byte {@code position} of the log and makes it durable. */
  void writeLog(long position, ByteBuffer data) throws IOException;

  /** Writes one data page ({@code data}, a whole page) and makes it durable. */
  void writePage(long page, ByteBuffer data) throws IOException;

  /** Total time spent serving writes so far, in nanoseconds. */
  long busyNanos();

  /** What the device is, e.g. {@code fixed:f0=0.9ms} or {@code file:/path}. */
  String spec();

  @Override
  default void close() throws IOException {}
}
