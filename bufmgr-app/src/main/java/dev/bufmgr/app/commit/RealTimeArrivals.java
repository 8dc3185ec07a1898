package dev.bufmgr.app.commit;

import dev.bufmgr.core.resource.CapacityException;
import dev.bufmgr.wal.sim.OpenArrivals;
import dev.bufmgr.wal.sim.RateSchedule;
import dev.bufmgr.wal.GroupCommitter;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * An open loop in real time: one generator thread follows a Poisson arrival stream (with rate
 * phases) and starts, at each arrival, a virtual thread that commits through the {@link
 * GroupCommitter} and waits for its acknowledgement. Arrivals do not wait for earlier commits.
 */
public final class RealTimeArrivals {
  /** The highest arrival rate (per second) one generator thread is asked to keep. */
  public static final double MAX_RATE = 1e6;

  private final GroupCommitter committer;
  private final RateSchedule schedule;
  private final int recordBytes;
  private final long seed;
  private final AtomicLong acknowledged = new AtomicLong();
  private final AtomicLong started = new AtomicLong();
  private Thread generator;
  private volatile boolean stop;
  private volatile Throwable failure;

  /**
   * @param committer where the commits go
   * @param schedule the arrival rates
   * @param recordBytes commit record size in bytes (PostgreSQL's record length)
   * @param seed seeds the arrival times
   */
  public RealTimeArrivals(GroupCommitter committer, RateSchedule schedule, int recordBytes, long seed) {
    if (schedule.maxRate() > MAX_RATE) {
      throw new CapacityException(String.format(Locale.ROOT,
          "open:%s: the real clock's generator starts at most %,.0f commits/s (a virtual thread each); "
              + "higher rates need --clock sim", schedule.spec(), MAX_RATE));
    }
    this.committer = committer;
    this.schedule = schedule;
    this.recordBytes = recordBytes;
    this.seed = seed;
  }

  /** Starts generating arrivals. */
  public void start() {
    generator = Thread.ofPlatform().name("commit-arrivals").daemon().start(this::generate);
  }

  private void generate() {
    OpenArrivals arrivals = new OpenArrivals(schedule, seed);
    long t0 = System.nanoTime();
    while (!stop) {
      long due = t0 + arrivals.next();
      long left;
      while (!stop && (left = due - System.nanoTime()) > 0) LockSupport.parkNanos(left);
      if (stop) break;
      long id = started.getAndIncrement();
      Thread.ofVirtual().start(() -> {
        try {
          committer.commit(0, id, recordBytes);
          acknowledged.incrementAndGet();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
          if (!stop) failure = e;
        }
      });
    }
  }

  /** Commits acknowledged so far. */
  public long acknowledged() {
    return acknowledged.get();
  }

  /**
   * Stops generating and waits until every started commit was acknowledged (up to ten seconds).
   */
  public void stopAndDrain() throws InterruptedException {
    stop = true;
    generator.join(10_000);
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (acknowledged.get() < started.get() && failure == null && System.nanoTime() < deadline) Thread.sleep(1);
    if (failure != null) throw new IllegalStateException("a commit failed: " + failure, failure);
  }
}
