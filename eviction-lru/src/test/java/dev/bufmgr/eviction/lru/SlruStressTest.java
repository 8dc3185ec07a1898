package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.PoolStressSuite;
import java.util.List;

/** SLRU keeps the pool's invariants under concurrent use. */
class SlruStressTest extends PoolStressSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("slru");
  }
}
