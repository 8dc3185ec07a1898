package dev.bufmgr.wal;

/**
 * The commits waiting for a log flush that has not started yet, as a release policy sees them.
 * A driver (the simulation or the real-time group committer) owns one and keeps it current;
 * policies only read it. Times are nanoseconds on the driver's clock (virtual or {@link
 * System#nanoTime()}).
 */
public final class Backlog {
  private int pending;
  private long oldestArrival;
  private long arrivalSum;
  private long deviceFreeSince;
  private int openTransactions;

  /** Number of commits inserted and not yet included in a flush. */
  public int pending() {
    return pending;
  }

  /** Arrival time of the oldest pending commit; meaningless when nothing is pending. */
  public long oldestArrival() {
    return oldestArrival;
  }

  /** Sum of the pending commits' arrival times (so their accumulated wait at t is {@code pending*t - arrivalSum}). */
  public long arrivalSum() {
    return arrivalSum;
  }

  /**
   * When the current round began: the later of the moment the log's device became free and the
   * oldest pending arrival. A leader that takes over at this moment is the one that would sleep
   * in PostgreSQL's {@code commit_delay}.
   */
  public long roundStart() {
    return Math.max(deviceFreeSince, oldestArrival);
  }

  /**
   * Transactions begun and not yet acknowledged, the leader's own included (PostgreSQL counts
   * the other ones in {@code MinimumActiveBackends}).
   */
  public int openTransactions() {
    return openTransactions;
  }

  /** Driver side: a commit arrived at {@code time}. */
  public void add(long time) {
    if (pending == 0) oldestArrival = time;
    pending++;
    arrivalSum += time;
  }

  /** Driver side: every pending commit was taken into a flush. */
  public void clear() {
    pending = 0;
    arrivalSum = 0;
  }

  /** Driver side: the log's last flush finished (or the device was found idle) at {@code time}. */
  public void deviceFreeAt(long time) {
    deviceFreeSince = time;
  }

  /** Driver side: the current number of open transactions. */
  public void openTransactions(int count) {
    openTransactions = count;
  }
}
