package dev.bufmgr.core.evict;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A selector named with its parameters as the user wrote it: {@code name[:key=value,...]}, for
 * example {@code gclock:maxUsage=3,batch=16}. Parsing checks only the syntax; the registry checks
 * the name and the values.
 *
 * @param name the selector's registered name
 * @param parameters the given parameters, in the order written
 */
public record SelectorSpec(String name, Map<String, String> parameters) {

  public SelectorSpec {
    parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
  }

  /** A spec with no parameters: every default applies. */
  public static SelectorSpec of(String name) {
    return new SelectorSpec(name, Map.of());
  }

  /**
   * Parses {@code name[:key=value,...]}.
   *
   * @throws IllegalArgumentException when the text is empty, a parameter lacks {@code =}, or a
   *     key repeats
   */
  public static SelectorSpec parse(String text) {
    String t = text == null ? "" : text.trim();
    int colon = t.indexOf(':');
    String name = (colon < 0 ? t : t.substring(0, colon)).trim();
    if (name.isEmpty()) throw new IllegalArgumentException("policy '" + text + "': missing name");
    Map<String, String> params = new LinkedHashMap<>();
    if (colon >= 0) {
      String rest = t.substring(colon + 1);
      if (rest.isBlank()) throw new IllegalArgumentException("policy '" + text + "': no parameters after ':'");
      for (String part : rest.split(",", -1)) {
        int eq = part.indexOf('=');
        if (eq <= 0 || eq == part.length() - 1) {
          throw new IllegalArgumentException(
              "policy '" + text + "': parameter '" + part.trim() + "' must be written key=value");
        }
        String key = part.substring(0, eq).trim();
        if (params.put(key, part.substring(eq + 1).trim()) != null) {
          throw new IllegalArgumentException("policy '" + text + "': parameter '" + key + "' given twice");
        }
      }
    }
    return new SelectorSpec(name, params);
  }

  @Override
  public String toString() {
    if (parameters.isEmpty()) return name;
    StringBuilder sb = new StringBuilder(name).append(':');
    parameters.forEach((k, v) -> sb.append(k).append('=').append(v).append(','));
    sb.setLength(sb.length() - 1);
    return sb.toString();
  }
}
