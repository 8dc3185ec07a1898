package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Registers {@code lru-k}: O'Neil, O'Neil and Weikum's LRU-K (SIGMOD '93), the policy designed for
 * database buffers (see {@link LruKSelector}); libCacheSim has no LRU-K. Parameters, in
 * references: {@code k}, default 2 (the paper's LRU-2); {@code crp}, the correlated reference
 * period, default 0 (every reference uncorrelated); {@code rip}, the retained information
 * period, default 0 (histories kept for ever). It needs every hit ({@link
 * Requirement#HIT_NOTIFICATION}).
 */
public final class LruKSelectorFactory implements SelectorFactory {

  @Override
  public String name() {
    return "lru-k";
  }

  @Override
  public String description() {
    return "LRU-K (O'Neil, O'Neil and Weikum, SIGMOD '93): evicts the largest backward K-distance, fewer than K references first, by LRU";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ParameterSpec.integer("k", 2, 1, 16, "references remembered per page; the victim has the oldest K-th last reference"),
        ParameterSpec.integer("crp", 0, 0, Integer.MAX_VALUE, "correlated reference period in references: re-references within it count as one"),
        ParameterSpec.integer("rip", 0, 0, 1_000_000_000_000L, "retained information period in references: how long an evicted page's history is kept (0: for ever)"));
  }

  @Override
  public Set<Requirement> requirements() {
    return EnumSet.of(Requirement.HIT_NOTIFICATION);
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    return new LruKSelector(descriptors, parameters.intValue("k"), parameters.longValue("crp"), parameters.longValue("rip"),
        parameters.canonicalName());
  }
}
