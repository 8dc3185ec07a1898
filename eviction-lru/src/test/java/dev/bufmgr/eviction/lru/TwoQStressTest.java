package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.PoolStressSuite;
import java.util.List;

/** 2Q keeps the pool's invariants under concurrent use. */
class TwoQStressTest extends PoolStressSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("twoq", "twoq:in=0.5,out=1.0");
  }
}
