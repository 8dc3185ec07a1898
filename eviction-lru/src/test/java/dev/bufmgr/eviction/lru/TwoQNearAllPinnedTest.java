package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.NearAllPinnedSuite;
import java.util.List;

/** 2Q near all pinned: no search gives up while a buffer is free to take. */
class TwoQNearAllPinnedTest extends NearAllPinnedSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("twoq", "twoq:in=0.5,out=1.0");
  }
}
