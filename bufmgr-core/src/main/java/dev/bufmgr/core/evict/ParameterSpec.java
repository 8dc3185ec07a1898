package dev.bufmgr.core.evict;

import java.util.List;
import java.util.Locale;

/**
 * One typed parameter of a selector: its name, kind, default, bounds or choices, and what it
 * means. {@link #parse} validates a value given on the command line.
 *
 * @param name the parameter's name as written in a spec ({@code gclock:maxUsage=3})
 * @param kind integer, decimal or choice
 * @param defaultValue the value used when the spec omits the parameter, as text
 * @param min the smallest allowed value (numeric kinds)
 * @param max the largest allowed value (numeric kinds)
 * @param choices the allowed values (choice kind)
 * @param description one line for {@code --help} listings
 */
public record ParameterSpec(
    String name, Kind kind, String defaultValue, double min, double max, List<String> choices, String description) {

  /** What values a parameter takes. */
  public enum Kind {
    INTEGER,
    DECIMAL,
    CHOICE
  }

  /** An integer parameter in {@code [min, max]}. */
  public static ParameterSpec integer(String name, long defaultValue, long min, long max, String description) {
    return new ParameterSpec(name, Kind.INTEGER, Long.toString(defaultValue), min, max, List.of(), description);
  }

  /** A decimal parameter in {@code [min, max]}. */
  public static ParameterSpec decimal(String name, double defaultValue, double min, double max, String description) {
    return new ParameterSpec(name, Kind.DECIMAL, Double.toString(defaultValue), min, max, List.of(), description);
  }

  /** A parameter that takes one of a fixed set of words. */
  public static ParameterSpec choice(String name, String defaultValue, List<String> choices, String description) {
    return new ParameterSpec(name, Kind.CHOICE, defaultValue, 0, 0, List.copyOf(choices), description);
  }

  /**
   * Validates {@code raw} and returns it as a {@link Long}, {@link Double} or {@link String}.
   *
   * @param selector the selector's name, for the message
   * @throws IllegalArgumentException naming the selector, the parameter, the allowed values and
   *     the value given
   */
  public Object parse(String selector, String raw) {
    String text = raw.trim();
    switch (kind) {
      case INTEGER -> {
        long v;
        try {
          v = Long.parseLong(text);
        } catch (NumberFormatException e) {
          throw bad(selector, raw);
        }
        if (v < min || v > max) throw bad(selector, raw);
        return v;
      }
      case DECIMAL -> {
        double v;
        try {
          v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
          throw bad(selector, raw);
        }
        if (!(v >= min && v <= max)) throw bad(selector, raw);
        return v;
      }
      case CHOICE -> {
        String v = text.toLowerCase(Locale.ROOT);
        if (!choices.contains(v)) throw bad(selector, raw);
        return v;
      }
      default -> throw new AssertionError(kind);
    }
  }

  /** The allowed values in words, e.g. "an integer in [1, 255]". */
  public String allowed() {
    return switch (kind) {
      case INTEGER -> "an integer in [" + (long) min + ", " + (long) max + "]";
      case DECIMAL -> "a number in [" + fmt(min) + ", " + fmt(max) + "]";
      case CHOICE -> "one of " + String.join(", ", choices);
    };
  }

  private IllegalArgumentException bad(String selector, String raw) {
    return new IllegalArgumentException(
        "policy " + selector + ": parameter " + name + " must be " + allowed() + ", got '" + raw + "'");
  }

  private static String fmt(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }
}
