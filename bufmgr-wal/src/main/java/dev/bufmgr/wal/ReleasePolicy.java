package dev.bufmgr.wal;

/**
 * A group-commit release rule: when the commits waiting for the log should be flushed. The same
 * policy object runs under the discrete-event simulation (virtual time) and under the real-time
 * group committer ({@link System#nanoTime()}), because it only sees timestamps and a {@link
 * Backlog}, never a clock, a thread or a device.
 *
 * <p>Driver contract: whenever something happens (an arrival, a flush completing, a wake-up the
 * policy asked for) while no log flush is in flight and the backlog is not empty, the driver asks
 * {@link #releaseAt}. An answer at or before {@code now} means "flush every pending commit now"; a
 * later finite answer means "ask me again at that time" (a later question may change the answer);
 * {@link #NEVER} means "wait for the next arrival". A flush always takes the whole backlog.
 *
 * <p>Threading: a policy is not thread-safe; a driver calls it from one thread at a time (the
 * real-time driver under its lock). Each run gets a fresh instance from {@link PolicyFactory}.
 */
public interface ReleasePolicy {

  /** Answer of {@link #releaseAt} meaning: no flush until another arrival. */
  long NEVER = Long.MAX_VALUE;

  /** The policy's canonical spec, e.g. {@code timer:t=1ms}. */
  String name();

  /**
   * Whether an acknowledgement means the commit is on stable storage. The write-behind buffer
   * acknowledges in memory and answers false; its drivers acknowledge at insertion.
   */
  default boolean durable() {
    return true;
  }

  /** A commit arrived at {@code now}; the backlog already counts it. */
  default void onArrival(long now, Backlog backlog) {}

  /**
   * A flush of {@code commits} commits and {@code bytes} bytes, started at {@code start}, became
   * durable at {@code end}.
   */
  default void onFlushComplete(long start, long end, int commits, long bytes) {}

  /**
   * When to flush the backlog, asked while no flush is in flight and the backlog is not empty.
   *
   * @return a time at or before {@code now} to flush now, a later time to be asked again then,
   *     or {@link #NEVER}
   */
  long releaseAt(long now, Backlog backlog);
}
