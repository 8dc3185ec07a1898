package dev.bufmgr.results.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One result: named fields in insertion order (never positional). Values are strings, numbers,
 * booleans or null. Every row carries its full configuration and seed, so a row read alone says
 * how to reproduce it.
 */
public final class ResultRow {
  private final Map<String, Object> fields = new LinkedHashMap<>();

  /** Sets a field; a later put of the same name replaces the value in place. */
  public ResultRow put(String name, Object value) {
    Objects.requireNonNull(name, "name");
    if (value != null
        && !(value instanceof String)
        && !(value instanceof Number)
        && !(value instanceof Boolean)) {
      throw new IllegalArgumentException(
          "field " + name + ": unsupported value type " + value.getClass().getName());
    }
    fields.put(name, value);
    return this;
  }

  /** Copies every field of another row into this one. */
  public ResultRow putAll(ResultRow other) {
    fields.putAll(other.fields);
    return this;
  }

  public Object get(String name) {
    return fields.get(name);
  }

  /** The value of a numeric field, or NaN when absent or null. */
  public double number(String name) {
    Object v = fields.get(name);
    return v instanceof Number n ? n.doubleValue() : Double.NaN;
  }

  public Map<String, Object> fields() {
    return Collections.unmodifiableMap(fields);
  }

  @Override
  public String toString() {
    return Json.object(fields);
  }
}
