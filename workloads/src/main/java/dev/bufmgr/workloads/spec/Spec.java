package dev.bufmgr.workloads.spec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A name with parameters, the one grammar used for workloads, trace formats and policies:
 *
 * <pre>
 *   spec   := name [ ':' params ]  |  name '(' params ')'
 *   params := param ( ',' param )*
 *   param  := key '=' value
 * </pre>
 *
 * A value may itself contain commas inside parentheses, so specs nest: {@code
 * mix:streams=0.9*zipf(pages=1000;theta=0.9)+0.1*scan(pages=500)} (inside parentheses a
 * {@code ;} separates parameters too). Keys keep their order; a repeated key is an error.
 */
public record Spec(String name, Map<String, String> params) {

  /** A spec with an unmodifiable copy of the parameters. */
  public Spec {
    if (name == null || name.isBlank()) throw new IllegalArgumentException("empty name in spec");
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }

  /** Parses {@code text}; throws {@link IllegalArgumentException} naming the fault. */
  public static Spec parse(String text) {
    String t = text.trim();
    int colon = t.indexOf(':');
    int paren = t.indexOf('(');
    String name;
    String body;
    if (paren >= 0 && (colon < 0 || paren < colon)) {
      if (!t.endsWith(")")) throw new IllegalArgumentException("spec '" + text + "': missing closing ')'");
      name = t.substring(0, paren).trim();
      body = t.substring(paren + 1, t.length() - 1);
    } else if (colon >= 0) {
      name = t.substring(0, colon).trim();
      body = t.substring(colon + 1);
    } else {
      name = t;
      body = "";
    }
    if (name.isEmpty()) throw new IllegalArgumentException("spec '" + text + "' has no name");
    Map<String, String> params = new LinkedHashMap<>();
    for (String part : splitTopLevel(body, paren >= 0 && (colon < 0 || paren < colon))) {
      if (part.isBlank()) continue;
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("spec '" + text + "': parameter '" + part.trim() + "' is not key=value");
      }
      String key = part.substring(0, eq).trim();
      String value = part.substring(eq + 1).trim();
      if (params.put(key, value) != null) {
        throw new IllegalArgumentException("spec '" + text + "': parameter '" + key + "' given twice");
      }
    }
    return new Spec(name, params);
  }

  private static List<String> splitTopLevel(String body, boolean semicolonsToo) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (c == '(') depth++;
      else if (c == ')') {
        if (--depth < 0) throw new IllegalArgumentException("unbalanced ')' in '" + body + "'");
      } else if (depth == 0 && (c == ',' || (semicolonsToo && c == ';'))) {
        parts.add(body.substring(start, i));
        start = i + 1;
      }
    }
    if (depth != 0) throw new IllegalArgumentException("unbalanced '(' in '" + body + "'");
    parts.add(body.substring(start));
    return parts;
  }

  /** The canonical text: {@code name} or {@code name:k=v,...}. */
  @Override
  public String toString() {
    if (params.isEmpty()) return name;
    StringBuilder sb = new StringBuilder(name).append(':');
    boolean first = true;
    for (Map.Entry<String, String> e : params.entrySet()) {
      if (!first) sb.append(',');
      first = false;
      sb.append(e.getKey()).append('=').append(e.getValue());
    }
    return sb.toString();
  }
}
