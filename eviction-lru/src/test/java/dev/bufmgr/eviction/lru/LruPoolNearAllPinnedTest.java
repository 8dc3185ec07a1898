package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.NearAllPinnedSuite;
import java.util.List;

/** LRU in the pool near all pinned: no search gives up while a buffer is free to take. */
class LruPoolNearAllPinnedTest extends NearAllPinnedSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("lru-pool");
  }
}
