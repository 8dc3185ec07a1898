package dev.bufmgr.wal.device;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.locks.ReentrantLock;
import org.agrona.collections.Long2LongHashMap;

/**
 * A real device: the log and the data pages are real files on one file system. Log writes are
 * made durable at once by the log's {@link LogSink} (fdatasync of its segments); page writes go to
 * the data file unforced and {@link #syncData} forces it. A fair lock serves writes in arrival
 * order, one at a time.
 *
 * <p>Pages are laid out in the data file in the order they are first written, one page size
 * apart (a page id is 64 bits wide; its own multiple of the page size would not fit a file).
 */
public final class FileDevice implements Device {
  private final LogSink log;
  private final FileChannel data;
  private final int pageSize;
  private final String spec;
  private final ReentrantLock queue = new ReentrantLock(true);
  private final Long2LongHashMap slots = new Long2LongHashMap(-1);
  private long nextSlot;
  private final long[] busyByKind = new long[IoKind.values().length];
  private long busyNanos;

  /**
   * @param log where log writes go (made durable before {@link #writeLog} returns)
   * @param data the data file's channel for page writes, or {@code null} when pages are not
   *     written
   * @param pageSize the page size for page positions
   * @param spec how to name the device in results
   */
  public FileDevice(LogSink log, FileChannel data, int pageSize, String spec) {
    this.log = log;
    this.data = data;
    this.pageSize = pageSize;
    this.spec = spec;
  }

  @Override
  public void writeLog(long position, ByteBuffer bytes) throws IOException {
    queue.lock();
    try {
      long t0 = System.nanoTime();
      log.append(position, bytes);
      account(IoKind.LOG, t0);
    } finally {
      queue.unlock();
    }
  }

  @Override
  public void writePage(long page, ByteBuffer bytes) throws IOException {
    if (data == null) throw new IOException("this device has no data file");
    queue.lock();
    try {
      long t0 = System.nanoTime();
      long slot = slots.get(page);
      if (slot < 0) {
        slot = nextSlot++;
        slots.put(page, slot);
      }
      write(data, slot * pageSize, bytes);
      account(IoKind.PAGE, t0);
    } finally {
      queue.unlock();
    }
  }

  /**
   * Takes over a data file written before (a recovered run continued): {@code page} is at slot
   * {@code slot}, and no page new to the file is put at or before it. Call before any write.
   */
  public void adopt(long page, long slot) {
    queue.lock();
    try {
      slots.put(page, slot);
      nextSlot = Math.max(nextSlot, slot + 1);
    } finally {
      queue.unlock();
    }
  }

  /** No page new to the file is put in the first {@code count} slots (those a data file written before holds). */
  public void reserve(long count) {
    queue.lock();
    try {
      nextSlot = Math.max(nextSlot, count);
    } finally {
      queue.unlock();
    }
  }

  @Override
  public void syncData() throws IOException {
    if (data == null) return;
    queue.lock();
    try {
      long t0 = System.nanoTime();
      data.force(false);
      account(IoKind.DATA_SYNC, t0);
    } finally {
      queue.unlock();
    }
  }

  private static void write(FileChannel ch, long position, ByteBuffer bytes) throws IOException {
    long pos = position;
    while (bytes.hasRemaining()) pos += ch.write(bytes, pos);
  }

  private void account(IoKind kind, long t0) {
    long took = System.nanoTime() - t0;
    busyNanos += took;
    busyByKind[kind.ordinal()] += took;
  }

  @Override
  public long logIdentity() {
    return log.identity();
  }

  @Override
  public void logCheckpointed(long redoLsn) throws IOException {
    queue.lock();
    try {
      log.checkpointed(redoLsn);
    } finally {
      queue.unlock();
    }
  }

  /** The number of distinct pages in the data file (written, or adopted). */
  public int pagesWritten() {
    queue.lock();
    try {
      return slots.size();
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
  public long busyNanos(IoKind kind) {
    queue.lock();
    try {
      return busyByKind[kind.ordinal()];
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
