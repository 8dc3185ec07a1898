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
 * Registers {@code lirs}: Jiang and Zhang's LIRS (SIGMETRICS '02) as libCacheSim's {@code
 * cache/eviction/LIRS.c} implements it (see {@link LirsSelector}). Parameters: {@code hir},
 * default 0.01, the share of the pool for resident HIR pages (libCacheSim's {@code hirs_ratio},
 * which it does not let a user set; at least one page); {@code stack}, default 2, the most
 * entries S keeps as a multiple of the pool (libCacheSim's {@code limitStack}). It needs every hit
 * ({@link Requirement#HIT_NOTIFICATION}).
 */
public final class LirsSelectorFactory implements SelectorFactory {

  @Override
  public String name() {
    return "lirs";
  }

  @Override
  public String description() {
    return "LIRS (Jiang and Zhang, libCacheSim LIRS.c): LIR set by inter-reference recency, stack S with non-resident ids, HIR pages in Q";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ParameterSpec.decimal("hir", 0.01, 0.0, 0.5, "share of the pool for resident HIR pages, at least one (libCacheSim hirs_ratio)"),
        ParameterSpec.decimal("stack", 2.0, 1.0, 1000.0, "most entries of stack S as a multiple of the pool (libCacheSim limitStack)"));
  }

  @Override
  public Set<Requirement> requirements() {
    return EnumSet.of(Requirement.HIT_NOTIFICATION);
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    return new LirsSelector(descriptors, parameters.doubleValue("hir"), parameters.doubleValue("stack"), parameters.canonicalName());
  }
}
