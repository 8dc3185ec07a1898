package dev.bufmgr.workloads.spec;

import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Typed, validated access to a {@link Spec}'s parameters. Each getter names a parameter, its
 * default and its range; {@link #finish()} refuses any parameter nobody asked for, so a typo
 * ends the run instead of being ignored. Also records the values used, defaults included, so a
 * result row can echo the full configuration.
 */
public final class SpecParams {
  private final Spec spec;
  private final Set<String> used = new LinkedHashSet<>();
  private final Map<String, String> resolved = new LinkedHashMap<>();

  /** Wraps a parsed spec. */
  public SpecParams(Spec spec) {
    this.spec = spec;
  }

  /** The spec's name. */
  public String name() {
    return spec.name();
  }

  /** Whether the parameter was given. */
  public boolean has(String key) {
    return spec.params().containsKey(key);
  }

  /** A long in {@code [min, max]}; accepts 1e6-style and 1_000_000-style numbers. */
  public long getLong(String key, long def, long min, long max) {
    String raw = take(key);
    long v;
    if (raw == null) {
      v = def;
    } else {
      try {
        String t = raw.replace("_", "");
        if (t.contains("e") || t.contains("E")) {
          double d = Double.parseDouble(t);
          if (d != Math.rint(d) || Math.abs(d) > 9.0e18) throw new NumberFormatException();
          v = (long) d;
        } else {
          v = Long.parseLong(t);
        }
      } catch (NumberFormatException e) {
        throw bad(key, raw, "an integer");
      }
    }
    if (v < min || v > max) throw bad(key, raw == null ? Long.toString(v) : raw, "an integer in " + min + ".." + max);
    resolved.put(key, Long.toString(v));
    return v;
  }

  /** A double in {@code [min, max]}. */
  public double getDouble(String key, double def, double min, double max) {
    String raw = take(key);
    double v;
    if (raw == null) {
      v = def;
    } else {
      try {
        v = Double.parseDouble(raw);
      } catch (NumberFormatException e) {
        throw bad(key, raw, "a number");
      }
    }
    if (!(v >= min && v <= max)) throw bad(key, raw == null ? Double.toString(v) : raw, "a number in " + min + ".." + max);
    resolved.put(key, Double.toString(v));
    return v;
  }

  /** A string, or {@code def} when absent. */
  public String getString(String key, String def) {
    String raw = take(key);
    String v = raw == null ? def : raw;
    if (v != null) resolved.put(key, v);
    return v;
  }

  private String take(String key) {
    used.add(key);
    return spec.params().get(key);
  }

  private IllegalArgumentException bad(String key, String raw, String expected) {
    return new IllegalArgumentException(
        spec.name() + ": parameter " + key + "=" + raw + " must be " + expected);
  }

  /** Throws naming the first parameter that no getter asked for, and the known ones. */
  public void finish() {
    for (String key : spec.params().keySet()) {
      if (!used.contains(key)) {
        throw new IllegalArgumentException(
            spec.name() + ": unknown parameter '" + key + "' (known: " + String.join(", ", used) + ")");
      }
    }
  }

  /** Every parameter with the value used (defaults included), in the order asked. */
  public Map<String, String> resolved() {
    return resolved;
  }

  /** The canonical spec text with every value used, defaults included. */
  public String canonical() {
    return new Spec(spec.name(), resolved).toString();
  }
}
