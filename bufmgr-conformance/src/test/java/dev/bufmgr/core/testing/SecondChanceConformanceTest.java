package dev.bufmgr.core.testing;

import dev.bufmgr.core.evict.SelectorRegistry;
import java.util.List;

/** The conformance suite on the core's own test selector, through an explicit registry. */
class SecondChanceConformanceTest extends SelectorConformanceSuite {

  @Override
  protected List<String> selectorSpecs() {
    return List.of("second-chance", "second-chance:batch=8");
  }

  @Override
  protected SelectorRegistry registry() {
    return SecondChanceFactory.registry();
  }
}
