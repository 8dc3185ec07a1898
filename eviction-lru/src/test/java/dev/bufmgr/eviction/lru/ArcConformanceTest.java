package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.SelectorConformanceSuite;
import java.util.List;

/** ARC passes the selector conformance suite. */
class ArcConformanceTest extends SelectorConformanceSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("arc");
  }
}
