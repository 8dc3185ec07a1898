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
 * Registers {@code car}: Bansal and Modha's CLOCK with Adaptive Replacement (FAST '04, Fig. 2; see
 * {@link CarSelector}); libCacheSim has no CAR. No parameters (CAR has none). It needs every hit
 * ({@link Requirement#HIT_NOTIFICATION}): a hit sets the page's reference bit.
 */
public final class CarSelectorFactory implements SelectorFactory {

  @Override
  public String name() {
    return "car";
  }

  @Override
  public String description() {
    return "CAR (Bansal and Modha, FAST '04): ARC's adaptation over two clocks T1 and T2 with reference bits";
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
    return new CarSelector(descriptors, parameters.canonicalName());
  }
}
