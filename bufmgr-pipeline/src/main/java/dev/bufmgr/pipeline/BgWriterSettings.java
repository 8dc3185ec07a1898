package dev.bufmgr.pipeline;

import dev.bufmgr.core.params.Durations;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Spec;
import java.util.List;

/**
 * The background writer's settings, PostgreSQL's GUCs: {@code bgwriter_delay} (a round every
 * delay, default 200 ms), {@code bgwriter_lru_maxpages} (writes per round at most, default 100)
 * and {@code bgwriter_lru_multiplier} (how many of the coming allocations to clean for, default
 * 2.0). Parsed from {@code delay=D,maxPages=N,multiplier=M} or {@code off}.
 *
 * @param delayNanos the interval between rounds, 10 ms .. 10 s (PostgreSQL's range)
 * @param maxPages writes per round at most, 1..1073741823 (0 switches the writer off in
 *     PostgreSQL; here {@code off} does)
 * @param multiplier the allocation estimate's multiplier, 0..10
 */
public record BgWriterSettings(long delayNanos, int maxPages, double multiplier) {
  /** PostgreSQL's defaults. */
  public static final BgWriterSettings DEFAULTS = new BgWriterSettings(200_000_000L, 100, 2.0);

  /** @throws IllegalArgumentException naming the setting out of range */
  public BgWriterSettings {
    if (delayNanos < 10_000_000L || delayNanos > 10_000_000_000L) {
      throw new IllegalArgumentException("--bgwriter delay must lie in 10ms..10s (bgwriter_delay), got " + Durations.format(delayNanos));
    }
    if (maxPages < 1) {
      throw new IllegalArgumentException("--bgwriter maxPages must be at least 1 with the writer on (use --bgwriter off), got " + maxPages);
    }
    if (!(multiplier >= 0 && multiplier <= 10)) {
      throw new IllegalArgumentException("--bgwriter multiplier must lie in 0..10 (bgwriter_lru_multiplier), got " + multiplier);
    }
  }

  /** The settings' parameters; the record checks their ranges, naming the GUC. */
  private static final List<ParameterSpec> PARAMETERS = List.of(
      ParameterSpec.duration("delay", Durations.format(DEFAULTS.delayNanos), "bgwriter_delay"),
      ParameterSpec.integer("maxPages", DEFAULTS.maxPages, Long.MIN_VALUE, Long.MAX_VALUE, "bgwriter_lru_maxpages"),
      ParameterSpec.decimal("multiplier", DEFAULTS.multiplier, -Double.MAX_VALUE, Double.MAX_VALUE,
          "bgwriter_lru_multiplier"));

  /**
   * Parses {@code delay=200ms,maxPages=100,multiplier=2.0} (any subset; the rest default) or
   * {@code off}.
   *
   * @return the settings, or {@code null} for {@code off}
   */
  public static BgWriterSettings parse(String text) {
    String t = text.trim();
    if (t.equals("off")) return null;
    if (t.equals("on")) return DEFAULTS;
    Parameters s = Parameters.resolve("--bgwriter", Spec.settings("--bgwriter", "bgwriter", t),
        PARAMETERS);
    long delay = s.nanos("delay");
    long maxPages = s.longValue("maxPages");
    if (maxPages > Integer.MAX_VALUE / 2 || maxPages < Integer.MIN_VALUE) {
      throw new IllegalArgumentException("--bgwriter maxPages must lie in 1..1073741823, got " + maxPages);
    }
    double multiplier = s.doubleValue("multiplier");
    return new BgWriterSettings(delay, (int) maxPages, multiplier);
  }

  /** The spec that recreates it. */
  public String spec() {
    return "delay=" + Durations.format(delayNanos) + ",maxPages=" + maxPages + ",multiplier=" + multiplier;
  }
}
