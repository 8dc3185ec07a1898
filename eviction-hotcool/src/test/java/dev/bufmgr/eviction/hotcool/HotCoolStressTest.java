package dev.bufmgr.eviction.hotcool;

import dev.bufmgr.core.testing.PoolStressSuite;
import java.util.List;

/** HOT/COOL with each hand and promotion rule keeps the pool's invariants under concurrent use. */
class HotCoolStressTest extends PoolStressSuite {
  @Override
  protected List<String> selectorSpecs() {
    return HotCoolVariants.SPECS;
  }
}
