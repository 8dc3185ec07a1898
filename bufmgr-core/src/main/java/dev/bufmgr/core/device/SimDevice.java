package dev.bufmgr.core.device;

import java.util.SplittableRandom;

/**
 * A device in virtual time: one FIFO queue served one write at a time, shared by WAL flushes and
 * data-page writes. The caller submits writes in non-decreasing time order (the simulation's
 * event order), so a write starts when the previous one finishes or when it is submitted,
 * whichever is later.
 */
public final class SimDevice {
  private final DeviceModel model;
  private final SplittableRandom rng;
  private long freeAt;
  private long busyNanos;
  private long writes;

  /** @param seed seeds the service-time draws, so a run is reproducible */
  public SimDevice(DeviceModel model, long seed) {
    this.model = model;
    this.rng = new SplittableRandom(seed);
  }

  /**
   * Queues one write of {@code bytes} bytes submitted at {@code now}.
   *
   * @return the virtual time at which it completes
   */
  public long submit(long now, long bytes) {
    long service = model.serviceNanos(bytes, rng);
    long start = Math.max(now, freeAt);
    freeAt = start + service;
    busyNanos += service;
    writes++;
    return freeAt;
  }

  /** When the queue drains, given what was submitted so far. */
  public long freeAt() {
    return freeAt;
  }

  /** Total service time of every write submitted so far. */
  public long busyNanos() {
    return busyNanos;
  }

  /** Number of writes submitted so far. */
  public long writes() {
    return writes;
  }

  /** The device's service-time model. */
  public DeviceModel model() {
    return model;
  }
}
