package dev.bufmgr.wal.device;

import dev.bufmgr.core.params.Durations;
import java.util.random.RandomGenerator;

/** A constant fixed cost F0. */
public record FixedLatency(long nanos) implements LatencyModel {

  /** @throws IllegalArgumentException when negative */
  public FixedLatency {
    if (nanos < 0) throw new IllegalArgumentException("f0 must be >= 0");
  }

  @Override
  public long sampleNanos(RandomGenerator rng) {
    return nanos;
  }

  @Override
  public double medianNanos() {
    return nanos;
  }

  @Override
  public double p99Nanos() {
    return nanos;
  }

  @Override
  public double meanNanos() {
    return nanos;
  }

  @Override
  public String spec() {
    return "fixed:f0=" + Durations.format(nanos);
  }
}
