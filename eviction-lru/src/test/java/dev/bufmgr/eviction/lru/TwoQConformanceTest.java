package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.SelectorConformanceSuite;
import java.util.List;

/** 2Q passes the selector conformance suite. */
class TwoQConformanceTest extends SelectorConformanceSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("twoq", "twoq:in=0.5,out=1.0");
  }
}
