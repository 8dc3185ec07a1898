package dev.bufmgr.core.params;

import java.util.List;
import java.util.Locale;

/**
 * One typed parameter of a component: its name, kind, default, bounds or choices, and what it
 * means. Every component (selector, baseline, release policy, device, loop, workload, trace
 * format) declares its parameters with these, and {@link Parameters#resolve} validates a {@link
 * Spec} against them; {@code bufmgr list} prints them.
 *
 * @param name the parameter's name as written in a spec ({@code gclock:maxUsage=3})
 * @param kind what values it takes
 * @param defaultValue the value used when the spec omits the parameter, as text; null when there
 *     is none (the parameter is then required, or optional and simply absent)
 * @param required whether a spec must give it
 * @param min the smallest allowed value (numeric kinds)
 * @param max the largest allowed value (numeric kinds)
 * @param choices the allowed values (choice kind)
 * @param description one line for {@code bufmgr list}
 */
public record ParameterSpec(
    String name, Kind kind, String defaultValue, boolean required, double min, double max, List<String> choices,
    String description) {

  /** What values a parameter takes. */
  public enum Kind {
    /** A whole number in {@code [min, max]}; {@code 1e6} and {@code 1_000_000} are accepted. */
    INTEGER,
    /** A number in {@code [min, max]}. */
    DECIMAL,
    /** One of a fixed set of words, case-insensitive. */
    CHOICE,
    /** A non-negative duration with a unit ({@link Durations}). */
    DURATION,
    /** Any text (a file, a column name, a nested spec); the component checks it. */
    TEXT
  }

  /** An integer parameter in {@code [min, max]}. */
  public static ParameterSpec integer(String name, long defaultValue, long min, long max, String description) {
    return new ParameterSpec(name, Kind.INTEGER, Long.toString(defaultValue), false, min, max, List.of(), description);
  }

  /** A decimal parameter in {@code [min, max]}. */
  public static ParameterSpec decimal(String name, double defaultValue, double min, double max, String description) {
    return new ParameterSpec(name, Kind.DECIMAL, Double.toString(defaultValue), false, min, max, List.of(), description);
  }

  /** A parameter that takes one of a fixed set of words. */
  public static ParameterSpec choice(String name, String defaultValue, List<String> choices, String description) {
    return new ParameterSpec(name, Kind.CHOICE, defaultValue, false, 0, 0, List.copyOf(choices), description);
  }

  /** A duration parameter; {@code defaultValue} is written with a unit, e.g. {@code 1ms}. */
  public static ParameterSpec duration(String name, String defaultValue, String description) {
    return new ParameterSpec(name, Kind.DURATION, defaultValue, false, 0, 0, List.of(), description);
  }

  /** A text parameter the component checks itself. */
  public static ParameterSpec text(String name, String defaultValue, String description) {
    return new ParameterSpec(name, Kind.TEXT, defaultValue, false, 0, 0, List.of(), description);
  }

  /** This parameter without a default, which every spec must give. */
  public ParameterSpec asRequired() {
    return new ParameterSpec(name, kind, null, true, min, max, choices, description);
  }

  /** This parameter without a default: absent unless the spec gives it. */
  public ParameterSpec asOptional() {
    return new ParameterSpec(name, kind, null, false, min, max, choices, description);
  }

  /**
   * Validates {@code raw}.
   *
   * @return a {@link Long} (integer), {@link Double} (decimal; duration in nanoseconds) or
   *     {@link String} (choice, lower case; text)
   * @throws IllegalArgumentException whose message is {@code parameter NAME: REASON}, the reason
   *     saying whether the value is not a number, out of range or not among the choices, and
   *     what is allowed
   */
  public Object parse(String raw) {
    String text = raw.trim();
    return switch (kind) {
      case INTEGER -> {
        long v = integerValue(text);
        if (v < min || v > max) throw outOfRange(text);
        yield v;
      }
      case DECIMAL -> {
        double v;
        try {
          v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
          throw bad("'" + text + "' is not a number (allowed: " + allowed() + ")");
        }
        if (!(v >= min && v <= max)) throw outOfRange(text);
        yield v;
      }
      case CHOICE -> {
        String v = text.toLowerCase(Locale.ROOT);
        if (!choices.contains(v)) throw bad("'" + text + "' is not " + allowed());
        yield v;
      }
      case DURATION -> Durations.parseNanosExact(text, "parameter " + name);
      case TEXT -> text;
    };
  }

  private long integerValue(String text) {
    try {
      String t = text.replace("_", "");
      if (t.contains("e") || t.contains("E")) {
        double d = Double.parseDouble(t);
        if (d != Math.rint(d) || Math.abs(d) > 9.0e18) throw new NumberFormatException();
        return (long) d;
      }
      return Long.parseLong(t);
    } catch (NumberFormatException e) {
      throw bad("'" + text + "' is not an integer (allowed: " + allowed() + ")");
    }
  }

  /** The allowed values in words, e.g. "an integer in [1, 255]". */
  public String allowed() {
    return switch (kind) {
      case INTEGER -> min <= Long.MIN_VALUE && max >= Long.MAX_VALUE ? "an integer"
          : max >= Long.MAX_VALUE ? "an integer >= " + (long) min
          : "an integer in [" + (long) min + ", " + (long) max + "]";
      case DECIMAL -> "a number in [" + fmt(min) + ", " + fmt(max) + "]";
      case CHOICE -> "one of " + String.join(", ", choices);
      case DURATION -> "a duration such as 100us or 1ms";
      case TEXT -> "text";
    };
  }

  /** How {@code bufmgr list} shows it: {@code name=default}, {@code name (required)} or {@code name (optional)}. */
  public String usage() {
    if (defaultValue != null) return name + "=" + defaultValue;
    return name + (required ? " (required)" : " (optional)");
  }

  private IllegalArgumentException outOfRange(String text) {
    return bad(text + " is out of range (allowed: " + allowed() + ")");
  }

  private IllegalArgumentException bad(String reason) {
    return new IllegalArgumentException("parameter " + name + ": " + reason);
  }

  private static String fmt(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }
}
