package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.SelectorConformanceSuite;
import java.util.List;

/** LIRS passes the selector conformance suite. */
class LirsConformanceTest extends SelectorConformanceSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("lirs");
  }
}
