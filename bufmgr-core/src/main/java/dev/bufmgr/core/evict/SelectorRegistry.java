package dev.bufmgr.core.evict;

import dev.bufmgr.core.buffer.Descriptors;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The registered victim selectors, found by name. Built from the {@link SelectorFactory}
 * services on the class path; callers never name a selector class.
 */
public final class SelectorRegistry {
  private final Map<String, SelectorFactory> byName;

  private SelectorRegistry(Map<String, SelectorFactory> byName) {
    this.byName = Collections.unmodifiableMap(byName);
  }

  /**
   * Loads every factory visible to this class's loader.
   *
   * @throws IllegalStateException when two factories claim the same name
   */
  public static SelectorRegistry load() {
    Map<String, SelectorFactory> found = new TreeMap<>();
    for (SelectorFactory f : ServiceLoader.load(SelectorFactory.class, SelectorRegistry.class.getClassLoader())) {
      SelectorFactory previous = found.put(f.name(), f);
      if (previous != null) {
        throw new IllegalStateException(
            "two selector factories named '" + f.name() + "': " + previous.getClass().getName()
                + " and " + f.getClass().getName());
      }
    }
    return new SelectorRegistry(found);
  }

  /**
   * A registry of exactly the given factories, for embedding the pool with a selector that is not
   * on the class path as a service.
   *
   * @throws IllegalStateException when two factories claim the same name
   */
  public static SelectorRegistry of(SelectorFactory... factories) {
    Map<String, SelectorFactory> found = new TreeMap<>();
    for (SelectorFactory f : factories) {
      if (found.put(f.name(), f) != null) {
        throw new IllegalStateException("two selector factories named '" + f.name() + "'");
      }
    }
    return new SelectorRegistry(found);
  }

  /** The registered names, sorted. */
  public List<String> names() {
    return List.copyOf(byName.keySet());
  }

  /** The registered factories, sorted by name. */
  public List<SelectorFactory> factories() {
    return List.copyOf(byName.values());
  }

  /** True when a selector of that name is registered. */
  public boolean contains(String name) {
    return byName.containsKey(name);
  }

  /**
   * The factory registered under {@code name}.
   *
   * @throws IllegalArgumentException naming the known selectors when there is none
   */
  public SelectorFactory find(String name) {
    SelectorFactory f = byName.get(name);
    if (f == null) {
      throw new IllegalArgumentException(
          "unknown policy '" + name + "' (registered selectors: "
              + (byName.isEmpty() ? "none" : String.join(", ", byName.keySet())) + ")");
    }
    return f;
  }

  /**
   * Checks the name and the parameter values of a spec and returns the full parameter set.
   *
   * @throws IllegalArgumentException for an unknown name, an unknown parameter or a bad value
   */
  public SelectorParameters validate(SelectorSpec spec) {
    SelectorFactory f = find(spec.name());
    return SelectorParameters.resolve(f.name(), f.parameters(), spec.parameters());
  }

  /** Creates the selector a spec names, for a pool with these descriptors. */
  public VictimSelector create(SelectorSpec spec, Descriptors descriptors) {
    return find(spec.name()).create(descriptors, validate(spec));
  }
}
