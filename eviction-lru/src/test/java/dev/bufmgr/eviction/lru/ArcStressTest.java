package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.PoolStressSuite;
import java.util.List;

/** ARC keeps the pool's invariants under concurrent use. */
class ArcStressTest extends PoolStressSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("arc");
  }
}
