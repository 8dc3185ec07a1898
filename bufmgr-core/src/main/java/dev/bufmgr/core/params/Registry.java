package dev.bufmgr.core.params;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The components of one kind (selectors, release policies, devices, ...), found by name. Every
 * kind keeps its components in one of these, so a lookup, a refusal and {@code bufmgr list}
 * read the same way for all of them. A name of the form {@code PREFIX:REFERENCE} that no
 * component has is made by the registry's {@link ComponentSource} for that prefix, once per
 * registry.
 *
 * @param <C> the kind's component type
 */
public final class Registry<C extends Component> {
  private final String kind;
  private final Map<String, C> byName;
  private final Map<String, ComponentSource<? extends C>> sources;
  private final Map<String, C> loaded = new ConcurrentHashMap<>();

  private Registry(String kind, Map<String, C> byName, Map<String, ComponentSource<? extends C>> sources) {
    this.kind = kind;
    this.byName = Collections.unmodifiableMap(byName);
    this.sources = Collections.unmodifiableMap(sources);
  }

  /**
   * A registry of {@code components}, listed in the given order.
   *
   * @param kind what its components are, singular, for messages and listings ({@code release policy})
   * @throws IllegalStateException when two components claim the same name
   */
  public static <C extends Component> Registry<C> of(String kind, List<? extends C> components) {
    return of(kind, components, List.of());
  }

  /**
   * A registry of {@code components} that also makes components from references through {@code
   * sources}.
   *
   * @throws IllegalStateException when two components claim the same name or two sources the
   *     same prefix
   */
  public static <C extends Component> Registry<C> of(
      String kind, List<? extends C> components, List<? extends ComponentSource<? extends C>> sources) {
    Map<String, ComponentSource<? extends C>> bySource = new LinkedHashMap<>();
    for (ComponentSource<? extends C> s : sources) {
      ComponentSource<? extends C> previous = bySource.put(s.prefix(), s);
      if (previous != null) {
        throw new IllegalStateException("two " + kind + " sources for '" + s.prefix() + ":': " + previous.getClass().getName()
            + " and " + s.getClass().getName());
      }
    }
    Map<String, C> m = new LinkedHashMap<>();
    for (C c : components) {
      C previous = m.put(c.name(), c);
      if (previous != null) {
        throw new IllegalStateException("two " + kind + "s named '" + c.name() + "': " + previous.getClass().getName()
            + " and " + c.getClass().getName());
      }
    }
    return new Registry<>(kind, m, bySource);
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

  /**
   * Whether a component of that name is registered, or the name is {@code PREFIX:REFERENCE} for a
   * source's prefix (whether the reference can be made is known only on {@link #find}).
   */
  public boolean contains(String name) {
    return byName.containsKey(name) || source(name) != null;
  }

  /** The forms of names the sources make, {@code file:PATH.java}, in the order given. */
  public List<String> referenceForms() {
    return sources.values().stream().map(s -> s.prefix() + ":" + s.referenceForm()).toList();
  }

  /**
   * The component named {@code name}.
   *
   * @throws IllegalArgumentException {@code unknown KIND 'NAME' (known: ...)}
   */
  public C find(String name) {
    C c = lookUp(name);
    if (c == null) throw new IllegalArgumentException(unknown(name));
    return c;
  }

  /**
   * The component {@code spec} names.
   *
   * @throws IllegalArgumentException {@code WHAT 'SPEC': unknown KIND 'NAME' (known: ...)}
   */
  public C find(String what, Spec spec) {
    C c = lookUp(spec.name());
    if (c == null) throw Spec.fault(what, spec.toString(), unknown(spec.name()));
    return c;
  }

  /**
   * The registered component, or the one a source makes (once; a failure is thrown each time
   * and nothing kept), or null.
   */
  private C lookUp(String name) {
    C c = byName.get(name);
    if (c != null) return c;
    ComponentSource<? extends C> source = source(name);
    if (source == null) return null;
    return loaded.computeIfAbsent(name, n -> {
      C made = source.load(n.substring(source.prefix().length() + 1));
      if (!made.name().equals(n)) {
        throw new IllegalStateException(source.getClass().getName() + " made '" + made.name() + "' for '" + n + "'");
      }
      return made;
    });
  }

  /** The source for a {@code PREFIX:REFERENCE} name, or null. */
  private ComponentSource<? extends C> source(String name) {
    int colon = name.indexOf(':');
    if (colon <= 0 || colon == name.length() - 1) return null;
    return sources.get(name.substring(0, colon));
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
    String forms = sources.isEmpty() ? "" : "; or " + String.join(", ", referenceForms());
    return "unknown " + kind + " '" + name + "' (known: "
        + (byName.isEmpty() ? "none" : String.join(", ", byName.keySet())) + forms + ")";
  }
}
