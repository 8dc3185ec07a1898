package dev.bufmgr.core.wal;

import dev.bufmgr.core.device.Device;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Group commit in real time: the same {@link ReleasePolicy} objects as the simulation, driven by
 * real threads and {@link System#nanoTime()}. Committing threads insert their record into the
 * {@link WalLog}, register with the committer and wait; one flusher thread asks the policy when
 * to flush, writes the log to the {@link Device} and wakes the commits it made durable.
 *
 * <p>The flusher plays PostgreSQL's leader: at most one log flush is in flight, and a flush takes
 * every registered commit. With a non-durable policy ({@code ewma}) or asynchronous commit,
 * {@link #commit} returns at once and the flusher drains the log behind it.
 *
 * <p>Threading: {@link #commit} and {@link #awaitDurable} from any number of threads; all
 * policy calls happen under one lock.
 */
public final class GroupCommitter implements AutoCloseable {
  /**
   * Pass as {@code openTransactions} when transactions are only seen at commit (an open loop):
   * the committer then counts the commits that arrived and are not yet acknowledged.
   */
  public static final int COUNT_IN_FLIGHT = -1;

  private final ReleasePolicy policy;
  private final WalLog log;
  private final Device device;
  private final boolean ackOnInsert;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition work = lock.newCondition();
  private final Condition durable = lock.newCondition();
  private final CommitQueue queue = new CommitQueue(64);
  private final Backlog backlog = new Backlog();
  private final CommitMetrics metrics = new CommitMetrics();
  private final Thread flusher;
  private long pendingMaxLsn;
  private long flushStart;
  private long completedSequence;
  private boolean stopping;
  private IOException failure;
  private long windowStart;
  private final long origin = System.nanoTime();
  private final boolean countInFlight;
  private int inFlight;
  private long busyAtWindowStart;

  /**
   * @param policy a fresh policy object
   * @param log the log to flush
   * @param device where log flushes go
   * @param asyncCommit acknowledge at insertion even with a durable policy
   * @param openTransactions transactions that are open at any time (for {@code commit_siblings});
   *     a closed loop of N clients passes N, an open loop {@link #COUNT_IN_FLIGHT}
   */
  public GroupCommitter(ReleasePolicy policy, WalLog log, Device device, boolean asyncCommit, int openTransactions) {
    this.policy = policy;
    this.log = log;
    this.device = device;
    this.ackOnInsert = asyncCommit || !policy.durable();
    this.countInFlight = openTransactions == COUNT_IN_FLIGHT;
    if (!countInFlight && openTransactions < 0) throw new IllegalArgumentException("openTransactions must be >= 0");
    this.backlog.openTransactions(countInFlight ? 0 : openTransactions);
    this.backlog.deviceFreeAt(0);
    this.windowStart = System.nanoTime();
    this.flusher = Thread.ofPlatform().name("wal-flusher").daemon().unstarted(this::flushLoop);
  }

  /** Starts the flusher thread. */
  public GroupCommitter start() {
    flusher.start();
    return this;
  }

  /** Whether an acknowledgement means durable. */
  public boolean durable() {
    return !ackOnInsert;
  }

  /** The policy this committer drives. */
  public ReleasePolicy policy() {
    return policy;
  }

  /**
   * Inserts a commit record for {@code commitId} and returns once it is durable (or at once, for
   * a non-durable policy or asynchronous commit). Records the commit's latency.
   *
   * @return the commit record's LSN
   * @throws UncheckedIOException when the device failed
   */
  public long commit(int client, long commitId, int recordBytes) throws InterruptedException {
    long arrival = now();
    long lsn = log.insertCommit(commitId, recordBytes);
    lock.lock();
    try {
      if (countInFlight) backlog.openTransactions(++inFlight);
      try {
        long seq = register(arrival, client, lsn);
        if (!ackOnInsert) waitFor(seq);
      } finally {
        if (countInFlight) backlog.openTransactions(--inFlight);
      }
      metrics.commit(now() - arrival);
      return lsn;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Returns once the log is durable up to {@code lsn}, asking for a flush if needed (a dirty
   * page's write-ahead rule: PostgreSQL's {@code XLogFlush} from {@code FlushBuffer}). The
   * request counts as a pending arrival for the policy.
   */
  public void awaitDurable(long lsn) throws InterruptedException {
    if (log.flushedLsn() >= lsn) return;
    lock.lock();
    try {
      if (log.flushedLsn() >= lsn) return;
      waitFor(register(now(), -1, lsn));
    } finally {
      lock.unlock();
    }
  }

  private long register(long arrival, int client, long lsn) {
    queue.add(arrival, client);
    backlog.add(arrival);
    pendingMaxLsn = Math.max(pendingMaxLsn, lsn);
    policy.onArrival(arrival, backlog);
    work.signal();
    return queue.nextSequence() - 1;
  }

  private void waitFor(long seq) throws InterruptedException {
    while (completedSequence <= seq) {
      if (failure != null) throw new UncheckedIOException("log flush failed", failure);
      if (stopping) throw new IllegalStateException("group committer closed");
      durable.await();
    }
  }

  /** Forgets what was measured so far and starts the measurement window now. */
  public void beginMeasurement() {
    lock.lock();
    try {
      metrics.reset();
      windowStart = System.nanoTime();
      busyAtWindowStart = device.busyNanos();
    } finally {
      lock.unlock();
    }
  }

  /** Commits acknowledged in the current measurement window. */
  public long measuredCommits() {
    lock.lock();
    try {
      return metrics.commits();
    } finally {
      lock.unlock();
    }
  }

  /** The result of the current measurement window, ending now. */
  public CommitResult result(String loop, long seed, long wallNanos) {
    lock.lock();
    try {
      long elapsed = System.nanoTime() - windowStart;
      double util = elapsed == 0 ? Double.NaN : (double) (device.busyNanos() - busyAtWindowStart) / elapsed;
      return CommitResult.of(policy.name(), loop, device.spec(), "real", seed, metrics, elapsed,
          Math.min(1.0, util), durable(), wallNanos);
    } finally {
      lock.unlock();
    }
  }

  /** Policy time: nanoseconds since this committer was made (small numbers, no overflow in sums). */
  private long now() {
    return System.nanoTime() - origin;
  }

  private void flushLoop() {
    lock.lock();
    try {
      while (!stopping) {
        if (queue.pending() == 0) {
          work.await();
          continue;
        }
        long now = now();
        long at = policy.releaseAt(now, backlog);
        if (at > now) {
          if (at == ReleasePolicy.NEVER) work.await();
          else work.awaitNanos(at - now);
          continue;
        }
        flushBatch(now);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      failure = e;
      durable.signalAll();
    } finally {
      lock.unlock();
    }
  }

  private void flushBatch(long now) throws IOException {
    int n = queue.takeBatch();
    backlog.clear();
    long target = pendingMaxLsn;
    flushStart = now;
    long bytes;
    lock.unlock();
    try {
      bytes = log.flushTo(target, device);
    } finally {
      lock.lock();
    }
    long end = now();
    for (int k = 0; k < n; k++) metrics.waited(flushStart - queue.inFlightArrival(k));
    metrics.flush(n);
    completedSequence = queue.inFlightEnd();
    queue.completeBatch();
    backlog.deviceFreeAt(end);
    policy.onFlushComplete(flushStart, end, n, bytes);
    durable.signalAll();
  }

  /**
   * Stops the flusher (after the flush in flight, if any); waiting commits fail. Waits up to ten
   * seconds for the flusher to end (an interrupt ends the wait and stays set).
   */
  @Override
  public void close() {
    lock.lock();
    try {
      stopping = true;
      work.signalAll();
      durable.signalAll();
    } finally {
      lock.unlock();
    }
    try {
      flusher.join(TimeUnit.SECONDS.toMillis(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
