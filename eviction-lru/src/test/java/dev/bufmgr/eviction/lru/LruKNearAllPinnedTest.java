package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.NearAllPinnedSuite;
import java.util.List;

/** LRU-K near all pinned: no search gives up while a buffer is free to take. */
class LruKNearAllPinnedTest extends NearAllPinnedSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("lru-k", "lru-k:k=3,crp=5,rip=500");
  }
}
