package dev.bufmgr.bench;

import dev.bufmgr.bench.placement.Topology;

import dev.bufmgr.bench.placement.PinPolicy;
import dev.bufmgr.bench.placement.Pinning;

/**
 * Places a benchmark worker thread by the {@code pinning} parameter and its JMH thread index
 * ({@link Pinning}, on a {@link Topology}: the host's, or a forced one).
 */
final class ThreadPlacement {
  private ThreadPlacement() {}

  /** Pins the calling thread as {@code pinning} says for thread {@code threadIndex} on {@code topology}; nothing for none. */
  static void place(String pinning, int threadIndex, Topology topology) {
    PinPolicy policy = PinPolicy.parse(pinning);
    if (policy != PinPolicy.NONE) Pinning.pinCurrentThread(policy, threadIndex, topology);
  }

  /** The CPU the calling thread runs on, or -1 when the platform cannot say. */
  static int currentCpu() {
    try {
      return Pinning.currentCpu();
    } catch (RuntimeException | LinkageError e) {
      return -1;
    }
  }
}
