package dev.bufmgr.eviction.clock;

import static dev.bufmgr.core.buffer.BufferState.isPinned;
import static dev.bufmgr.core.buffer.BufferState.usage;

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
 * SIEVE (Zhang et al., NSDI '24), following libCacheSim's {@code Sieve.c} (read at aa0fc40; the
 * same file in c9efc95, whose {@code cachesim} the tests' figures come from). The buffers holding
 * pages form one queue in the order their pages were loaded, newest at the head. A buffer's usage
 * bits are its visited bit: 0 when loaded, 1 after a hit ({@code Sieve_find} sets {@code freq = 1}).
 * The hand starts at the tail and moves toward the head: it clears a visited buffer and passes it,
 * stops at the first unvisited one (the victim) and stays just past it ({@code pointer =
 * obj->queue.prev}); past the head it starts again at the tail. Survivors keep their place in the
 * queue (no reinsertion, unlike CLOCK); a loaded page goes to the head.
 *
 * <p>In the pool: a pinned buffer is passed without touching its bit; after as many pinned buffers
 * in a row as the queue holds, the search gives up with {@link NoUnpinnedBuffersException}. A
 * claimed victim stays queued until its page leaves ({@code onEvict}); given back unused ({@code
 * onRelease}) it keeps its place. Rings: a ring hit sets the visited bit like any hit; a ring may
 * reuse a buffer nobody has hit since it was loaded (bit 0), which then leaves the queue and
 * comes back at the head with its new page.
 *
 * <p>Concurrency: the queue and the hand are guarded by the selector's lock on shared
 * descriptors, and take none on {@link Sharing#EXCLUSIVE} ones (one thread); the bits change by
 * compare-and-set on the state word.
 */
final class SieveSelector implements VictimSelector {
  private final Descriptors descriptors;
  private final String name;
  private final boolean exclusive;
  /** The buffers holding pages, in load order (newest at the head). */
  private final BufferQueue queue;
  /** Where the next search starts ({@code params->pointer}), or {@link BufferQueue#NONE}: the tail. */
  private int hand = BufferQueue.NONE;
  /** Buffers the hand has examined since the pool began: the cleaning view's position. */
  private long examined;
  private final CleaningView cleaning;

  SieveSelector(Descriptors descriptors, String name) {
    this.descriptors = descriptors;
    this.name = name;
    this.exclusive = descriptors.sharing() == Sharing.EXCLUSIVE;
    this.queue = new BufferQueue(descriptors.frames());
    this.cleaning = new QueueSweepView(exclusive ? null : this, queue, () -> hand, () -> examined,
        (b, st) -> !isPinned(st) && usage(st) == 0);
  }

  @Override
  public int initialUsage(AccessStrategy strategy) {
    return 0;
  }

  @Override
  public int usageAfterHit(int usage, AccessStrategy strategy) {
    return 1;
  }

  @Override
  public boolean reusableByRing(int usage) {
    return usage == 0;
  }

  @Override
  public int selectVictim(MissContext miss) {
    if (exclusive) return sweep(miss);
    synchronized (this) {
      return sweep(miss);
    }
  }

  private int sweep(MissContext miss) {
    int b = hand == BufferQueue.NONE ? queue.tail() : hand;
    int pinnedInARow = 0;
    long ticks = 0;
    try {
      while (true) {
        if (b == BufferQueue.NONE || pinnedInARow >= queue.size()) {
          throw new NoUnpinnedBuffersException(name, descriptors.frames());
        }
        ticks++;
        examined++;
        long st = descriptors.state(b);
        if (isPinned(st)) {
          pinnedInARow++;
        } else if (usage(st) > 0) {
          if (!BufferTransitions.trySetUsage(descriptors, b, st, 0)) continue;
          pinnedInARow = 0;
        } else if (BufferTransitions.tryClaim(descriptors, b, st)) {
          hand = queue.newer(b);
          return b;
        } else {
          continue;
        }
        b = queue.newerWrapping(b);
      }
    } finally {
      miss.addTicks(ticks);
    }
  }

  @Override
  public void onEvict(int buffer, long page, MissContext miss) {
    if (exclusive) {
      leave(buffer);
      return;
    }
    synchronized (this) {
      leave(buffer);
    }
  }

  /** The buffer's page left: it leaves the queue, and a hand resting on it moves on ({@code Sieve_remove_obj}). */
  private void leave(int b) {
    if (hand == b) hand = queue.newer(b);
    queue.unlink(b);
  }

  @Override
  public void onAdmit(int buffer, MissContext miss) {
    if (exclusive) {
      queue.pushHead(buffer);
      return;
    }
    synchronized (this) {
      queue.pushHead(buffer);
    }
  }

  /**
   * One sweep: the queued buffers from the hand (the tail when it has none) toward the head,
   * wrapping, as the next search will examine them. Reusable: unpinned and not visited.
   */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }

  @Override
  public String toString() {
    return name;
  }
}
