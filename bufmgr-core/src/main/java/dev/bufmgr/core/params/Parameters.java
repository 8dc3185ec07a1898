package dev.bufmgr.core.params;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * A component's validated parameter values: every declared parameter with a default or a given
 * value present, in declaration order. Also notes which values were read, so a component whose
 * parameters depend on each other (a workload sized by {@code frames} or by {@code scale}) can
 * name itself with only those it used ({@link #canonicalOfRead}).
 */
public final class Parameters {
  private final String component;
  private final Map<String, Object> values;
  private final Set<String> given;
  private final Set<String> read = new LinkedHashSet<>();

  private Parameters(String component, Map<String, Object> values, Set<String> given) {
    this.component = component;
    this.values = values;
    this.given = given;
  }

  /**
   * Validates {@code spec}'s parameters against {@code specs}.
   *
   * @param what what the spec configures, for messages (a flag or a kind)
   * @throws IllegalArgumentException in the one form {@code WHAT 'SPEC': REASON} ({@link
   *     Spec#fault}) for an unknown or missing parameter or a bad value
   */
  public static Parameters resolve(String what, Spec spec, List<ParameterSpec> specs) {
    Map<String, ParameterSpec> byName = new LinkedHashMap<>();
    for (ParameterSpec p : specs) byName.put(p.name(), p);
    for (String key : spec.params().keySet()) {
      if (!byName.containsKey(key)) {
        throw Spec.fault(what, spec.toString(), "unknown parameter '" + key + "' for " + spec.name()
            + (byName.isEmpty() ? " (it takes none)" : " (known: " + String.join(", ", byName.keySet()) + ")"));
      }
    }
    Map<String, Object> values = new LinkedHashMap<>();
    for (ParameterSpec p : specs) {
      String raw = spec.params().get(p.name());
      if (raw == null) raw = p.defaultValue();
      if (raw == null) {
        if (p.required()) throw Spec.fault(what, spec.toString(), "missing parameter '" + p.name() + "' (" + p.allowed() + ")");
        continue;
      }
      try {
        values.put(p.name(), p.parse(raw));
      } catch (IllegalArgumentException e) {
        throw Spec.fault(what, spec.toString(), e.getMessage());
      }
    }
    return new Parameters(spec.name(), Collections.unmodifiableMap(values),
        Collections.unmodifiableSet(new LinkedHashSet<>(spec.params().keySet())));
  }

  /** The component's name. */
  public String name() {
    return component;
  }

  /** Whether the spec gave {@code name} (rather than its default applying). */
  public boolean given(String name) {
    return given.contains(name);
  }

  /** Whether {@code name} has a value, given or default. */
  public boolean has(String name) {
    return values.containsKey(name);
  }

  /** The value of an integer parameter that fits an int. */
  public int intValue(String name) {
    return Math.toIntExact(longValue(name));
  }

  /** The value of an integer parameter. */
  public long longValue(String name) {
    return (Long) require(name);
  }

  /** The value of a decimal parameter. */
  public double doubleValue(String name) {
    return (Double) require(name);
  }

  /** The value of a choice parameter, in lower case. */
  public String choice(String name) {
    return (String) require(name);
  }

  /** The value of a text parameter. */
  public String text(String name) {
    return (String) require(name);
  }

  /** The value of a duration parameter in nanoseconds, rounded to the nearest. */
  public long nanos(String name) {
    return Math.round(nanosExact(name));
  }

  /** The value of a duration parameter in (possibly fractional) nanoseconds. */
  public double nanosExact(String name) {
    return (Double) require(name);
  }

  /** All values by name, in declaration order. */
  public Map<String, Object> values() {
    return values;
  }

  /** The name with every value, in spec syntax: {@code gclock:maxUsage=5,batch=1,hand=global}. */
  public String canonicalName() {
    return canonical(values.keySet());
  }

  /** The name with the values read so far, in the order read: {@code zipf:requests=1000,seed=1,pages=10}. */
  public String canonicalOfRead() {
    return canonical(read);
  }

  private String canonical(Set<String> names) {
    if (names.isEmpty()) return component;
    StringJoiner j = new StringJoiner(",", component + ":", "");
    for (String n : names) j.add(n + "=" + values.get(n));
    return j.toString();
  }

  private Object require(String name) {
    Object v = values.get(name);
    if (v == null) {
      throw new IllegalStateException(component + " has no value for " + name + " (not declared, or optional and absent)");
    }
    read.add(name);
    return v;
  }

  @Override
  public String toString() {
    return canonicalName();
  }
}
