package dev.bufmgr.pipeline;

import java.util.concurrent.atomic.LongAdder;

/**
 * Time spent in client backends' data-page writes, as {@code pg_stat_io} reports it with {@code
 * track_io_timing} ({@code write_time} of {@code client backend}, {@code relation}, {@code
 * normal}): from the write's start to its return, the log flush it needed before not included
 * (PostgreSQL times {@code smgrwrite} only, after {@code XLogFlush}). With the page cache that is
 * the copy; without, the device's queue and service.
 *
 * <p>Threading: any number of writing threads.
 */
public final class WriteTimes {
  private final LongAdder nanos = new LongAdder();

  /** A backend's write took {@code nanos}. */
  public void backendWrite(long nanos) {
    this.nanos.add(Math.max(0, nanos));
  }

  /** Backends' write time so far. */
  public long backendNanos() {
    return nanos.sum();
  }
}
