package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.testing.SelectorConformanceSuite;
import java.util.List;

/** The paper's CLOCK-Pro passes the selector conformance suite, with its default and its smallest cold target. */
class ClockProPaperConformanceTest extends SelectorConformanceSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("clockpro-paper", "clockpro-paper:coldRatio=0");
  }
}
