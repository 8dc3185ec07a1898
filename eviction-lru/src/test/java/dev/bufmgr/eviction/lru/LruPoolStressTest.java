package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.PoolStressSuite;
import java.util.List;

/** LRU in the pool keeps the pool's invariants under concurrent use. */
class LruPoolStressTest extends PoolStressSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("lru-pool");
  }
}
