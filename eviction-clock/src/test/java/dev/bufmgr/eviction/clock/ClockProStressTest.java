package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.testing.PoolStressSuite;
import java.util.List;

/** CLOCK-Pro keeps the pool's invariants under concurrent use. */
class ClockProStressTest extends PoolStressSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("clockpro", "clockpro:coldRatio=0");
  }
}
