package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.NearAllPinnedSuite;
import java.util.List;

/** SLRU near all pinned: no search gives up while a buffer is free to take. */
class SlruNearAllPinnedTest extends NearAllPinnedSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("slru:sizes=1:3");
  }
}
