package dev.bufmgr.wal.sim;

import dev.bufmgr.core.params.Durations;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Spec;
import java.util.List;

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

  private static final List<ParameterSpec> PARAMETERS = List.of(
      ParameterSpec.duration("every", null, "time between checkpoints").asRequired(),
      ParameterSpec.integer("pages", 0, 1, 1_000_000, "pages written per checkpoint").asRequired(),
      ParameterSpec.integer("bytes", 8192, 1, 1 << 30, "bytes per page"));

  /** Parses {@code checkpoint:every=100ms,pages=64,bytes=8192}. */
  public static BackgroundWrites parse(String text) {
    Spec s = Spec.parse("--background", text);
    if (!s.name().equals("checkpoint")) {
      throw Spec.fault("--background", text, "unknown kind '" + s.name() + "' (known: checkpoint)");
    }
    Parameters p = Parameters.resolve("--background", s, PARAMETERS);
    long every = p.nanos("every");
    int pages = p.intValue("pages");
    int bytes = p.intValue("bytes");
    if (every <= 0) throw new IllegalArgumentException("--background '" + text + "': every must be > 0");
    return new BackgroundWrites(every, pages, bytes);
  }

  /** The spec that recreates it. */
  public String spec() {
    return "checkpoint:every=" + Durations.format(everyNanos) + ",pages=" + pages + ",bytes=" + bytes;
  }
}
