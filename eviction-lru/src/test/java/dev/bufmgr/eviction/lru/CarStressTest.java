package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.PoolStressSuite;
import java.util.List;

/** CAR keeps the pool's invariants under concurrent use. */
class CarStressTest extends PoolStressSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("car");
  }
}
