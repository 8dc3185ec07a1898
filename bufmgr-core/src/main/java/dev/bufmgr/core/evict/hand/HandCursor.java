package dev.bufmgr.core.evict.hand;

/**
 * One thread's view of a {@link ClockHand} during its victim searches. Not thread-safe: each
 * thread has its own.
 *
 * <p>A search ({@link ClockSweep#findVictim}) calls {@link #beginSearch}, then for each tick
 * {@link #next} and, depending on what it found there, {@link #pinned} (the buffer was pinned) or
 * {@link #aged} (it aged the buffer's usage bits); a claimed victim ends the search. The cursor
 * decides when a search has seen every buffer pinned and must give up.
 */
public interface HandCursor {

  /** A victim search begins; a partitioned cursor returns to its home stripe. */
  void beginSearch();

  /** Advances one tick and returns the buffer now under the hand. */
  int next();

  /**
   * The buffer of the last tick was pinned. Returns {@code true} when the search has now found
   * every buffer pinned since it began or last aged one, and must give up with {@code
   * NoUnpinnedBuffersException}.
   */
  boolean pinned();

  /** The search aged the buffer of the last tick: it made progress, and the give-up count starts again. */
  void aged();
}
