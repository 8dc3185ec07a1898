package dev.bufmgr.wal.device;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * A modelled device in real time: each write reserves the next slot of the FIFO queue (it starts
 * when the previous write ends, or now) with a service time drawn from the {@link DeviceModel}
 * for its kind, and its caller sleeps until the slot's end. No bytes are stored.
 */
public final class EmulatedDevice implements Device {
  private final DeviceModel model;
  private final SplittableRandom rng;
  private final long[] busyByKind = new long[IoKind.values().length];
  private long freeAt = Long.MIN_VALUE;
  private long busyNanos;

  /** @param seed seeds the service-time draws */
  public EmulatedDevice(DeviceModel model, long seed) {
    this.model = model;
    this.rng = new SplittableRandom(seed);
  }

  @Override
  public void writeLog(long position, ByteBuffer data) {
    serve(data.remaining(), IoKind.LOG);
  }

  @Override
  public void writePage(long page, ByteBuffer data) {
    serve(data.remaining(), IoKind.PAGE);
  }

  @Override
  public void syncData() {
    serve(0, IoKind.DATA_SYNC);
  }

  /** Serves one log write of {@code bytes} bytes and returns once it is complete. */
  public void serve(long bytes) {
    serve(bytes, IoKind.LOG);
  }

  private void serve(long bytes, IoKind kind) {
    sleepUntil(reserve(bytes, kind, -1));
  }

  /**
   * Reserves the next slot of the queue for one I/O of {@code kind} and returns when it ends on
   * {@link System#nanoTime()}'s clock; the caller waits for it. {@code readFixedNanos} is a
   * read's fixed cost (-1: a flush's).
   */
  synchronized long reserve(long bytes, IoKind kind, long readFixedNanos) {
    long now = System.nanoTime();
    long service = switch (kind) {
      case LOG -> model.serviceNanos(bytes, rng);
      case PAGE -> model.pageWriteNanos(bytes, rng);
      case DATA_SYNC -> model.dataSyncNanos(rng);
      case READ -> model.readNanos(bytes, readFixedNanos, rng);
    };
    long start = freeAt == Long.MIN_VALUE ? now : Math.max(now, freeAt);
    freeAt = start + service;
    busyNanos += service;
    busyByKind[kind.ordinal()] += service;
    return freeAt;
  }

  /** Sleeps until {@link System#nanoTime()} reaches {@code deadline}. */
  static void sleepUntil(long deadline) {
    long left;
    while ((left = deadline - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
    }
  }

  @Override
  public synchronized long busyNanos() {
    return busyNanos;
  }

  @Override
  public synchronized long busyNanos(IoKind kind) {
    return busyByKind[kind.ordinal()];
  }

  @Override
  public String spec() {
    return model.spec();
  }
}
