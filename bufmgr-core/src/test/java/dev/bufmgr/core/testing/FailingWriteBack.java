package dev.bufmgr.core.testing;

import dev.bufmgr.core.pool.WriteBackHook;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A write-back hook for tests whose device fails on demand, the way a real one does: no space
 * left, an I/O error, or an interrupt while waiting. It keeps the pages it wrote (page to the LSN
 * written), so a test can check that no dirty page was dropped.
 */
public final class FailingWriteBack implements WriteBackHook {
  /** How a failing write fails. */
  public enum Failure {
    /** ENOSPC, as a full disk reports it. */
    NO_SPACE,
    /** EIO. */
    IO_ERROR,
    /** The writing thread was interrupted while it waited for the log or the device. */
    INTERRUPT
  }

  private final Map<Long, Long> written = new ConcurrentHashMap<>();
  private final AtomicInteger failuresLeft = new AtomicInteger();
  private volatile Failure failure = Failure.IO_ERROR;

  /** The next {@code count} writes fail with {@code how}. */
  public void failNext(int count, Failure how) {
    failure = how;
    failuresLeft.set(count);
  }

  /** Every write fails with {@code how} until {@link #heal}. */
  public void failAll(Failure how) {
    failNext(Integer.MAX_VALUE, how);
  }

  /** Writes succeed again. */
  public void heal() {
    failuresLeft.set(0);
  }

  @Override
  public boolean needsWalFlush(long pageLsn) {
    return false;
  }

  @Override
  public void writeBack(int buffer, long page, long pageLsn, MemorySegment frame) {
    if (failuresLeft.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
      switch (failure) {
        case NO_SPACE -> throw new UncheckedIOException("test device: data file", new IOException("No space left on device"));
        case IO_ERROR -> throw new UncheckedIOException("test device: data file", new IOException("Input/output error"));
        case INTERRUPT -> throw new IllegalStateException("interrupted while writing back page " + page);
      }
    }
    written.merge(page, pageLsn, Math::max);
  }

  /** The pages written so far, each with the largest LSN written. */
  public Map<Long, Long> written() {
    return written;
  }
}
