package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.SelectorConformanceSuite;
import java.util.List;

/** CAR passes the selector conformance suite. */
class CarConformanceTest extends SelectorConformanceSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("car");
  }
}
