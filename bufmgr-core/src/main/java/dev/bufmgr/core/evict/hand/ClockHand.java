package dev.bufmgr.core.evict.hand;

/**
 * A clock hand: the shared position of a sweep over the buffers, as in PostgreSQL's {@code
 * ClockSweepTick} (freelist.c). Threads sweep through a per-thread {@link HandCursor}, which
 * decides how often the shared position is touched: once per tick (the stock hand), once per B
 * ticks (the batched hand), or per stripe (the partitioned hand).
 *
 * <p>In single-threaded use every hand kind on one stripe visits buffers 0, 1, 2, ... in order,
 * starting at 0, and after the thread takes buffer b its next tick is b + 1 (mod N).
 */
public interface ClockHand {

  /** The calling thread's cursor on this hand (created on first use, then reused). */
  HandCursor cursor();

  /** The hand's kind and batch, e.g. {@code batched(64)} or {@code partitioned(4 stripes, 16)}. */
  String describe();

  /** Independent sweeps of this hand: 1, or one per stripe for a partitioned hand. */
  int sweeps();

  /** The first buffer of sweep {@code sweep}. */
  int sweepStart(int sweep);

  /** The buffers sweep {@code sweep} goes round. */
  int sweepLength(int sweep);

  /**
   * Ticks taken from sweep {@code sweep} so far by every thread (PostgreSQL's {@code
   * completePasses * NBuffers + nextVictimBuffer}): the next tick examines buffer {@code
   * sweepStart + position % sweepLength}. A batched hand's ticks are claimed B at a time, so
   * the position may run up to B ahead of the buffers actually examined.
   */
  long position(int sweep);
}
