package dev.bufmgr.eviction.hotcool;

import dev.bufmgr.core.testing.NearAllPinnedSuite;
import java.util.List;

/** Each HotCool variant near all pinned: no search gives up while a buffer is free to take. */
class NearAllPinnedTest extends NearAllPinnedSuite {
  @Override
  protected List<String> selectorSpecs() {
    return HotCoolVariants.SPECS;
  }
}
