package dev.bufmgr.core.evict.queue;

import dev.bufmgr.core.evict.CleaningView;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * The cleaning view of a selector whose victim search walks a {@link BufferQueue} from a start
 * buffer toward the head, wrapping to the tail: one sweep, positions counted by the selector.
 * A cleaner asks for consecutive positions, so the last answer is kept and stepped from while
 * the queue and the start are unchanged: a lap costs O(length), not O(length^2).
 */
public final class QueueSweepView implements CleaningView {
  /** Whether a buffer is reusable in the selector's own terms. */
  public interface Reusable {
    /** Whether {@code buffer}, whose state word is {@code state}, is next to go when the search reaches it. */
    boolean test(int buffer, long state);
  }

  private final Object lock;
  private final BufferQueue queue;
  private final IntSupplier start;
  private final LongSupplier examined;
  private final Reusable reusable;
  private long cursorChanges = -1;
  private int cursorStart = BufferQueue.NONE;
  private long cursorOffset;
  private int cursorBuffer;

  /**
   * @param lock the selector's lock guarding the queue, or null on exclusive descriptors (one thread)
   * @param queue the queue the search walks
   * @param start where the next search starts (a buffer of the queue, or {@link BufferQueue#NONE} for the tail)
   * @param examined the buffers the search has examined since the pool began
   * @param reusable the selector's reusability rule
   */
  public QueueSweepView(Object lock, BufferQueue queue, IntSupplier start, LongSupplier examined, Reusable reusable) {
    this.lock = lock;
    this.queue = queue;
    this.start = start;
    this.examined = examined;
    this.reusable = reusable;
  }

  @Override
  public int sweeps() {
    return 1;
  }

  @Override
  public int length(int sweep) {
    if (lock == null) return queue.size();
    synchronized (lock) {
      return queue.size();
    }
  }

  @Override
  public long position(int sweep) {
    if (lock == null) return examined.getAsLong();
    synchronized (lock) {
      return examined.getAsLong();
    }
  }

  @Override
  public int bufferAt(int sweep, long position) {
    if (lock == null) return at(position - examined.getAsLong());
    synchronized (lock) {
      return at(position - examined.getAsLong());
    }
  }

  @Override
  public boolean reusable(int buffer, long state) {
    return reusable.test(buffer, state);
  }

  private int at(long offset) {
    if (offset < 0 || offset >= queue.size()) return -1;
    int from = start.getAsInt();
    if (from == BufferQueue.NONE) from = queue.tail();
    long at;
    int b;
    if (cursorChanges == queue.changes() && cursorStart == from && cursorOffset <= offset) {
      at = cursorOffset;
      b = cursorBuffer;
    } else {
      at = 0;
      b = from;
    }
    for (; at < offset; at++) b = queue.newerWrapping(b);
    cursorChanges = queue.changes();
    cursorStart = from;
    cursorOffset = offset;
    cursorBuffer = b;
    return b;
  }
}
