package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.PoolStressSuite;
import java.util.List;

/** LIRS keeps the pool's invariants under concurrent use. */
class LirsStressTest extends PoolStressSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("lirs");
  }
}
