package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.testing.SelectorConformanceSuite;
import java.util.List;

/** CLOCK-Pro passes the selector conformance suite, with its default and its smallest cold target. */
class ClockProConformanceTest extends SelectorConformanceSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("clockpro", "clockpro:coldRatio=0");
  }
}
