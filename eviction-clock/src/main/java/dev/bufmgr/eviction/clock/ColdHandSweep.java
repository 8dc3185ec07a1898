package dev.bufmgr.eviction.clock;

import static dev.bufmgr.core.buffer.BufferState.isPinned;
import static dev.bufmgr.core.buffer.BufferState.usage;

import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.queue.BufferQueue;

/**
 * The background writer's view of a CLOCK-Pro clock ({@link ClockProSelector}, {@link
 * ClockProPaperSelector}): one sweep, the resident cold pages from the cold hand on in the order
 * the hand would examine them, positions counted in cold pages the hand has examined. A cleaner
 * (PostgreSQL's {@code BgBufferSync}) asks for consecutive positions, so the last answer is kept
 * and stepped from while the clock has not changed and the hand has not moved; otherwise the walk
 * starts again at the hand. A buffer is reusable when it is cold, unpinned and unreferenced.
 *
 * <p>Reads take the selector's lock on shared descriptors and none on exclusive ones, as the
 * selector's own methods do; the cursor itself belongs to the one cleaner that asks.
 */
abstract class ColdHandSweep implements CleaningView {
  private final Object lock;
  private final boolean exclusive;
  private long cursorChanges = -1;
  private int cursorStart = BufferQueue.NONE;
  private long cursorOffset;
  private int cursorEntry;

  /**
   * @param lock the selector's lock
   * @param exclusive whether the descriptors are exclusive (no lock taken)
   */
  ColdHandSweep(Object lock, boolean exclusive) {
    this.lock = lock;
    this.exclusive = exclusive;
  }

  /** Resident cold pages now. */
  abstract int coldPages();

  /** Cold pages the cold hand has examined since the start. */
  abstract long examined();

  /** A count that changes whenever the clock or an entry's kind changes. */
  abstract long changes();

  /** The entry the cold hand rests on. */
  abstract int coldHand();

  /** The first resident cold page at or after the cold hand's entry. */
  abstract int firstCold(int hand);

  /** The resident cold page after {@code cold}, in the hand's order, wrapping around. */
  abstract int nextCold(int cold);

  /** Whether {@code buffer} holds a resident cold page. */
  abstract boolean isCold(int buffer);

  @Override
  public final int sweeps() {
    return 1;
  }

  @Override
  public final int length(int sweep) {
    if (exclusive) return coldPages();
    synchronized (lock) {
      return coldPages();
    }
  }

  @Override
  public final long position(int sweep) {
    if (exclusive) return examined();
    synchronized (lock) {
      return examined();
    }
  }

  @Override
  public final int bufferAt(int sweep, long position) {
    if (exclusive) return at(position - examined());
    synchronized (lock) {
      return at(position - examined());
    }
  }

  @Override
  public final boolean reusable(int buffer, long state) {
    return isCold(buffer) && !isPinned(state) && usage(state) == 0;
  }

  private int at(long offset) {
    if (offset < 0 || offset >= coldPages()) return -1;
    long at;
    int e;
    int hand = coldHand();
    if (cursorChanges == changes() && cursorStart == hand && cursorOffset <= offset) {
      at = cursorOffset;
      e = cursorEntry;
    } else {
      at = 0;
      e = firstCold(hand);
    }
    for (; at < offset; at++) e = nextCold(e);
    cursorChanges = changes();
    cursorStart = hand;
    cursorOffset = offset;
    cursorEntry = e;
    return e;
  }
}
