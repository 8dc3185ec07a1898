package dev.bufmgr.eviction.clock;

import static dev.bufmgr.core.buffer.BufferState.claimed;
import static dev.bufmgr.core.buffer.BufferState.isPinned;
import static dev.bufmgr.core.buffer.BufferState.usage;
import static dev.bufmgr.core.buffer.BufferState.withUsage;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.Admission;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.pool.AccessStrategy;
import java.util.Arrays;

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
  private static final int NONE = -1;

  private final Descriptors descriptors;
  private final String name;
  private final boolean exclusive;
  /** {@code newer[b]}: the buffer loaded after {@code b} (toward the head), or {@link #NONE}. */
  private final int[] newer;
  /** {@code older[b]}: the buffer loaded before {@code b} (toward the tail), or {@link #NONE}. */
  private final int[] older;
  private final boolean[] queued;
  private int head = NONE;
  private int tail = NONE;
  private int hand = NONE;
  private int size;
  /** Buffers the hand has examined since the pool began: the cleaning view's position. */
  private long examined;
  /** Changes of the queue or the hand, so the cleaning view's cursor knows when it is stale. */
  private long changes;
  private long cursorChanges = -1;
  private long cursorOffset;
  private int cursorBuffer;

  SieveSelector(Descriptors descriptors, String name) {
    this.descriptors = descriptors;
    this.name = name;
    this.exclusive = descriptors.sharing() == Sharing.EXCLUSIVE;
    int frames = descriptors.frames();
    this.newer = new int[frames];
    this.older = new int[frames];
    this.queued = new boolean[frames];
    Arrays.fill(newer, NONE);
    Arrays.fill(older, NONE);
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
  public int selectVictim(Admission admission) {
    if (exclusive) return sweep(admission);
    synchronized (this) {
      return sweep(admission);
    }
  }

  private int sweep(Admission admission) {
    int b = hand == NONE ? tail : hand;
    int pinnedInARow = 0;
    long ticks = 0;
    try {
      while (true) {
        if (b == NONE || pinnedInARow >= size) throw new NoUnpinnedBuffersException(name, descriptors.frames());
        ticks++;
        examined++;
        changes++;
        long st = descriptors.state(b);
        if (isPinned(st)) {
          pinnedInARow++;
        } else if (usage(st) > 0) {
          if (!descriptors.compareAndSetState(b, st, withUsage(st, 0))) continue;
          pinnedInARow = 0;
        } else if (descriptors.compareAndSetState(b, st, claimed(st))) {
          hand = newer[b];
          return b;
        } else {
          continue;
        }
        b = newerOf(b);
      }
    } finally {
      admission.addTicks(ticks);
    }
  }

  /** The next buffer toward the head, wrapping to the tail past it. */
  private int newerOf(int b) {
    int n = newer[b];
    return n == NONE ? tail : n;
  }

  @Override
  public void onEvict(int buffer, long page, Admission admission) {
    if (exclusive) {
      unlink(buffer);
      return;
    }
    synchronized (this) {
      unlink(buffer);
    }
  }

  @Override
  public void onAdmit(int buffer, Admission admission) {
    if (exclusive) {
      pushHead(buffer);
      return;
    }
    synchronized (this) {
      pushHead(buffer);
    }
  }

  private void unlink(int b) {
    if (!queued[b]) return;
    changes++;
    if (hand == b) hand = newer[b];
    int n = newer[b];
    int o = older[b];
    if (n != NONE) older[n] = o;
    else head = o;
    if (o != NONE) newer[o] = n;
    else tail = n;
    newer[b] = NONE;
    older[b] = NONE;
    queued[b] = false;
    size--;
  }

  private void pushHead(int b) {
    if (queued[b]) unlink(b);
    changes++;
    older[b] = head;
    newer[b] = NONE;
    if (head != NONE) newer[head] = b;
    else tail = b;
    head = b;
    queued[b] = true;
    size++;
  }

  /**
   * One sweep: the queued buffers from the hand (the tail when it has none) toward the head,
   * wrapping, as the next search will examine them. Reusable: unpinned and not visited.
   */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }

  private final CleaningView cleaning = new CleaningView() {
    @Override
    public int sweeps() {
      return 1;
    }

    @Override
    public int length(int sweep) {
      if (exclusive) return size;
      synchronized (SieveSelector.this) {
        return size;
      }
    }

    @Override
    public long position(int sweep) {
      if (exclusive) return examined;
      synchronized (SieveSelector.this) {
        return examined;
      }
    }

    @Override
    public int bufferAt(int sweep, long position) {
      if (exclusive) return bufferAtOffset(position - examined);
      synchronized (SieveSelector.this) {
        return bufferAtOffset(position - examined);
      }
    }

    @Override
    public boolean reusable(int buffer, long state) {
      return !isPinned(state) && usage(state) == 0;
    }
  };

  /**
   * The buffer {@code offset} places along the sweep from where the next search starts, or -1
   * beyond one lap. A cleaner asks for consecutive offsets, so the last answer is kept and stepped
   * from while nothing changed.
   */
  private int bufferAtOffset(long offset) {
    if (offset < 0 || offset >= size) return -1;
    long at;
    int b;
    if (cursorChanges == changes && cursorOffset <= offset) {
      at = cursorOffset;
      b = cursorBuffer;
    } else {
      at = 0;
      b = hand == NONE ? tail : hand;
    }
    for (; at < offset; at++) b = newerOf(b);
    cursorChanges = changes;
    cursorOffset = offset;
    cursorBuffer = b;
    return b;
  }

  @Override
  public String toString() {
    return name;
  }
}
