package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.NearAllPinnedSuite;
import java.util.List;

/** LIRS near all pinned: no search gives up while a buffer is free to take. */
class LirsNearAllPinnedTest extends NearAllPinnedSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("lirs");
  }
}
