package dev.bufmgr.core.device;

import dev.bufmgr.core.spec.Durations;
import java.util.random.RandomGenerator;

/**
 * A storage device's service time: a fixed cost F0 drawn from a {@link LatencyModel} plus bytes
 * times a per-byte time. WAL flushes and data-page writes share its one FIFO queue.
 *
 * @param latency the fixed cost F0
 * @param perByteNanos the time per byte written, >= 0
 */
public record DeviceModel(LatencyModel latency, double perByteNanos) {

  /** @throws IllegalArgumentException when the per-byte time is negative or not finite */
  public DeviceModel {
    if (!(perByteNanos >= 0) || !Double.isFinite(perByteNanos)) {
      throw new IllegalArgumentException("perbyte must be a non-negative duration");
    }
  }

  /** The service time of one write of {@code bytes} bytes, in nanoseconds. */
  public long serviceNanos(long bytes, RandomGenerator rng) {
    return latency.sampleNanos(rng) + Math.round(bytes * perByteNanos);
  }

  /** The spec that recreates it, e.g. {@code fixed:f0=0.9ms,perbyte=0.5ns}. */
  public String spec() {
    String base = latency.spec();
    if (perByteNanos == 0) return base;
    return base + ",perbyte=" + Durations.format(perByteNanos);
  }
}
