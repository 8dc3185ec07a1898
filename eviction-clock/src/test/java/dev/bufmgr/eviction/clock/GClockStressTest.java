package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.testing.PoolStressSuite;
import java.util.List;

/** G-CLOCK with each hand keeps the pool's invariants under concurrent use. */
class GClockStressTest extends PoolStressSuite {
  @Override
  protected List<String> selectorSpecs() {
    return GClockVariants.SPECS;
  }
}
