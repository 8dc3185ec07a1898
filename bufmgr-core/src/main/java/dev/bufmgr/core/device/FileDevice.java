package dev.bufmgr.core.device;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A real device: the log and the data pages are real files on one file system, written with
 * {@link FileChannel#write} and made durable with {@link FileChannel#force force(false)}
 * (fdatasync). A fair lock serves writes in arrival order, one at a time.
 */
public final class FileDevice implements Device {
  private final FileChannel log;
  private final FileChannel data;
  private final int pageSize;
  private final String spec;
  private final ReentrantLock queue = new ReentrantLock(true);
  private long busyNanos;

  /**
   * @param log the log file's channel, open for writing
   * @param data the data file's channel for page writes, or {@code null} when pages are not
   *     written
   * @param pageSize the page size for page positions
   * @param spec how to name the device in results
   */
  public FileDevice(FileChannel log, FileChannel data, int pageSize, String spec) {
    this.log = log;
    this.data = data;
    this.pageSize = pageSize;
    this.spec = spec;
  }

  @Override
  public void writeLog(long position, ByteBuffer bytes) throws IOException {
    writeForced(log, position, bytes);
  }

  @Override
  public void writePage(long page, ByteBuffer bytes) throws IOException {
    if (data == null) throw new IOException("this device has no data file");
    writeForced(data, page * pageSize, bytes);
  }

  private void writeForced(FileChannel ch, long position, ByteBuffer bytes) throws IOException {
    queue.lock();
    try {
      long t0 = System.nanoTime();
      long pos = position;
      while (bytes.hasRemaining()) pos += ch.write(bytes, pos);
      ch.force(false);
      busyNanos += System.nanoTime() - t0;
    } finally {
      queue.unlock();
    }
  }

  @Override
  public long busyNanos() {
    queue.lock();
    try {
      return busyNanos;
    } finally {
      queue.unlock();
    }
  }

  @Override
  public String spec() {
    return spec;
  }

  @Override
  public void close() throws IOException {
    try {
      log.close();
    } finally {
      if (data != null) data.close();
    }
  }
}
