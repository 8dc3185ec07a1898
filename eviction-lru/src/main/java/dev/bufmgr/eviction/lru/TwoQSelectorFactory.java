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
 * Registers {@code twoq}: Johnson and Shasha's full 2Q (VLDB '94) with A1in, A1out and Am, as
 * libCacheSim's {@code cache/eviction/TwoQ.c} implements it (parameters {@code in}, default 0.25,
 * its {@code Ain-size-ratio}; {@code out}, default 0.5, its {@code Aout-size-ratio}). PostgreSQL
 * 8.0.2 shipped a 2Q in {@code freelist.c} before 8.1 replaced it with the clock sweep.
 */
public final class TwoQSelectorFactory implements SelectorFactory {

  @Override
  public String name() {
    return "twoq";
  }

  @Override
  public String description() {
    return "full 2Q (Johnson and Shasha, libCacheSim TwoQ.c): FIFO A1in, ghost A1out, LRU Am";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ParameterSpec.decimal("in", 0.25, 0.0, 1.0, "share of the pool A1in may hold before it gives up pages (libCacheSim Ain-size-ratio)"),
        ParameterSpec.decimal("out", 0.5, 0.0, 4.0, "ghost ids in A1out as a fraction of the pool (libCacheSim Aout-size-ratio)"));
  }

  @Override
  public Set<Requirement> requirements() {
    return EnumSet.of(Requirement.HIT_NOTIFICATION);
  }

  @Override
  public VictimSelector create(Descriptors descriptors, Parameters parameters) {
    int frames = descriptors.frames();
    return new TwoQSelector(descriptors, (int) (frames * parameters.doubleValue("in")),
        (int) (frames * parameters.doubleValue("out")), parameters.canonicalName());
  }
}
