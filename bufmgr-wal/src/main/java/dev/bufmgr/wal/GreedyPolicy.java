package dev.bufmgr.wal;

/**
 * Greedy-pipelined release: flush everything inserted the moment the device is free (Aether's
 * flush pipelining; PostgreSQL 9.2's leader/follower group commit in {@code XLogFlush}, where the
 * backend that gets WALWriteLock flushes all that was inserted). Parameter-free.
 */
public final class GreedyPolicy implements ReleasePolicy {
  @Override
  public String name() {
    return "greedy";
  }

  @Override
  public long releaseAt(long now, Backlog backlog) {
    return now;
  }
}
