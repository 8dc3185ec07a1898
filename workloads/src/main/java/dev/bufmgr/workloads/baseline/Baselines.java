package dev.bufmgr.workloads.baseline;

import dev.bufmgr.workloads.replay.ReplayPolicy;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** The baseline replay policies by name: lru, opt, caffeine. None takes parameters. */
public final class Baselines {
  private static final Map<String, Supplier<ReplayPolicy>> BY_NAME = new LinkedHashMap<>();

  static {
    BY_NAME.put("lru", LruPolicy::new);
    BY_NAME.put("opt", OptPolicy::new);
    BY_NAME.put("caffeine", CaffeinePolicy::new);
  }

  private Baselines() {}

  /** The names, in a fixed order. */
  public static Set<String> names() {
    return BY_NAME.keySet();
  }

  /** Whether {@code name} is a baseline. */
  public static boolean isBaseline(String name) {
    return BY_NAME.containsKey(name);
  }

  /** A new instance of the named baseline; throws for an unknown name. */
  public static ReplayPolicy create(String name) {
    Supplier<ReplayPolicy> s = BY_NAME.get(name);
    if (s == null) throw new IllegalArgumentException("unknown baseline '" + name + "' (known: " + String.join(", ", BY_NAME.keySet()) + ")");
    return s.get();
  }
}
