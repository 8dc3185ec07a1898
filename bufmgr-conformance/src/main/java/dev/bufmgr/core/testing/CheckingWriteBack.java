package dev.bufmgr.core.testing;

import dev.bufmgr.core.pool.WriteBackHook;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;

/**
 * A write-back hook for tests: counts writes, checks that a page-memory frame being written holds
 * the page named (its stamp), and lets the test vet each written page. Problems are collected,
 * not thrown, so that a writing thread never dies inside the pool.
 */
public final class CheckingWriteBack implements WriteBackHook {
  private final AtomicLong writes = new AtomicLong();
  private final Queue<String> problems = new ConcurrentLinkedQueue<>();
  private final LongPredicate expectedWrite;

  /** @param expectedWrite says whether writing this page now is legitimate */
  public CheckingWriteBack(LongPredicate expectedWrite) {
    this.expectedWrite = expectedWrite;
  }

  @Override
  public boolean needsWalFlush(long pageLsn) {
    return false;
  }

  @Override
  public void writeBack(int buffer, long page, long pageLsn, MemorySegment frame) {
    writes.incrementAndGet();
    if (!expectedWrite.test(page)) problems.add("page " + page + " written back but it was clean");
    if (frame != null && frame.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) != page) {
      problems.add("buffer " + buffer + " written for page " + page + " holds the bytes of another page");
    }
  }

  /** Writes seen so far. */
  public long writes() {
    return writes.get();
  }

  /** The problems seen so far. */
  public Queue<String> problems() {
    return problems;
  }
}
