package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.testing.SelectorConformanceSuite;
import java.util.List;

/** G-CLOCK with each hand passes the selector conformance suite. */
class GClockConformanceTest extends SelectorConformanceSuite {
  @Override
  protected List<String> selectorSpecs() {
    return GClockVariants.SPECS;
  }
}
