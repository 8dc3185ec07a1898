package dev.bufmgr.replay.catalog;

import dev.bufmgr.core.pool.NamedPools;
import dev.bufmgr.replay.PoolPolicy;
import dev.bufmgr.replay.PooledPolicy;
import dev.bufmgr.workloads.synth.PageClasses;
import dev.bufmgr.replay.ReplayPolicy;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.replay.baseline.Baselines;
import java.util.ArrayList;
import java.util.List;

/**
 * Resolves {@code --policy NAME[:key=value,...]}: a baseline ({@link Baselines}) or a selector
 * registered in the {@link SelectorRegistry} (or made by one of its sources, {@code
 * file:PATH.java}), run through the pool. Both kinds' parameters are
 * validated by {@link dev.bufmgr.core.params.Parameters}, with the same messages.
 */
public final class PolicyCatalog {
  /** What a policy spec is called in messages. */
  private static final String WHAT = "policy";

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
    Spec spec = Spec.parse(WHAT, text);
    if (Baselines.isBaseline(spec.name())) return Baselines.create(WHAT, spec);
    if (!registry.contains(spec.name())) {
      List<String> forms = registry.components().referenceForms();
      throw Spec.fault(WHAT, spec.toString(), "unknown policy '" + spec.name() + "' (known: " + String.join(", ", names())
          + (forms.isEmpty() ? "" : "; or " + String.join(", ", forms)) + ")");
    }
    registry.components().resolve(WHAT, spec);
    return new PoolPolicy(registry, spec, rings);
  }

  /**
   * Pools side by side ({@code --pools}, {@link NamedPools}), page classes named as the synthetic
   * workloads name them ({@link PageClasses}); throws in one line naming the flag and the reason.
   */
  public PooledPolicy pools(String text) {
    return new PooledPolicy(registry, NamedPools.parse(text, PageClasses.names(), registry), rings);
  }

  /**
   * The default set: every registered selector with its defaults, then every baseline ({@link
   * Baselines#defaultSpecs()}: OPT both with and without bypass, so each policy has its bound).
   */
  public List<ReplayPolicy> defaults() {
    List<ReplayPolicy> out = new ArrayList<>();
    for (String n : registry.names()) out.add(resolve(n));
    for (String s : Baselines.defaultSpecs()) out.add(resolve(s));
    return out;
  }
}
