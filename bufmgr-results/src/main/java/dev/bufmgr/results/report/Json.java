package dev.bufmgr.results.report;

import java.util.Map;

/** Minimal JSON encoding of flat objects (strings, numbers, booleans, null). */
public final class Json {
  private Json() {}

  /** Encodes a flat map as one JSON object on one line; non-finite numbers become null. */
  public static String object(Map<String, Object> fields) {
    StringBuilder sb = new StringBuilder(64 + fields.size() * 24).append('{');
    boolean first = true;
    for (Map.Entry<String, Object> e : fields.entrySet()) {
      if (!first) sb.append(',');
      first = false;
      string(sb, e.getKey());
      sb.append(':');
      value(sb, e.getValue());
    }
    return sb.append('}').toString();
  }

  /**
   * Appends {@code v}. A chain of type tests rather than a switch over types: a pattern switch
   * is linked at its first use by generating a class, several milliseconds of every command
   * that prints a JSON row.
   */
  static void value(StringBuilder sb, Object v) {
    if (v == null) sb.append("null");
    else if (v instanceof String s) string(sb, s);
    else if (v instanceof Boolean b) sb.append(b);
    else if (v instanceof Double d) sb.append(Double.isFinite(d) ? Double.toString(d) : "null");
    else if (v instanceof Float f) sb.append(Float.isFinite(f) ? Float.toString(f) : "null");
    else if (v instanceof Number n) sb.append(n);
    else string(sb, v.toString());
  }

  static void string(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
          else sb.append(c);
        }
      }
    }
    sb.append('"');
  }
}
