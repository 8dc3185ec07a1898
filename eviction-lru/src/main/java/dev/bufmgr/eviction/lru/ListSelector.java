package dev.bufmgr.eviction.lru;

import static dev.bufmgr.core.buffer.BufferState.isPinned;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.evict.queue.BufferQueue;
import dev.bufmgr.core.evict.queue.QueueSweepView;
import dev.bufmgr.core.buffer.BufferTransitions;

/**
 * What the list-keeping selectors of this module share: their lock (the selector itself on a
 * shared pool, none on an exclusive one) around every change of their lists, the usage rules of
 * a policy that acts on hits, and the search that claims a list's oldest unpinned buffer.
 *
 * <p>Usage bits: 0 when loaded, 1 once a normal hit has touched the buffer; a ring hit leaves
 * them and moves nothing; a ring reuses only a buffer at 0. Subclasses say what a normal hit
 * moves ({@link #promote}), how a victim is chosen ({@link #search}), and what happens when a
 * page leaves ({@link #leave}) or is loaded ({@link #admit}); each runs under the lock.
 */
abstract class ListSelector implements VictimSelector {
  protected final Descriptors descriptors;
  protected final String name;
  protected final boolean exclusive;
  /** Buffers each sweep has examined since the pool began: the cleaning view's positions. */
  private final long[] examined;

  ListSelector(Descriptors descriptors, String name, int sweeps) {
    this.descriptors = descriptors;
    this.name = name;
    this.exclusive = descriptors.sharing() == Sharing.EXCLUSIVE;
    this.examined = new long[sweeps];
  }

  @Override
  public final int initialUsage(AccessStrategy strategy) {
    return 0;
  }

  @Override
  public final int usageAfterHit(int usage, AccessStrategy strategy) {
    return strategy.usesRing() ? usage : 1;
  }

  @Override
  public final boolean reusableByRing(int usage) {
    return usage == 0;
  }

  @Override
  public final void onHit(int buffer, AccessStrategy strategy) {
    if (strategy.usesRing()) return;
    if (exclusive) {
      promote(buffer);
      return;
    }
    synchronized (this) {
      promote(buffer);
    }
  }

  @Override
  public final int selectVictim(MissContext miss) {
    if (exclusive) return search(miss);
    synchronized (this) {
      return search(miss);
    }
  }

  @Override
  public final void onEvict(int buffer, long page, MissContext miss) {
    if (exclusive) {
      leave(buffer, page, miss);
      return;
    }
    synchronized (this) {
      leave(buffer, page, miss);
    }
  }

  @Override
  public final void onAdmit(int buffer, MissContext miss) {
    if (exclusive) {
      admit(buffer, miss);
      return;
    }
    synchronized (this) {
      admit(buffer, miss);
    }
  }

  /** A normal hit on {@code buffer}, which may no longer be listed (a pin-less hit overtaken by an eviction). */
  protected abstract void promote(int buffer);

  /** Claims and returns a victim, or throws {@link NoUnpinnedBuffersException}. */
  protected abstract int search(MissContext miss);

  /** The page {@code page} left {@code buffer}, for the miss {@code miss}. */
  protected abstract void leave(int buffer, long page, MissContext miss);

  /** A page was loaded into {@code buffer}. */
  protected abstract void admit(int buffer, MissContext miss);

  /**
   * Claims the oldest unpinned buffer of {@code q}, walking from its tail toward its head once,
   * and returns it, or -1 when every one is pinned; the buffers examined count as ticks and as
   * positions of sweep {@code sweep}.
   */
  protected final int claimOldest(int sweep, BufferQueue q, MissContext miss) {
    int b = q.tail();
    long ticks = 0;
    try {
      while (b != BufferQueue.NONE) {
        ticks++;
        long st = descriptors.state(b);
        if (isPinned(st)) {
          b = q.newer(b);
        } else if (BufferTransitions.tryClaim(descriptors, b, st)) {
          return b;
        }
      }
      return -1;
    } finally {
      miss.addTicks(ticks);
      examined[sweep] += ticks;
    }
  }

  /** The error a search that found everything pinned ends with. */
  protected final NoUnpinnedBuffersException allPinned() {
    return new NoUnpinnedBuffersException(name, descriptors.frames());
  }

  /**
   * The cleaning view of a search that claims from the tails of {@code queues}: sweep {@code i}
   * is {@code queues[i]} from its tail, its positions those {@link #claimOldest} counts for sweep
   * {@code i}; an unpinned buffer is reusable in every sweep.
   */
  protected final CleaningView tailSweeps(BufferQueue... queues) {
    return tailSweeps((b, st) -> !isPinned(st), queues);
  }

  /**
   * As {@link #tailSweeps(BufferQueue...)}, with the selector's own rule for which buffers are
   * reusable; positions a search that walks the queues itself counts with {@link #examined}.
   */
  protected final CleaningView tailSweeps(QueueSweepView.Reusable reusable, BufferQueue... queues) {
    QueueSweepView[] views = new QueueSweepView[queues.length];
    for (int i = 0; i < queues.length; i++) views[i] = tailSweep(i, queues[i], reusable);
    if (views.length == 1) return views[0];
    return new CleaningView() {
      @Override
      public int sweeps() {
        return views.length;
      }

      @Override
      public int length(int sweep) {
        return views[sweep].length(0);
      }

      @Override
      public long position(int sweep) {
        return views[sweep].position(0);
      }

      @Override
      public int bufferAt(int sweep, long position) {
        return views[sweep].bufferAt(0, position);
      }

      @Override
      public boolean reusable(int buffer, long state) {
        return reusable.test(buffer, state);
      }
    };
  }

  /** Counts {@code ticks} buffers examined by sweep {@code sweep} (a search that walks its queues itself). */
  protected final void examined(int sweep, long ticks) {
    examined[sweep] += ticks;
  }

  private QueueSweepView tailSweep(int sweep, BufferQueue q, QueueSweepView.Reusable reusable) {
    return new QueueSweepView(exclusive ? null : this, q, () -> BufferQueue.NONE, () -> examined[sweep], reusable);
  }

  @Override
  public String toString() {
    return name;
  }
}
