package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.testing.NearAllPinnedSuite;
import java.util.List;

/** CAR near all pinned: no search gives up while a buffer is free to take. */
class CarNearAllPinnedTest extends NearAllPinnedSuite {
  @Override
  protected List<String> selectorSpecs() {
    return List.of("car");
  }
}
