package dev.bufmgr.eviction.hotcool;

import dev.bufmgr.core.testing.SelectorConformanceSuite;
import java.util.List;

/** HOT/COOL with each hand and promotion rule passes the selector conformance suite. */
class HotCoolConformanceTest extends SelectorConformanceSuite {
  @Override
  protected List<String> selectorSpecs() {
    return HotCoolVariants.SPECS;
  }
}
