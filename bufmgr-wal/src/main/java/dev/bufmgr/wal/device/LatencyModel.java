package dev.bufmgr.wal.device;

import java.util.random.RandomGenerator;

/**
 * The fixed part F0 of a device write's service time (a flush's write+fdatasync, a page write),
 * as a distribution to sample from.
 */
public interface LatencyModel {

  /** Draws one fixed cost in nanoseconds (>= 0). */
  long sampleNanos(RandomGenerator rng);

  /** The distribution's median in nanoseconds (F0 for the lambda* = 2/F0 threshold). */
  double medianNanos();

  /** The distribution's 99th percentile in nanoseconds. */
  double p99Nanos();

  /** The distribution's mean in nanoseconds. */
  double meanNanos();

  /** The spec that recreates it, e.g. {@code fixed:f0=0.9ms}. */
  String spec();
}
