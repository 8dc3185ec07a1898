package dev.bufmgr.replay;

import dev.bufmgr.workloads.stream.BlockConsumer;
import dev.bufmgr.workloads.stream.EventBlock;

/**
 * One policy at one pool size replaying a stream: it takes the stream's blocks in order, on one
 * thread, and gives its result after the last. Runs of one pass share the blocks read-only, so
 * each is exactly the single-threaded replay it would be alone.
 */
public interface ReplayRun extends BlockConsumer {

  /** The result after the last block; {@code seconds} is the time the run spent in {@code accept}. */
  ReplayResult finish(double seconds);

  /** Whether the run can note the pages that missed it ({@link #acceptNotingMisses}). */
  default boolean notesMisses() {
    return false;
  }

  /**
   * {@link #accept}, and the pages of the block's requests that missed this run written to its
   * {@link EventBlock#missBuffer} and published ({@link EventBlock#notedMisses}). Only where
   * {@link #notesMisses}.
   */
  default void acceptNotingMisses(EventBlock block) {
    throw new UnsupportedOperationException("this run does not note its misses");
  }
}
