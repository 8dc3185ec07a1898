package dev.bufmgr.eviction.s3fifo;

import dev.bufmgr.core.testing.NearAllPinnedSuite;
import java.util.List;

/** Each S3Fifo variant near all pinned: no search gives up while a buffer is free to take. */
class NearAllPinnedTest extends NearAllPinnedSuite {
  @Override
  protected List<String> selectorSpecs() {
    return S3FifoVariants.SPECS;
  }
}
