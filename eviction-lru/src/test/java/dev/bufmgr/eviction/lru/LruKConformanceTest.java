package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.SelectorConformanceSuite;
import java.util.List;

/** LRU-K passes the selector conformance suite. */
class LruKConformanceTest extends SelectorConformanceSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("lru-k", "lru-k:k=3,crp=5,rip=500");
  }
}
