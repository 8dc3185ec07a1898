package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.testing.NearAllPinnedSuite;
import java.util.ArrayList;
import java.util.List;

/** G-CLOCK with each hand, SIEVE and CLOCK-Pro, near all pinned: no search gives up while a buffer is free to take. */
class NearAllPinnedTest extends NearAllPinnedSuite {
  @Override
  protected List<String> selectorSpecs() {
    List<String> specs = new ArrayList<>(GClockVariants.SPECS);
    specs.add("sieve");
    specs.add("clockpro");
    specs.add("clockpro:coldRatio=0");
    return specs;
  }
}
