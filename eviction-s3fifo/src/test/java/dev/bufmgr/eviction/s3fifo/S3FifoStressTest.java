package dev.bufmgr.eviction.s3fifo;

import dev.bufmgr.core.testing.PoolStressSuite;
import java.util.List;

/** S3-FIFO in each variant keeps the pool's invariants under concurrent use. */
class S3FifoStressTest extends PoolStressSuite {
  @Override
  protected List<String> selectorSpecs() {
    return S3FifoVariants.SPECS;
  }
}
