package dev.bufmgr.wal;

import dev.bufmgr.core.params.Durations;

/**
 * Fixed timer T: the first commit of a batch arms the timer; the batch is flushed at
 * max(first pending + T, device free). T = 0 is greedy.
 */
public final class TimerPolicy implements ReleasePolicy {
  private final long timerNanos;

  /** @param timerNanos the wait T after the first pending commit, in nanoseconds (>= 0) */
  public TimerPolicy(long timerNanos) {
    if (timerNanos < 0) throw new IllegalArgumentException("timer t must be >= 0");
    this.timerNanos = timerNanos;
  }

  @Override
  public String name() {
    return "timer:t=" + Durations.format(timerNanos);
  }

  @Override
  public long releaseAt(long now, Backlog backlog) {
    return Math.max(now, backlog.oldestArrival() + timerNanos);
  }
}
