package dev.bufmgr.core.params;

import java.util.Locale;

/**
 * Durations written with a unit, as on the command line: {@code 100us}, {@code 1ms}, {@code
 * 0.5ms}, {@code 2s}, {@code 250ns}, {@code 5min}, {@code 1h}. A bare number is refused, so a value never silently means
 * the wrong unit.
 */
public final class Durations {
  private Durations() {}

  /**
   * Parses a duration with a unit ({@code ns}, {@code us} or {@code µs}, {@code ms}, {@code s},
   * {@code min}, {@code h})
   * into nanoseconds, rounded to the nearest nanosecond.
   *
   * @throws IllegalArgumentException naming {@code what} when the text is not a non-negative
   *     finite number followed by a known unit
   */
  public static long parseNanos(String text, String what) {
    return Math.round(parseNanosExact(text, what));
  }

  /**
   * Like {@link #parseNanos} but keeps fractions of a nanosecond (for per-byte times such as
   * {@code 0.25ns}).
   */
  public static double parseNanosExact(String text, String what) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    double scale;
    String number;
    if (t.endsWith("min")) {
      scale = 60e9;
      number = t.substring(0, t.length() - 3);
    } else if (t.endsWith("h")) {
      scale = 3600e9;
      number = t.substring(0, t.length() - 1);
    } else if (t.endsWith("ns")) {
      scale = 1;
      number = t.substring(0, t.length() - 2);
    } else if (t.endsWith("us") || t.endsWith("µs")) {
      scale = 1e3;
      number = t.substring(0, t.length() - 2);
    } else if (t.endsWith("ms")) {
      scale = 1e6;
      number = t.substring(0, t.length() - 2);
    } else if (t.endsWith("s")) {
      scale = 1e9;
      number = t.substring(0, t.length() - 1);
    } else {
      throw new IllegalArgumentException(
          what + ": '" + text + "' needs a unit (ns, us, ms, s, min or h), e.g. 100us or 0.5ms");
    }
    double v;
    try {
      v = Double.parseDouble(number);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(what + ": '" + text + "' is not a duration such as 100us");
    }
    if (!Double.isFinite(v) || v < 0) {
      throw new IllegalArgumentException(what + ": '" + text + "' must be a non-negative duration");
    }
    return v * scale;
  }

  /** Formats nanoseconds compactly with the largest unit that keeps it readable (e.g. 0.9ms). */
  public static String format(double nanos) {
    if (nanos == 0) return "0ms";
    if (nanos >= 3600e9 && nanos % 3600e9 == 0) return trim(nanos / 3600e9) + "h";
    if (nanos >= 60e9 && nanos % 60e9 == 0) return trim(nanos / 60e9) + "min";
    if (nanos >= 1e9) return trim(nanos / 1e9) + "s";
    if (nanos >= 1e6) return trim(nanos / 1e6) + "ms";
    if (nanos >= 1e3) return trim(nanos / 1e3) + "us";
    return trim(nanos) + "ns";
  }

  private static String trim(double v) {
    String s = String.format(Locale.ROOT, "%.4f", v);
    s = s.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }
}
