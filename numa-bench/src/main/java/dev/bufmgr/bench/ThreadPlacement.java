package dev.bufmgr.bench;

/** Places a benchmark worker thread on a CPU by the {@code pinning} parameter and its thread index. */
final class ThreadPlacement {
  private ThreadPlacement() {}

  /** Pins the calling thread as {@code pinning} says for thread {@code threadIndex}. */
  static void place(String pinning, int threadIndex) {
    if (!pinning.trim().equalsIgnoreCase("none")) {
      throw new IllegalArgumentException("pinning '" + pinning + "' is not available yet (only none)");
    }
  }

  /** The CPU the calling thread runs on, or -1 when unknown. */
  static int currentCpu() {
    return -1;
  }
}
