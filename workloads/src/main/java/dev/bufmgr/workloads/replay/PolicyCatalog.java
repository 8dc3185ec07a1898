package dev.bufmgr.workloads.replay;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.evict.SelectorSpec;
import dev.bufmgr.workloads.baseline.Baselines;
import java.util.ArrayList;
import java.util.List;

/**
 * Resolves {@code --policy NAME[:key=value,...]}: a baseline (lru, opt, caffeine; no parameters)
 * or a selector registered in the {@link SelectorRegistry}, run through the pool.
 */
public final class PolicyCatalog {
  private final SelectorRegistry registry;
  private final boolean rings;

  /** A catalog over the class path's registry. */
  public PolicyCatalog(boolean rings) {
    this(SelectorRegistry.load(), rings);
  }

  /** A catalog over {@code registry}; {@code rings} switches the pool's rings. */
  public PolicyCatalog(SelectorRegistry registry, boolean rings) {
    this.registry = registry;
    this.rings = rings;
  }

  /** The registry. */
  public SelectorRegistry registry() {
    return registry;
  }

  /** Every name a policy can have: the registered selectors, then the baselines. */
  public List<String> names() {
    List<String> all = new ArrayList<>(registry.names());
    all.addAll(Baselines.names());
    return all;
  }

  /** The policy {@code text} names; throws naming the known policies or the bad parameter. */
  public ReplayPolicy resolve(String text) {
    SelectorSpec spec = SelectorSpec.parse(text);
    if (Baselines.isBaseline(spec.name())) {
      if (!spec.parameters().isEmpty()) {
        throw new IllegalArgumentException(
            "policy " + spec.name() + " takes no parameters, got '" + String.join(",", spec.parameters().keySet()) + "'");
      }
      return Baselines.create(spec.name());
    }
    if (!registry.contains(spec.name())) {
      throw new IllegalArgumentException(
          "unknown policy '" + spec.name() + "' (known: " + String.join(", ", names()) + ")");
    }
    return new PoolPolicy(registry, spec, rings);
  }

  /** The default set: every registered selector with its defaults, then every baseline. */
  public List<ReplayPolicy> defaults() {
    List<ReplayPolicy> out = new ArrayList<>();
    for (String n : names()) out.add(resolve(n));
    return out;
  }
}
