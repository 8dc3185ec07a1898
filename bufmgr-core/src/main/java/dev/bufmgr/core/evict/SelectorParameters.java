package dev.bufmgr.core.evict;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A selector's validated parameter values, every declared parameter present (defaults filled
 * in), in declaration order.
 */
public final class SelectorParameters {
  private final String selector;
  private final Map<String, Object> values;

  private SelectorParameters(String selector, Map<String, Object> values) {
    this.selector = selector;
    this.values = values;
  }

  /**
   * Validates {@code given} against {@code specs}.
   *
   * @throws IllegalArgumentException for an unknown parameter or a bad value, naming both
   */
  public static SelectorParameters resolve(String selector, List<ParameterSpec> specs, Map<String, String> given) {
    Map<String, ParameterSpec> byName = new LinkedHashMap<>();
    for (ParameterSpec p : specs) byName.put(p.name(), p);
    for (String key : given.keySet()) {
      if (!byName.containsKey(key)) {
        throw new IllegalArgumentException(
            "policy " + selector + ": unknown parameter '" + key + "' (known: "
                + (byName.isEmpty() ? "none" : String.join(", ", byName.keySet())) + ")");
      }
    }
    Map<String, Object> values = new LinkedHashMap<>();
    for (ParameterSpec p : specs) {
      String raw = given.getOrDefault(p.name(), p.defaultValue());
      values.put(p.name(), p.parse(selector, raw));
    }
    return new SelectorParameters(selector, Collections.unmodifiableMap(values));
  }

  /** The value of an integer parameter. */
  public int intValue(String name) {
    return Math.toIntExact((Long) require(name));
  }

  /** The value of a decimal parameter. */
  public double doubleValue(String name) {
    return (Double) require(name);
  }

  /** The value of a choice parameter. */
  public String choice(String name) {
    return (String) require(name);
  }

  /** All values by name, in declaration order. */
  public Map<String, Object> values() {
    return values;
  }

  /** The selector's name with every parameter, in spec syntax: {@code gclock:maxUsage=5,batch=1}. */
  public String canonicalName() {
    if (values.isEmpty()) return selector;
    StringJoiner j = new StringJoiner(",", selector + ":", "");
    values.forEach((k, v) -> j.add(k + "=" + v));
    return j.toString();
  }

  private Object require(String name) {
    Object v = values.get(name);
    if (v == null) throw new IllegalStateException("policy " + selector + " declares no parameter " + name);
    return v;
  }

  @Override
  public String toString() {
    return canonicalName();
  }
}
