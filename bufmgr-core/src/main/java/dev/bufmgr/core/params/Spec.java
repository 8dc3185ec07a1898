package dev.bufmgr.core.params;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A component named with its parameters as the user wrote them, in the one grammar every flag
 * that picks a component takes (selectors, baselines, release policies, devices, loops,
 * workloads, trace formats):
 *
 * <pre>
 *   spec   := name [ ':' params ]  |  name '(' params ')'
 *   name   := word [ ':' reference ]
 *   params := param ( ',' param )*          (inside parentheses ';' separates too)
 *   param  := key '=' value
 * </pre>
 *
 * A reference is a path to something a component is made from, {@code file:policies/Clock.java}:
 * the text up to the next {@code :}, holding a {@code .} or a {@code /} and no {@code =}, {@code
 * (} or {@code ,}, so it never reads as a parameter ({@code gclock:maxUsage} stays a parameter
 * without a value). A registry turns such a name into a component through a {@link
 * ComponentSource} for its prefix.
 *
 * A value may hold parentheses, and a comma inside them does not split, so specs nest: {@code
 * mix:streams=0.9*zipf(pages=1000;theta=0.9)+0.1*scan(pages=500)}. Parsing checks only the
 * syntax; a {@link Registry} checks the name and {@link Parameters} the keys and values against
 * the component's {@link ParameterSpec}s. Every refusal is one line, made by {@link #fault}:
 * {@code WHAT 'TEXT': REASON}.
 *
 * @param name the component's name, the part before {@code :} or {@code (} (with its reference, if any)
 * @param params the parameters in the order written, values as text
 */
public record Spec(String name, Map<String, String> params) {

  /** A spec with an unmodifiable copy of the parameters. */
  public Spec {
    if (name == null || name.isBlank()) throw new IllegalArgumentException("spec: empty name");
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }

  /** A spec with no parameters: every default applies. */
  public static Spec of(String name) {
    return new Spec(name, Map.of());
  }

  /** Parses {@code text}; messages name it as a {@code spec}. */
  public static Spec parse(String text) {
    return parse("spec", text);
  }

  /**
   * The spec of a flag's settings, {@code key=value,...} (empty for all defaults), read as the
   * parameters of component {@code name}: {@code --checkpoint timeout=30s} is {@code
   * checkpoint:timeout=30s}. A text the grammar would read as a reference ({@code /etc/passwd},
   * {@code x.y}) is refused, since settings name no component.
   */
  public static Spec settings(String what, String name, String text) {
    String t = text.trim();
    Spec spec = parse(what, t.isEmpty() ? name : name + ":" + t);
    if (!spec.name().equals(name)) throw fault(what, t, "expected settings written key=value,..., not a name or a path");
    return spec;
  }

  /**
   * Parses {@code text}.
   *
   * @param what what the spec configures, for messages: a flag such as {@code --device} or a kind
   *     such as {@code policy}
   * @throws IllegalArgumentException naming {@code what} and the text on an empty name, nothing
   *     after {@code :}, a parameter that is not {@code key=value} or has no value, a key given
   *     twice, or unbalanced parentheses
   */
  public static Spec parse(String what, String text) {
    String t = text == null ? "" : text.trim();
    int colon = t.indexOf(':');
    int paren = t.indexOf('(');
    boolean parenthesised = paren >= 0 && (colon < 0 || paren < colon);
    String name;
    String body;
    if (parenthesised) {
      if (!t.endsWith(")")) throw fault(what, text, "missing closing ')'");
      name = t.substring(0, paren).trim();
      body = t.substring(paren + 1, t.length() - 1);
    } else if (colon >= 0) {
      int end = nameEnd(t, colon);
      name = t.substring(0, end).trim();
      body = end == t.length() ? "" : t.substring(end + 1);
      if (end < t.length() && body.isBlank()) throw fault(what, text, "no parameters after ':'");
    } else {
      name = t;
      body = "";
    }
    if (name.isEmpty()) throw fault(what, text, "missing name");
    Map<String, String> params = new LinkedHashMap<>();
    if (!body.isBlank()) {
      for (String part : split(what, text, body, parenthesised)) {
        int eq = part.indexOf('=');
        String key = eq < 0 ? "" : part.substring(0, eq).trim();
        String value = eq < 0 ? "" : part.substring(eq + 1).trim();
        if (key.isEmpty() || value.isEmpty()) {
          throw fault(what, text, "parameter '" + part.trim() + "' must be written key=value");
        }
        if (params.put(key, value) != null) throw fault(what, text, "parameter '" + key + "' given twice");
      }
    }
    return new Spec(name, params);
  }

  /**
   * Where the name ends when the text has a {@code :} at {@code colon}: there, unless the segment
   * after it is a reference (see the class comment), which then belongs to the name.
   */
  private static int nameEnd(String t, int colon) {
    int next = t.indexOf(':', colon + 1);
    String segment = t.substring(colon + 1, next < 0 ? t.length() : next);
    boolean reference = !segment.isBlank() && segment.indexOf('=') < 0 && segment.indexOf('(') < 0
        && segment.indexOf(',') < 0 && (segment.indexOf('.') >= 0 || segment.indexOf('/') >= 0);
    if (!reference) return colon;
    return next < 0 ? t.length() : next;
  }

  /** The one form of a refusal: {@code WHAT 'TEXT': REASON}. */
  public static IllegalArgumentException fault(String what, String text, String reason) {
    return new IllegalArgumentException(what + " '" + text + "': " + reason);
  }

  /** The parameters, split at top-level commas (and semicolons inside parentheses). */
  private static List<String> split(String what, String text, String body, boolean semicolonsToo) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        if (--depth < 0) throw fault(what, text, "unbalanced ')'");
      } else if (depth == 0 && (c == ',' || (semicolonsToo && c == ';'))) {
        parts.add(body.substring(start, i));
        start = i + 1;
      }
    }
    if (depth != 0) throw fault(what, text, "unbalanced '('");
    parts.add(body.substring(start));
    return parts;
  }

  /** The canonical text: {@code name} or {@code name:key=value,...}, parameters in order. */
  @Override
  public String toString() {
    if (params.isEmpty()) return name;
    StringBuilder sb = new StringBuilder(name).append(':');
    params.forEach((k, v) -> sb.append(k).append('=').append(v).append(','));
    sb.setLength(sb.length() - 1);
    return sb.toString();
  }
}
