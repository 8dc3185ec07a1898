package dev.bufmgr.workloads.replay;

import dev.bufmgr.workloads.stream.BlockConsumer;

/**
 * One policy at one pool size replaying a stream: it takes the stream's blocks in order, on one
 * thread, and gives its result after the last. Runs of one pass share the blocks read-only, so
 * each is exactly the single-threaded replay it would be alone.
 */
public interface ReplayRun extends BlockConsumer {

  /** The result after the last block; {@code seconds} is the time the run spent in {@code accept}. */
  ReplayResult finish(double seconds);
}
