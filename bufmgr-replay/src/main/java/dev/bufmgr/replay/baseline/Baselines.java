package dev.bufmgr.replay.baseline;

import dev.bufmgr.core.evict.ParameterSpec;
import dev.bufmgr.core.evict.SelectorParameters;
import dev.bufmgr.core.evict.SelectorSpec;
import dev.bufmgr.replay.ReplayPolicy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The baseline replay policies by name: lru, opt (parameter {@code bypass}) and caffeine (parameter
 * {@code runs}). Their
 * parameters are declared and validated as the selectors' are ({@link ParameterSpec}, {@link
 * SelectorParameters}), so a bad value or an unknown key is refused with the same one line.
 */
public final class Baselines {
  private record Baseline(List<ParameterSpec> parameters, Function<SelectorParameters, ReplayPolicy> create) {}

  private static final Map<String, Baseline> BY_NAME = new LinkedHashMap<>();

  static {
    BY_NAME.put("lru", new Baseline(List.of(), p -> new LruPolicy()));
    BY_NAME.put(OptPolicy.NAME, new Baseline(OptPolicy.PARAMETERS, OptPolicy::new));
    BY_NAME.put("caffeine", new Baseline(CaffeinePolicy.PARAMETERS, CaffeinePolicy::new));
  }

  /**
   * The baselines of a default run, in order: both OPT variants, demand paging (the bound of the
   * pool's selectors and LRU) beside LRU and the one with bypass (the bound of Caffeine) beside
   * Caffeine.
   */
  private static final List<String> DEFAULT_SPECS = List.of("lru", "opt:bypass=false", "opt:bypass=true", "caffeine");

  private Baselines() {}

  /** The names, in a fixed order. */
  public static Set<String> names() {
    return BY_NAME.keySet();
  }

  /** Whether {@code name} is a baseline. */
  public static boolean isBaseline(String name) {
    return BY_NAME.containsKey(name);
  }

  /** The parameters the named baseline takes (none for lru); throws for an unknown name. */
  public static List<ParameterSpec> parameters(String name) {
    return find(name).parameters();
  }

  /** The specs a default run replays: every baseline, OPT in both variants. */
  public static List<String> defaultSpecs() {
    return DEFAULT_SPECS;
  }

  /**
   * A new instance of the baseline {@code spec} names, its parameters validated.
   *
   * @throws IllegalArgumentException for an unknown name, an unknown parameter or a bad value
   */
  public static ReplayPolicy create(SelectorSpec spec) {
    Baseline b = find(spec.name());
    return b.create().apply(SelectorParameters.resolve(spec.name(), b.parameters(), spec.parameters()));
  }

  private static Baseline find(String name) {
    Baseline b = BY_NAME.get(name);
    if (b == null) throw new IllegalArgumentException("unknown baseline '" + name + "' (known: " + String.join(", ", BY_NAME.keySet()) + ")");
    return b;
  }
}
