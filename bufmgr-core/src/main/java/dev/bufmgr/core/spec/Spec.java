package dev.bufmgr.core.spec;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * A named component with parameters, written {@code name} or {@code name:key=value,key=value}
 * (policies such as {@code pgdelay:delay=100us,siblings=5}, devices such as {@code
 * fixed:f0=0.9ms}, loops such as {@code closed:clients=8,think=1ms}). Typed getters validate
 * each value and name the spec and key in their error; {@link #requireOnly} rejects unknown keys.
 */
public final class Spec {
  private final String what;
  private final String text;
  private final String name;
  private final Map<String, String> params;
  private final Set<String> read = new LinkedHashSet<>();

  private Spec(String what, String text, String name, Map<String, String> params) {
    this.what = what;
    this.text = text;
    this.name = name;
    this.params = params;
  }

  /**
   * Parses {@code name[:key=value,...]}.
   *
   * @param what what the spec configures (for messages), e.g. {@code --policy}
   * @throws IllegalArgumentException on an empty name, a parameter without {@code =}, or a key
   *     given twice
   */
  public static Spec parse(String what, String text) {
    String t = text.trim();
    int colon = t.indexOf(':');
    String name = (colon < 0 ? t : t.substring(0, colon)).trim();
    if (name.isEmpty()) throw new IllegalArgumentException(what + ": empty name in '" + text + "'");
    Map<String, String> params = new LinkedHashMap<>();
    if (colon >= 0) {
      String rest = t.substring(colon + 1);
      if (!rest.isBlank()) {
        for (String part : rest.split(",")) {
          int eq = part.indexOf('=');
          if (eq <= 0) {
            throw new IllegalArgumentException(
                what + " '" + text + "': parameter '" + part + "' is not key=value");
          }
          String key = part.substring(0, eq).trim();
          if (params.put(key, part.substring(eq + 1).trim()) != null) {
            throw new IllegalArgumentException(what + " '" + text + "': '" + key + "' given twice");
          }
        }
      }
    }
    return new Spec(what, text, name, params);
  }

  /** The component's name, the part before the colon. */
  public String name() {
    return name;
  }

  /** The text as the user wrote it. */
  public String text() {
    return text;
  }

  /** A required or defaulted string parameter. */
  public String string(String key, String fallback) {
    read.add(key);
    String v = params.get(key);
    if (v == null) {
      if (fallback == null) throw missing(key);
      return fallback;
    }
    return v;
  }

  /** A duration parameter in nanoseconds; {@code fallback} < 0 means required. */
  public long nanos(String key, long fallback) {
    read.add(key);
    String v = params.get(key);
    if (v == null) {
      if (fallback < 0) throw missing(key);
      return fallback;
    }
    return Durations.parseNanos(v, where(key));
  }

  /** A duration parameter in (possibly fractional) nanoseconds; {@code fallback} < 0 means required. */
  public double nanosExact(String key, double fallback) {
    read.add(key);
    String v = params.get(key);
    if (v == null) {
      if (fallback < 0) throw missing(key);
      return fallback;
    }
    return Durations.parseNanosExact(v, where(key));
  }

  /** An integer parameter in [min, max]; {@code fallback} null means required. */
  public long integer(String key, Long fallback, long min, long max) {
    read.add(key);
    String v = params.get(key);
    if (v == null) {
      if (fallback == null) throw missing(key);
      return fallback;
    }
    long x;
    try {
      x = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(where(key) + ": '" + v + "' is not an integer");
    }
    if (x < min || x > max) {
      throw new IllegalArgumentException(
          where(key) + ": " + x + " is out of range [" + min + ", " + max + "]");
    }
    return x;
  }

  /** A real parameter in [min, max]; {@code fallback} null means required. */
  public double real(String key, Double fallback, double min, double max) {
    read.add(key);
    String v = params.get(key);
    if (v == null) {
      if (fallback == null) throw missing(key);
      return fallback;
    }
    double x;
    try {
      x = Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(where(key) + ": '" + v + "' is not a number");
    }
    if (!(x >= min && x <= max)) {
      throw new IllegalArgumentException(
          where(key) + ": " + v + " is out of range [" + min + ", " + max + "]");
    }
    return x;
  }

  /**
   * Rejects parameters that no getter has read, so a misspelt key fails instead of being
   * ignored. Call after reading every parameter.
   */
  public void requireOnly() {
    for (String key : params.keySet()) {
      if (!read.contains(key)) {
        throw new IllegalArgumentException(
            what + " '" + text + "': unknown parameter '" + key + "' for " + name
                + (read.isEmpty() ? " (it takes none)" : " (known: " + String.join(", ", read) + ")"));
      }
    }
  }

  private String where(String key) {
    return what + " '" + text + "' " + key;
  }

  private IllegalArgumentException missing(String key) {
    return new IllegalArgumentException(what + " '" + text + "': missing parameter '" + key + "'");
  }
}
