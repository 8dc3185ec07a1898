package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.testing.PoolStressSuite;
import java.util.List;

/** SIEVE keeps the pool's invariants under concurrent use. */
class SieveStressTest extends PoolStressSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("sieve");
  }
}
