package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.PoolStressSuite;
import java.util.List;

/** LRU-K keeps the pool's invariants under concurrent use. */
class LruKStressTest extends PoolStressSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("lru-k");
  }
}
