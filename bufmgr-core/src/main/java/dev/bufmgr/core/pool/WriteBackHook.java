package dev.bufmgr.core.pool;

import java.lang.foreign.MemorySegment;

/**
 * How the pool writes a dirty page before its buffer is reused: the seam through which the pool
 * reaches the write-ahead log and the storage device without knowing either.
 *
 * <p>Threading: called concurrently by any thread that evicts; for one buffer, never twice at
 * once (the pool holds the buffer pinned and marked I/O-in-progress during the call). A hook that
 * throws leaves the page dirty: the pool gives the buffer back and reports {@link
 * WriteBackFailedException}.
 */
public interface WriteBackHook {

  /**
   * True when writing a page whose last change has this LSN would first need a WAL flush. A
   * BULKREAD ring rejects such a buffer and takes another (PostgreSQL: {@code
   * StrategyRejectBuffer} in freelist.c).
   */
  boolean needsWalFlush(long pageLsn);

  /**
   * Writes the page out, honouring write-ahead: the WAL must be durable up to {@code pageLsn}
   * before the page is written. Returns when the write is done.
   *
   * @param buffer the buffer being written
   * @param page the page id held by the buffer
   * @param pageLsn the LSN of the page's last change (0 when never logged)
   * @param frame the page's bytes in page-memory mode, or {@code null} in metadata-only mode
   */
  void writeBack(int buffer, long page, long pageLsn, MemorySegment frame);

  /** A hook with no log and an instantaneous device: nothing ever needs a WAL flush. */
  WriteBackHook NONE =
      new WriteBackHook() {
        @Override
        public boolean needsWalFlush(long pageLsn) {
          return false;
        }

        @Override
        public void writeBack(int buffer, long page, long pageLsn, MemorySegment frame) {}
      };
}
