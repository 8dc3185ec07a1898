package dev.bufmgr.wal.device;

import java.util.SplittableRandom;

/**
 * A device in virtual time: one FIFO queue served one write at a time, shared by WAL flushes and
 * data-page writes. The caller submits writes in non-decreasing time order (the simulation's
 * event order), so a write starts when the previous one finishes or when it is submitted,
 * whichever is later. Busy time is kept per {@link IoKind}.
 */
public final class SimDevice {
  private final DeviceModel model;
  private final SplittableRandom rng;
  private final long[] busyByKind = new long[IoKind.values().length];
  private long freeAt;
  private long busyNanos;
  private long writes;
  private long lastStart;

  /** @param seed seeds the service-time draws, so a run is reproducible */
  public SimDevice(DeviceModel model, long seed) {
    this.model = model;
    this.rng = new SplittableRandom(seed);
  }

  /**
   * Queues one log flush (or any forced write) of {@code bytes} bytes submitted at {@code now}.
   *
   * @return the virtual time at which it completes
   */
  public long submit(long now, long bytes) {
    return serve(now, model.serviceNanos(bytes, rng), IoKind.LOG);
  }

  /** Queues one write of the given kind submitted at {@code now}; returns when it completes. */
  public long submit(long now, long bytes, IoKind kind) {
    long service = switch (kind) {
      case LOG -> model.serviceNanos(bytes, rng);
      case PAGE -> model.pageWriteNanos(bytes, rng);
      case DATA_SYNC -> model.dataSyncNanos(rng);
      case READ -> model.readNanos(bytes, -1, rng);
    };
    return serve(now, service, kind);
  }

  /**
   * Queues one read of {@code bytes} bytes submitted at {@code now} whose fixed cost is {@code
   * fixedNanos} (-1: a flush's); returns when it completes.
   */
  public long submit(long now, long bytes, IoKind kind, long fixedNanos) {
    if (kind != IoKind.READ) throw new IllegalArgumentException("a fixed cost is given for reads only, not " + kind);
    return serve(now, model.readNanos(bytes, fixedNanos, rng), kind);
  }

  private long serve(long now, long service, IoKind kind) {
    long start = Math.max(now, freeAt);
    lastStart = start;
    freeAt = start + service;
    busyNanos += service;
    busyByKind[kind.ordinal()] += service;
    writes++;
    return freeAt;
  }

  /** When the last write submitted starts being served. */
  public long lastStart() {
    return lastStart;
  }

  /** When the queue drains, given what was submitted so far. */
  public long freeAt() {
    return freeAt;
  }

  /** Total service time of every write submitted so far. */
  public long busyNanos() {
    return busyNanos;
  }

  /** Total service time of the writes of one kind submitted so far. */
  public long busyNanos(IoKind kind) {
    return busyByKind[kind.ordinal()];
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
