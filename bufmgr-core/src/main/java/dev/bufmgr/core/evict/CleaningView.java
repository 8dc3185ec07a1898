package dev.bufmgr.core.evict;

/**
 * A selector's victim search seen from a background cleaner (PostgreSQL's bgwriter, which runs
 * ahead of the clock hand and writes the dirty buffers the hand will reach: {@code
 * StrategySyncStart} in freelist.c, {@code BgBufferSync} in bufmgr.c). The search is one or more
 * <em>sweeps</em>, each an order in which it examines buffers: the buffers ahead of a clock hand
 * (one sweep, or one per stripe for a partitioned hand), or the tails of S3-FIFO's queues (one
 * sweep per queue). A position counts the buffers a sweep has examined since the pool began, so
 * position {@code p} lies {@code p - position(sweep)} buffers ahead of the search.
 *
 * <p>Nothing here claims a buffer or changes the selector's state, so cleaning changes no
 * decision of the selector: a replay with a cleaner running between requests gets the same hits.
 *
 * <p>Threading: any thread, at any time, concurrently with victim searches; answers are
 * snapshots that the search may overtake at once.
 */
public interface CleaningView {

  /** The number of sweeps. */
  int sweeps();

  /** How many buffers a lap of sweep {@code sweep} covers now. */
  int length(int sweep);

  /** The buffers sweep {@code sweep} has examined so far (never decreases). */
  long position(int sweep);

  /**
   * The buffer the search will examine at position {@code position} of the sweep, as things
   * stand now, or -1 when none will (beyond what the sweep holds, or an entry that no longer
   * stands for its buffer).
   */
  int bufferAt(int sweep, long position);

  /**
   * Whether buffer {@code buffer}, whose state word is {@code state}, is reusable now: unpinned,
   * and in the selector's own terms next to go (PostgreSQL's {@code BUF_REUSABLE}: reference count
   * and usage count 0).
   */
  boolean reusable(int buffer, long state);
}
