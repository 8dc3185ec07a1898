package dev.bufmgr.wal.device;

import dev.bufmgr.core.params.Durations;
import java.util.random.RandomGenerator;

/**
 * A storage device's service times on its one FIFO queue, shared by WAL flushes and data-page
 * writes:
 *
 * <ul>
 *   <li>a log flush (a write made durable at once, write+fdatasync) costs a fixed F0 drawn from a
 *       {@link LatencyModel} plus bytes times a per-byte time;
 *   <li>a data-page write costs {@code write} plus bytes times the per-byte time when {@code
 *       write} is given: the device time of an unforced write that the operating system drains
 *       later, as PostgreSQL's writes of data pages are (they are forced only at a checkpoint);
 *       without it, a page write costs what a flush does (every page forced);
 *   <li>forcing the data file (a checkpoint's fsync) costs one F0.
 * </ul>
 *
 * @param latency the fixed cost F0
 * @param perByteNanos the time per byte written, >= 0
 * @param pageWriteNanos the fixed cost of an unforced data-page write, or -1 for "as a flush"
 */
public record DeviceModel(LatencyModel latency, double perByteNanos, long pageWriteNanos) {

  /** @throws IllegalArgumentException when the per-byte time is negative or not finite */
  public DeviceModel {
    if (!(perByteNanos >= 0) || !Double.isFinite(perByteNanos)) {
      throw new IllegalArgumentException("perbyte must be a non-negative duration");
    }
    if (pageWriteNanos < -1) throw new IllegalArgumentException("write must be a non-negative duration");
  }

  /** A device whose page writes cost what a flush does. */
  public DeviceModel(LatencyModel latency, double perByteNanos) {
    this(latency, perByteNanos, -1);
  }

  /** The service time of one log flush of {@code bytes} bytes, in nanoseconds. */
  public long serviceNanos(long bytes, RandomGenerator rng) {
    return latency.sampleNanos(rng) + Math.round(bytes * perByteNanos);
  }

  /** The service time of one data-page write of {@code bytes} bytes, in nanoseconds. */
  public long pageWriteNanos(long bytes, RandomGenerator rng) {
    if (pageWriteNanos < 0) return serviceNanos(bytes, rng);
    return pageWriteNanos + Math.round(bytes * perByteNanos);
  }

  /**
   * The service time of one page read of {@code bytes} bytes: {@code fixedNanos} plus the bytes,
   * or, when {@code fixedNanos} is -1, what a flush of them costs.
   */
  public long readNanos(long bytes, long fixedNanos, RandomGenerator rng) {
    if (fixedNanos < 0) return serviceNanos(bytes, rng);
    return fixedNanos + Math.round(bytes * perByteNanos);
  }

  /** The service time of forcing the data file, in nanoseconds. */
  public long dataSyncNanos(RandomGenerator rng) {
    return latency.sampleNanos(rng);
  }

  /** The spec that recreates it, e.g. {@code fixed:f0=0.9ms,perbyte=0.5ns,write=50us}. */
  public String spec() {
    String s = latency.spec();
    if (perByteNanos != 0) s += ",perbyte=" + Durations.format(perByteNanos);
    if (pageWriteNanos >= 0) s += ",write=" + Durations.format(pageWriteNanos);
    return s;
  }
}
