package dev.bufmgr.core.evict;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Registry;
import dev.bufmgr.core.params.Spec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The registered victim selectors, found by name: a {@link Registry} built from the {@link
 * SelectorFactory} services on the class path, sorted by name; callers never name a selector
 * class. Names of the form {@code PREFIX:REFERENCE} are made by the {@link SelectorSource}
 * services for their prefix ({@code file:Clock.java}).
 */
public final class SelectorRegistry {
  /** What a selector is called in messages and listings. */
  public static final String KIND = "selector";

  private final Registry<SelectorFactory> registry;

  private SelectorRegistry(List<SelectorFactory> factories, List<SelectorSource> sources) {
    List<SelectorFactory> sorted = new ArrayList<>(factories);
    sorted.sort(Comparator.comparing(SelectorFactory::name));
    List<SelectorSource> bySource = new ArrayList<>(sources);
    bySource.sort(Comparator.comparing(SelectorSource::prefix));
    this.registry = Registry.of(KIND, sorted, bySource);
  }

  /**
   * Loads every factory and every source visible to this class's loader.
   *
   * @throws IllegalStateException when two factories claim the same name or two sources the same
   *     prefix
   */
  public static SelectorRegistry load() {
    ClassLoader loader = SelectorRegistry.class.getClassLoader();
    List<SelectorFactory> found = new ArrayList<>();
    ServiceLoader.load(SelectorFactory.class, loader).forEach(found::add);
    List<SelectorSource> sources = new ArrayList<>();
    ServiceLoader.load(SelectorSource.class, loader).forEach(sources::add);
    return new SelectorRegistry(found, sources);
  }

  /**
   * A registry of exactly the given factories, for embedding the pool with a selector that is not
   * on the class path as a service.
   *
   * @throws IllegalStateException when two factories claim the same name
   */
  public static SelectorRegistry of(SelectorFactory... factories) {
    return new SelectorRegistry(List.of(factories), List.of());
  }

  /** The selectors as a registry of components, sorted by name. */
  public Registry<SelectorFactory> components() {
    return registry;
  }

  /** The registered names, sorted. */
  public List<String> names() {
    return registry.names();
  }

  /** The registered factories, sorted by name. */
  public List<SelectorFactory> factories() {
    return registry.all();
  }

  /** True when a selector of that name is registered or a source serves its prefix. */
  public boolean contains(String name) {
    return registry.contains(name);
  }

  /**
   * The factory registered under {@code name}.
   *
   * @throws IllegalArgumentException naming the known selectors when there is none
   */
  public SelectorFactory find(String name) {
    return registry.find(name);
  }

  /**
   * Checks the name and the parameter values of a spec and returns the full parameter set.
   *
   * @throws IllegalArgumentException for an unknown name, an unknown parameter or a bad value,
   *     in the one form {@code selector 'SPEC': REASON}
   */
  public Parameters validate(Spec spec) {
    return registry.resolve(KIND, spec);
  }

  /** Creates the selector a spec names, for a pool with these descriptors. */
  public VictimSelector create(Spec spec, Descriptors descriptors) {
    return find(spec.name()).create(descriptors, validate(spec));
  }
}
