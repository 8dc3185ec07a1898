package dev.bufmgr.core.evict.hand;

/**
 * One thread's view of a {@link ClockHand}. Not thread-safe: each thread has its own.
 */
public interface HandCursor {

  /** A victim search begins; a partitioned cursor returns to its home stripe. */
  void beginSearch();

  /** Advances one tick and returns the buffer now under the hand. */
  int next();
}
