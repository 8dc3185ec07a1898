package dev.bufmgr.core.params;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The components of one kind (selectors, release policies, devices, ...), found by name. Every
 * kind keeps its components in one of these, so a lookup, a refusal and {@code bufmgr list}
 * read the same way for all of them.
 *
 * @param <C> the kind's component type
 */
public final class Registry<C extends Component> {
  private final String kind;
  private final Map<String, C> byName;

  private Registry(String kind, Map<String, C> byName) {
    this.kind = kind;
    this.byName = Collections.unmodifiableMap(byName);
  }

  /**
   * A registry of {@code components}, listed in the given order.
   *
   * @param kind what its components are, singular, for messages and listings ({@code release policy})
   * @throws IllegalStateException when two components claim the same name
   */
  public static <C extends Component> Registry<C> of(String kind, List<? extends C> components) {
    Map<String, C> m = new LinkedHashMap<>();
    for (C c : components) {
      C previous = m.put(c.name(), c);
      if (previous != null) {
        throw new IllegalStateException("two " + kind + "s named '" + c.name() + "': " + previous.getClass().getName()
            + " and " + c.getClass().getName());
      }
    }
    return new Registry<>(kind, m);
  }

  /** What its components are, singular: {@code selector}, {@code release policy}. */
  public String kind() {
    return kind;
  }

  /** The names, in listing order. */
  public List<String> names() {
    return List.copyOf(byName.keySet());
  }

  /** The components, in listing order. */
  public List<C> all() {
    return List.copyOf(byName.values());
  }

  /** Whether a component of that name is registered. */
  public boolean contains(String name) {
    return byName.containsKey(name);
  }

  /**
   * The component named {@code name}.
   *
   * @throws IllegalArgumentException {@code unknown KIND 'NAME' (known: ...)}
   */
  public C find(String name) {
    C c = byName.get(name);
    if (c == null) throw new IllegalArgumentException(unknown(name));
    return c;
  }

  /**
   * The component {@code spec} names.
   *
   * @throws IllegalArgumentException {@code WHAT 'SPEC': unknown KIND 'NAME' (known: ...)}
   */
  public C find(String what, Spec spec) {
    C c = byName.get(spec.name());
    if (c == null) throw Spec.fault(what, spec.toString(), unknown(spec.name()));
    return c;
  }

  /**
   * Validates {@code spec}: its name and its parameters.
   *
   * @throws IllegalArgumentException in the one form {@code WHAT 'SPEC': REASON}
   */
  public Parameters resolve(String what, Spec spec) {
    return Parameters.resolve(what, spec, find(what, spec).parameters());
  }

  private String unknown(String name) {
    return "unknown " + kind + " '" + name + "' (known: "
        + (byName.isEmpty() ? "none" : String.join(", ", byName.keySet())) + ")";
  }
}
