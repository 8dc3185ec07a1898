package dev.bufmgr.eviction.s3fifo;

import dev.bufmgr.core.testing.SelectorConformanceSuite;
import java.util.List;

/** S3-FIFO in each variant passes the selector conformance suite. */
class S3FifoConformanceTest extends SelectorConformanceSuite {
  @Override
  protected List<String> selectorSpecs() {
    return S3FifoVariants.SPECS;
  }
}
