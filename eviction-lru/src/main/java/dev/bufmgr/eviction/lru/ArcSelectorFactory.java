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
 * Registers {@code arc}: Megiddo and Modha's adaptive replacement cache (FAST '03) with T1, T2,
 * B1, B2 and the adaptive target p, as libCacheSim's {@code cache/eviction/ARC.c} implements it;
 * PostgreSQL 8.0.0 shipped an ARC in {@code freelist.c}. It needs every hit ({@link
 * Requirement#HIT_NOTIFICATION}): a hit moves the page to T2. No parameters (ARC has none).
 */
public final class ArcSelectorFactory implements SelectorFactory {

  @Override
  public String name() {
    return "arc";
  }

  @Override
  public String description() {
    return "ARC (Megiddo and Modha, libCacheSim ARC.c): LRU lists T1 and T2, ghost lists B1 and B2, T1's target size adapted on ghost hits";
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
    return new ArcSelector(descriptors, parameters.canonicalName());
  }
}
