package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.testing.SelectorConformanceSuite;
import java.util.List;

/** SIEVE passes the selector conformance suite. */
class SieveConformanceTest extends SelectorConformanceSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("sieve");
  }
}
