package dev.bufmgr.eviction.s3fifo;

import java.util.List;

/**
 * The S3-FIFO configurations the shared suites run: both thresholds, ghost on and off, a larger
 * small queue with the ring cap open, and libCacheSim's original file (without {@code has_evicted})
 * with the default cap and with a larger small queue and the cap open.
 */
final class S3FifoVariants {
  private S3FifoVariants() {}

  static final List<String> SPECS =
      List.of(
          "s3fifo",
          "s3fifo:threshold=1",
          "s3fifo:ghost=0",
          "s3fifo:strategyCap=1.0,small=0.25",
          "s3fifo:variant=original",
          "s3fifo:variant=original,strategyCap=1.0,small=0.25");
}
