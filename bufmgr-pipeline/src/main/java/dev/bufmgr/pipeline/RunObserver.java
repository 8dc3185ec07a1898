package dev.bufmgr.pipeline;

/**
 * What a real-time run reports as it goes, for records that must outlive a killed process: each
 * interval row when it is closed, and each transaction once its commit was acknowledged (its
 * commit record durable, as PostgreSQL's {@code RecordTransactionCommit} returns after {@code
 * XLogFlush}). Every method does nothing by default.
 *
 * <p>Threading: {@link #interval} on the driver's thread; {@link #acknowledged} on the client
 * threads, several at once.
 */
public interface RunObserver {
  /** The interval {@code row} was closed. */
  default void interval(IntervalRow row) {}

  /**
   * Transaction {@code commitId} was acknowledged. A transaction that wrote no commit record (a
   * read-only one, acknowledged without waiting for the log) is not reported.
   *
   * @param commitLsn the LSN its commit record ends at (the log is durable to it)
   * @param pages the page of each of its changes, {@code changes} of them
   * @param lsns the LSN each change's record ends at (the page's LSN after that change)
   */
  default void acknowledged(long commitId, long commitLsn, long[] pages, long[] lsns, int changes) {}

  /** An observer that wants nothing. */
  RunObserver NONE = new RunObserver() {};
}
