package dev.bufmgr.wal.sim;

import dev.bufmgr.core.spec.Durations;
import dev.bufmgr.core.spec.Spec;

/**
 * Data-page writes that share the device with the log: every {@code every} nanoseconds a burst
 * of {@code pages} writes of {@code bytes} bytes each is queued (a checkpoint or a bgwriter
 * round), so commits that flush meanwhile wait behind it. Parsed from {@code
 * checkpoint:every=DURATION,pages=N[,bytes=N]}.
 *
 * @param everyNanos the period between bursts, > 0
 * @param pages writes per burst, >= 1
 * @param bytes bytes per write, >= 1
 */
public record BackgroundWrites(long everyNanos, int pages, int bytes) {

  /** @throws IllegalArgumentException on a non-positive parameter */
  public BackgroundWrites {
    if (everyNanos <= 0 || pages < 1 || bytes < 1) {
      throw new IllegalArgumentException("background writes need every > 0, pages >= 1, bytes >= 1");
    }
  }

  /** Parses {@code checkpoint:every=100ms,pages=64,bytes=8192}. */
  public static BackgroundWrites parse(String text) {
    Spec s = Spec.parse("--background", text);
    if (!s.name().equals("checkpoint")) {
      throw new IllegalArgumentException(
          "--background '" + text + "': unknown kind '" + s.name() + "' (known: checkpoint)");
    }
    long every = s.nanos("every", -1);
    int pages = (int) s.integer("pages", null, 1, 1_000_000);
    int bytes = (int) s.integer("bytes", 8192L, 1, 1 << 30);
    s.requireOnly();
    if (every <= 0) throw new IllegalArgumentException("--background '" + text + "': every must be > 0");
    return new BackgroundWrites(every, pages, bytes);
  }

  /** The spec that recreates it. */
  public String spec() {
    return "checkpoint:every=" + Durations.format(everyNanos) + ",pages=" + pages + ",bytes=" + bytes;
  }
}
