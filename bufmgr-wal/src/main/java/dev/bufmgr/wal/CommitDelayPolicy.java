package dev.bufmgr.wal;

import dev.bufmgr.core.params.Durations;

/**
 * PostgreSQL's {@code commit_delay} / {@code commit_siblings} (XLogFlush in xlog.c, since 9.2):
 * the leader, once it holds the right to flush, sleeps {@code commit_delay} before flushing, so
 * commits inserted meanwhile join its flush; it sleeps only when at least {@code
 * commit_siblings} other transactions are open ({@code MinimumActiveBackends}). Only the leader
 * sleeps; followers just wait for the flush. With siblings = 5 it can never act with fewer than
 * six clients.
 */
public final class CommitDelayPolicy implements ReleasePolicy {
  private final long delayNanos;
  private final int siblings;

  /**
   * @param delayNanos the leader's sleep ({@code commit_delay}), >= 0
   * @param siblings the minimum number of other open transactions ({@code commit_siblings}), >= 0
   */
  public CommitDelayPolicy(long delayNanos, int siblings) {
    if (delayNanos < 0) throw new IllegalArgumentException("pgdelay delay must be >= 0");
    if (siblings < 0) throw new IllegalArgumentException("pgdelay siblings must be >= 0");
    this.delayNanos = delayNanos;
    this.siblings = siblings;
  }

  @Override
  public String name() {
    return "pgdelay:delay=" + Durations.format(delayNanos) + ",siblings=" + siblings;
  }

  /** The smallest number of clients with which the delay can ever be taken. */
  public int minimumClients() {
    return siblings + 1;
  }

  @Override
  public long releaseAt(long now, Backlog backlog) {
    if (delayNanos == 0 || backlog.openTransactions() - 1 < siblings) return now;
    return Math.max(now, backlog.roundStart() + delayNanos);
  }
}
