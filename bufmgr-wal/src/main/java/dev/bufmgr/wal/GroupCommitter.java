package dev.bufmgr.wal;

import dev.bufmgr.wal.device.Device;
import dev.bufmgr.core.resource.ThreadFailure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Group commit in real time: the same {@link ReleasePolicy} objects as the simulation, driven by
 * real threads and {@link System#nanoTime()}. Committing threads insert their record into the
 * {@link WalLog}, register with the committer and wait until a flush made it durable. Who flushes
 * is the {@link FlushMode}, chosen at construction:
 *
 * <ul>
 *   <li>{@link FlushMode#FLUSHER}: one flusher thread asks the policy when to flush, writes the
 *       log to the {@link Device} and wakes the commits it made durable.
 *   <li>{@link FlushMode#LEADER}: PostgreSQL 9.2's group commit, no flusher thread. As in {@code
 *       XLogFlush}, a committing thread whose commit is not yet durable tries {@code
 *       LWLockAcquireOrWait(WALWriteLock)}: if no flush is in progress and no other thread leads,
 *       it becomes the leader and flushes the log itself, up to what has been inserted; otherwise
 *       it waits for the flushed position to move and looks again, and most waiters then find
 *       their commit durable and leave without flushing. A waiter whose commit came after the
 *       leader took its batch becomes the next leader. The leader asks the same policy as the
 *       flusher when to flush, and waits for that while holding the leadership (waking on
 *       arrivals): {@code greedy} never waits; {@code pgdelay} is {@code CommitDelay}, the sleep a
 *       9.2 leader takes before its flush when {@code commit_siblings} others are open; timers
 *       wait their time.
 * </ul>
 *
 * <p>In both modes at most one log flush is in flight ({@link WalLog#flushTo} runs in one thread
 * at a time, with this committer's lock released), a flush takes every registered commit, a
 * flush's batch found durable already (an earlier flush wrote past it, {@code XLogFlush}'s recheck
 * once it holds the lock) completes without a device write, and the accounting ({@link
 * CommitLedger}) is the same, so commits per flush, waits, latencies and {@link #result} mean the
 * same. With a non-durable policy ({@code ewma}) or asynchronous commit, {@link #commit} returns
 * at once and only the flusher mode exists (someone must drain the log behind the commits, as
 * PostgreSQL's WAL writer does).
 *
 * <p>Failure: once flushing throws anything (the device's I/O error, or any exception or error
 * from the log or the policy, in the flusher thread or a leader), every waiting and later commit
 * fails with the cause: {@link UncheckedIOException} for an I/O error, a {@link ThreadFailure}
 * naming the thread otherwise. No committer waits for a flusher that has ended. After {@link
 * #close}, every waiting and later commit not yet durable fails with {@link IllegalStateException}.
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

  private static final long CLOSE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);

  private final ReleasePolicy policy;
  private final WalLog log;
  private final Device device;
  private final FlushMode mode;
  private final boolean ackOnInsert;
  private final ReentrantLock lock = new ReentrantLock();
  /** The flusher or the leader waits here for arrivals (and for its policy's time). */
  private final Condition work = lock.newCondition();
  /** Commits wait here for a flush to finish (and a would-be leader for the leader to step down). */
  private final Condition durable = lock.newCondition();
  private final CommitLedger ledger;
  private final Thread flusher;
  /** Leader mode: a committing thread holds the right to flush ({@code WALWriteLock}). */
  private boolean leading;
  /** A log flush is running with the lock released. */
  private boolean flushing;
  private boolean stopping;
  /**
   * What every commit throws once flushing has failed: the device's error, or anything the log or
   * the policy threw, with the thread it came from. One volatile reference, so that a commit that
   * looks before taking the lock sees the whole failure or none.
   */
  private volatile RuntimeException failure;
  private long windowStart;
  private final long origin = System.nanoTime();
  private final boolean countInFlight;
  private int inFlight;
  private long busyAtWindowStart;

  /**
   * A committer with a dedicated flusher thread ({@link FlushMode#FLUSHER}).
   *
   * @see #GroupCommitter(ReleasePolicy, WalLog, Device, boolean, int, FlushMode)
   */
  public GroupCommitter(ReleasePolicy policy, WalLog log, Device device, boolean asyncCommit, int openTransactions) {
    this(policy, log, device, asyncCommit, openTransactions, FlushMode.FLUSHER);
  }

  /**
   * @param policy a fresh policy object
   * @param log the log to flush
   * @param device where log flushes go
   * @param asyncCommit acknowledge at insertion even with a durable policy
   * @param openTransactions transactions that are open at any time (for {@code commit_siblings});
   *     a closed loop of N clients passes N, an open loop {@link #COUNT_IN_FLIGHT}
   * @param mode who flushes: a flusher thread or a leader among the committing threads
   * @throws IllegalArgumentException for {@link FlushMode#LEADER} when acknowledgements do not wait
   *     for the log (asynchronous commit or a non-durable policy): no committing thread would ever
   *     lead
   */
  public GroupCommitter(
      ReleasePolicy policy, WalLog log, Device device, boolean asyncCommit, int openTransactions, FlushMode mode) {
    this.policy = policy;
    this.log = log;
    this.device = device;
    this.mode = mode;
    this.ackOnInsert = asyncCommit || !policy.durable();
    if (mode == FlushMode.LEADER && ackOnInsert) {
      throw new IllegalArgumentException("flush mode leader needs commits that wait for the log; "
          + (asyncCommit ? "asynchronous commit" : "policy " + policy.name() + " (not durable)")
          + " acknowledges at insertion, so no commit would lead a flush: use flush mode flusher");
    }
    this.countInFlight = openTransactions == COUNT_IN_FLIGHT;
    if (!countInFlight && openTransactions < 0) throw new IllegalArgumentException("openTransactions must be >= 0");
    this.ledger = new CommitLedger(policy, countInFlight ? 0 : openTransactions);
    this.windowStart = System.nanoTime();
    this.flusher = mode == FlushMode.FLUSHER
        ? Thread.ofPlatform().name("wal-flusher").daemon().unstarted(this::flushLoop)
        : null;
  }

  /** Starts the flusher thread (in leader mode there is none, and this does nothing). */
  public GroupCommitter start() {
    if (flusher != null) flusher.start();
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

  /** Who flushes the log. */
  public FlushMode flushMode() {
    return mode;
  }

  /**
   * Inserts a commit record for {@code commitId} and returns once it is durable (or at once, for
   * a non-durable policy or asynchronous commit). Records the commit's latency. In leader mode the
   * calling thread may flush the log itself before it returns.
   *
   * @return the commit record's LSN
   * @throws UncheckedIOException when the device failed
   * @throws ThreadFailure when flushing failed otherwise
   * @throws IllegalStateException when the committer was closed before the commit was durable
   */
  public long commit(int client, long commitId, int recordBytes) throws InterruptedException {
    failIfFailed();
    long arrival = now();
    long lsn = log.insertCommit(commitId, recordBytes);
    lock.lock();
    try {
      if (countInFlight) ledger.openTransactions(++inFlight);
      try {
        long seq = register(arrival, client, lsn);
        if (!ackOnInsert) waitFor(seq);
      } finally {
        if (countInFlight) ledger.openTransactions(--inFlight);
      }
      ledger.acknowledged(now() - arrival);
      return lsn;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Returns once the log is durable up to {@code lsn}, asking for a flush if needed (a dirty
   * page's write-ahead rule: PostgreSQL's {@code XLogFlush} from {@code FlushBuffer}). The
   * request counts as a pending arrival for the policy; in leader mode the calling thread may
   * lead the flush, as a backend writing a buffer out does in {@code XLogFlush}.
   *
   * @throws UncheckedIOException when the device failed
   * @throws ThreadFailure when flushing failed otherwise
   * @throws IllegalStateException when the committer was closed before the log was durable
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
    long seq = ledger.register(arrival, client, lsn);
    work.signal();
    return seq;
  }

  /**
   * Waits until the commit {@code seq} is durable. In leader mode this is {@code XLogFlush}'s
   * loop: durable, leave; else lead if nobody does ({@code LWLockAcquireOrWait} got the lock);
   * else wait for the leader's flush and look again.
   */
  private void waitFor(long seq) throws InterruptedException {
    while (!ledger.durable(seq)) {
      failIfFailed();
      if (stopping) throw new IllegalStateException("group committer closed");
      if (mode == FlushMode.LEADER && !leading) lead();
      else durable.await();
    }
  }

  /**
   * Leads one flush in leader mode: holds the leadership while the policy says wait (waking on
   * arrivals and at the time it named), then flushes every pending commit, its own among them.
   * Returns after that flush, or early when the committer failed or closed; always steps down and
   * wakes the waiters, one of which may lead next.
   */
  private void lead() throws InterruptedException {
    leading = true;
    try {
      while (failure == null && !stopping) {
        long now = now();
        long at = ledger.releaseAt(now);
        if (at <= now) {
          flushBatch(now);
          return;
        }
        if (at == ReleasePolicy.NEVER) work.await();
        else work.awaitNanos(at - now);
      }
    } catch (IOException | RuntimeException | Error e) {
      failed(e, "of a committer leading a log flush (" + Thread.currentThread().getName() + ")");
    } finally {
      leading = false;
      durable.signalAll();
    }
  }

  /**
   * Throws, with its cause, when flushing has failed: every commit waiting then and every later
   * one fails, so no committer waits for a flush that will never come. A device error is an
   * {@link UncheckedIOException}; anything else the log or the policy threw, a {@link
   * ThreadFailure} naming the thread that flushed.
   */
  private void failIfFailed() {
    RuntimeException f = failure;
    if (f != null) throw f;
  }

  /** Records that flushing failed with {@code cause} in thread {@code thread}. Called under the lock. */
  private void failed(Throwable cause, String thread) {
    failure = cause instanceof IOException io ? new UncheckedIOException("log flush failed", io) : new ThreadFailure(thread, cause);
  }

  /** Forgets what was measured so far and starts the measurement window now. */
  public void beginMeasurement() {
    lock.lock();
    try {
      ledger.metrics().reset();
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
      return ledger.metrics().commits();
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
      return CommitResult.of(policy.name(), loop, device.spec(), "real", mode.spec(), seed, ledger.metrics(),
          elapsed, Math.min(1.0, util), durable(), wallNanos);
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
        if (ledger.pending() == 0) {
          work.await();
          continue;
        }
        long now = now();
        long at = ledger.releaseAt(now);
        if (at > now) {
          if (at == ReleasePolicy.NEVER) work.await();
          else work.awaitNanos(at - now);
          continue;
        }
        flushBatch(now);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException | RuntimeException | Error e) {
      failed(e, Thread.currentThread().getName());
      durable.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Takes every pending commit and makes it durable: the log is flushed with the lock released
   * (the flusher's or the leader's thread; never two at once), unless an earlier flush already
   * wrote past the batch. Called under the lock with commits pending and no flush in flight.
   */
  private void flushBatch(long now) throws IOException {
    long target = ledger.takeBatch(now);
    if (log.flushedLsn() >= target) {
      ledger.alreadyDurable();
      durable.signalAll();
      return;
    }
    long bytes;
    flushing = true;
    lock.unlock();
    try {
      bytes = log.flushTo(target, device);
    } finally {
      lock.lock();
      flushing = false;
    }
    ledger.flushed(now(), bytes);
    durable.signalAll();
  }

  /**
   * Stops flushing: waiting commits not yet durable fail, and so do later ones. A flush in flight
   * finishes first (its commits that have not given up yet succeed); this waits up to ten seconds
   * for it and, in flusher mode, for the flusher to end (an interrupt ends the wait and stays set).
   */
  @Override
  public void close() {
    lock.lock();
    try {
      stopping = true;
      work.signalAll();
      durable.signalAll();
      long left = CLOSE_WAIT_NANOS;
      while (flusher == null && flushing && left > 0) left = durable.awaitNanos(left);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      lock.unlock();
    }
    if (flusher == null) return;
    try {
      flusher.join(TimeUnit.SECONDS.toMillis(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
