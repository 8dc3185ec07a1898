package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.evict.SelectorFactory;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.evict.VictimSelector;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Registers {@code lru-pool}: least recently used as a selector in the pool, beside the {@code lru}
 * baseline that replays outside it (the two cross-check each other). It needs every hit
 * ({@link Requirement#HIT_NOTIFICATION}). No parameters.
 */
public final class LruSelectorFactory implements SelectorFactory {

  @Override
  public String name() {
    return "lru-pool";
  }

  @Override
  public String description() {
    return "LRU in the pool (libCacheSim LRU.c): a recency list, every normal hit to its head, the tail evicted";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of();
  }

  @Override
  public Set<Requirement> requirements() {
    return EnumSet.of(Requirement.HIT_NOTIFICATION);
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    return new LruSelector(descriptors, parameters.canonicalName());
  }
}
