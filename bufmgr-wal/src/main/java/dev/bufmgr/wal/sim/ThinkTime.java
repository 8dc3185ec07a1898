package dev.bufmgr.wal.sim;

import dev.bufmgr.core.params.Durations;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * A closed-loop client's think time between an acknowledged commit and its next one: a mean Z
 * and a distribution (exponential by default, constant, or uniform on [0, 2Z]).
 *
 * @param meanNanos the mean Z in nanoseconds
 * @param distribution its shape
 */
public record ThinkTime(long meanNanos, Distribution distribution) {

  /** The shapes a think time can have. */
  public enum Distribution {
    /** Exponential with mean Z (memoryless; the default). */
    EXP,
    /** Always exactly Z. */
    CONST,
    /** Uniform on [0, 2Z]. */
    UNIFORM;

    /** Parses {@code exp}, {@code const} or {@code uniform}. */
    public static Distribution parse(String text, String what) {
      try {
        return valueOf(text.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            what + ": think-time distribution '" + text + "' is not one of exp, const, uniform");
      }
    }
  }

  /** @throws IllegalArgumentException when the mean is negative */
  public ThinkTime {
    if (meanNanos < 0) throw new IllegalArgumentException("think time must be >= 0");
  }

  /** Draws one think time in nanoseconds. */
  public long sample(RandomGenerator rng) {
    return switch (distribution) {
      case EXP -> meanNanos == 0 ? 0 : (long) (-meanNanos * Math.log(1.0 - rng.nextDouble()));
      case CONST -> meanNanos;
      case UNIFORM -> (long) (2.0 * meanNanos * rng.nextDouble());
    };
  }

  /** E.g. {@code think=1ms,dist=exp}. */
  public String spec() {
    return "think=" + Durations.format(meanNanos) + ",dist=" + distribution.name().toLowerCase(Locale.ROOT);
  }
}
