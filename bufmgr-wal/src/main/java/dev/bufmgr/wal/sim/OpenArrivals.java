package dev.bufmgr.wal.sim;

import java.util.SplittableRandom;

/**
 * A Poisson arrival stream whose rate follows a {@link RateSchedule}: exponential gaps at the
 * current phase's rate, restarted at a phase boundary (memorylessness makes that exact). The
 * same seed gives the same arrival times, whichever policy consumes them.
 */
public final class OpenArrivals {
  private final RateSchedule schedule;
  private final SplittableRandom rng;
  private long now;

  /** A stream following {@code schedule}, its gaps drawn from a generator seeded with {@code seed}. */
  public OpenArrivals(RateSchedule schedule, long seed) {
    this.schedule = schedule;
    this.rng = new SplittableRandom(seed);
  }

  /** The next arrival time in nanoseconds (strictly increasing is not guaranteed: gaps may round to 0). */
  public long next() {
    while (true) {
      double rate = schedule.rate(schedule.phaseAt(now));
      double gap = -Math.log(1.0 - rng.nextDouble()) * 1e9 / rate;
      long end = schedule.phaseEnd(now);
      if (end == Long.MAX_VALUE || now + gap < end) {
        now += (long) gap;
        return now;
      }
      now = end;
    }
  }

  /** The first {@code count} arrival times of a fresh stream with this schedule and seed. */
  public static long[] first(RateSchedule schedule, long seed, int count) {
    OpenArrivals a = new OpenArrivals(schedule, seed);
    long[] out = new long[count];
    for (int i = 0; i < count; i++) out[i] = a.next();
    return out;
  }
}
