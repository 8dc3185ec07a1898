package dev.bufmgr.core.buffer;

/**
 * Where the descriptor stripes live and which stripe is a thread's own: who first touches each
 * stripe's memory (Linux places a page on the node of the CPU that first touches it; Andres
 * Freund's pgconf.eu 2024 NUMA notes), and the home stripe a partitioned clock hand gives the
 * calling thread. The core applies no policy of its own: {@link #DEFAULT} is the pool's behaviour
 * without one, and a benchmark may supply a NUMA-aware placement through {@code
 * PoolConfig.Builder#placement}.
 *
 * <p>Implementations must be thread-safe: {@link #homeStripe} is called by every thread that makes
 * a hand cursor.
 */
public interface StripePlacement {

  /** Each stripe touched by a new platform thread of its own; home stripes handed out round-robin. */
  StripePlacement DEFAULT = new StripePlacement() {
    @Override
    public String toString() {
      return "default";
    }
  };

  /**
   * The unstarted platform thread that allocates, and so first touches, stripe {@code stripe} of
   * {@code stripes} (more than one) by running {@code touch}; the descriptors start one per stripe
   * together and wait for all. One stripe is always touched by the allocating thread itself.
   * {@code touch} reports its own failure; the thread must run it exactly once.
   */
  default Thread toucher(int stripe, int stripes, Runnable touch) {
    return Thread.ofPlatform().name("descriptor-stripe-" + stripe).unstarted(touch);
  }

  /**
   * The home stripe, in 0..stripes-1, of a partitioned hand's cursor made on the calling thread,
   * the {@code arrival}-th cursor of that hand (0, 1, 2, ...). By default {@code arrival mod
   * stripes}: successive threads take successive stripes.
   */
  default int homeStripe(int stripes, int arrival) {
    return Math.floorMod(arrival, stripes);
  }
}
