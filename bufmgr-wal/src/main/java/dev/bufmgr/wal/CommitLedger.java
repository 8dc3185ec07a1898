package dev.bufmgr.wal;

/**
 * The batch and flush accounting of the real-time {@link GroupCommitter}, the same in both its
 * {@link FlushMode}s: the commits registered and not yet durable (a {@link CommitQueue}), the
 * release policy's {@link Backlog}, the batch of the flush in flight, what a finished flush makes
 * durable, and the {@link CommitMetrics}. Whoever flushes (the flusher thread or a leader) goes
 * through it, so commits per flush, waits and latencies mean the same in both modes.
 *
 * <p>It owns no thread and no lock: not thread-safe, the committer calls it under its lock.
 */
final class CommitLedger {
  private final ReleasePolicy policy;
  private final CommitQueue queue = new CommitQueue(64);
  private final Backlog backlog = new Backlog();
  private final CommitMetrics metrics = new CommitMetrics();
  private long pendingMaxLsn;
  private long completedSequence;
  private long batchStart;
  private int batchSize;

  CommitLedger(ReleasePolicy policy, int openTransactions) {
    this.policy = policy;
    backlog.openTransactions(openTransactions);
    backlog.deviceFreeAt(0);
  }

  /**
   * A commit (or a page write-back's flush request, client -1) arrived at {@code arrival} and
   * needs the log durable up to {@code lsn}; tells the policy.
   *
   * @return its sequence number
   */
  long register(long arrival, int client, long lsn) {
    queue.add(arrival, client);
    backlog.add(arrival);
    pendingMaxLsn = Math.max(pendingMaxLsn, lsn);
    policy.onArrival(arrival, backlog);
    return queue.nextSequence() - 1;
  }

  /** Whether the commit with sequence {@code seq} was made durable. */
  boolean durable(long seq) {
    return completedSequence > seq;
  }

  /** Commits registered and not taken into a flush yet. */
  int pending() {
    return queue.pending();
  }

  /** The policy's answer at {@code now} (asked with no flush in flight and commits pending). */
  long releaseAt(long now) {
    return policy.releaseAt(now, backlog);
  }

  /** The number of open transactions the policy sees. */
  void openTransactions(int count) {
    backlog.openTransactions(count);
  }

  /**
   * Takes every pending commit into the flush that starts at {@code now}.
   *
   * @return the LSN that flush must make durable (the largest registered)
   */
  long takeBatch(long now) {
    batchSize = queue.takeBatch();
    backlog.clear();
    batchStart = now;
    return pendingMaxLsn;
  }

  /** The flush of the batch taken became durable at {@code end}, having written {@code bytes}. */
  void flushed(long end, long bytes) {
    for (int k = 0; k < batchSize; k++) metrics.waited(batchStart - queue.inFlightArrival(k));
    metrics.flush(batchSize);
    complete();
    backlog.deviceFreeAt(end);
    policy.onFlushComplete(batchStart, end, batchSize, bytes);
  }

  /**
   * The batch taken was durable before its flush started: an earlier flush wrote past the records
   * it was taken for (PostgreSQL's {@code XLogFlush} finding {@code LogwrtResult.Flush} past its
   * record once it holds {@code WALWriteLock}). No flush happens; its commits count towards the
   * flushes that made them durable, so commits per flush stays commits per device flush.
   */
  void alreadyDurable() {
    for (int k = 0; k < batchSize; k++) metrics.waited(batchStart - queue.inFlightArrival(k));
    metrics.flushedWithout(batchSize);
    complete();
  }

  /** A commit was acknowledged {@code latencyNanos} after its arrival. */
  void acknowledged(long latencyNanos) {
    metrics.commit(latencyNanos);
  }

  CommitMetrics metrics() {
    return metrics;
  }

  private void complete() {
    completedSequence = queue.inFlightEnd();
    queue.completeBatch();
  }
}
