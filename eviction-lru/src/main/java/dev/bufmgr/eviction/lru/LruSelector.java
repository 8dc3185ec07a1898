package dev.bufmgr.eviction.lru;

import static dev.bufmgr.core.buffer.BufferState.claimed;
import static dev.bufmgr.core.buffer.BufferState.isPinned;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.Admission;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.evict.queue.BufferQueue;
import dev.bufmgr.core.evict.queue.QueueSweepView;
import dev.bufmgr.core.pool.AccessStrategy;

/**
 * Least recently used in the pool, as libCacheSim's {@code cache/eviction/LRU.c} with unit-size
 * objects: the buffers holding pages in one recency list; a loaded page and every normal hit go
 * to the head ({@code LRU_find} moves the object to the head); the victim is the tail. Exact, in
 * single-threaded replay without rings, to the {@code lru} baseline and to libCacheSim's LRU.
 *
 * <p>In the pool: the search walks from the tail toward the head past pinned buffers, claims the
 * first unpinned one, and after as many pinned buffers in a row as the list holds gives up with
 * {@link NoUnpinnedBuffersException}. A claimed victim stays listed until its page leaves; given
 * back unused it keeps its place. Rings: a ring hit does not move the page (a bulk scan does not
 * refresh what it reads, as PostgreSQL's ring hit raises a usage count only from 0 to 1), but it
 * is still a hit; the usage bits record whether a normal hit has touched a buffer since it was
 * loaded (1) or not (0), and a ring reuses only a buffer at 0.
 *
 * <p>Concurrency: every hit takes the selector's lock on a shared pool to move its buffer (the
 * cost LRU pays that a clock does not: PostgreSQL gave up its LRU list's BufMgrLock for the clock
 * sweep in 8.1); an exclusive pool takes none. A hit reported for a buffer no longer listed (a
 * read hit without a pin, overtaken by an eviction) is ignored.
 */
final class LruSelector implements VictimSelector {
  private final Descriptors descriptors;
  private final String name;
  private final boolean exclusive;
  private final BufferQueue recency;
  private long examined;
  private final CleaningView cleaning;

  LruSelector(Descriptors descriptors, String name) {
    this.descriptors = descriptors;
    this.name = name;
    this.exclusive = descriptors.sharing() == Sharing.EXCLUSIVE;
    this.recency = new BufferQueue(descriptors.frames());
    this.cleaning = new QueueSweepView(exclusive ? null : this, recency, () -> BufferQueue.NONE, () -> examined,
        (b, st) -> !isPinned(st));
  }

  @Override
  public int initialUsage(AccessStrategy strategy) {
    return 0;
  }

  @Override
  public int usageAfterHit(int usage, AccessStrategy strategy) {
    return strategy.usesRing() ? usage : 1;
  }

  @Override
  public boolean reusableByRing(int usage) {
    return usage == 0;
  }

  @Override
  public void onHit(int buffer, AccessStrategy strategy) {
    if (strategy.usesRing()) return;
    if (exclusive) {
      refresh(buffer);
      return;
    }
    synchronized (this) {
      refresh(buffer);
    }
  }

  private void refresh(int b) {
    if (recency.contains(b)) recency.pushHead(b);
  }

  @Override
  public int selectVictim(Admission admission) {
    if (exclusive) return fromTail(admission);
    synchronized (this) {
      return fromTail(admission);
    }
  }

  private int fromTail(Admission admission) {
    int b = recency.tail();
    int pinnedInARow = 0;
    long ticks = 0;
    try {
      while (true) {
        if (b == BufferQueue.NONE || pinnedInARow >= recency.size()) {
          throw new NoUnpinnedBuffersException(name, descriptors.frames());
        }
        ticks++;
        examined++;
        long st = descriptors.state(b);
        if (isPinned(st)) {
          pinnedInARow++;
          b = recency.newerWrapping(b);
        } else if (descriptors.compareAndSetState(b, st, claimed(st))) {
          return b;
        }
      }
    } finally {
      admission.addTicks(ticks);
    }
  }

  @Override
  public void onEvict(int buffer, long page, Admission admission) {
    if (exclusive) {
      recency.unlink(buffer);
      return;
    }
    synchronized (this) {
      recency.unlink(buffer);
    }
  }

  @Override
  public void onAdmit(int buffer, Admission admission) {
    if (exclusive) {
      recency.pushHead(buffer);
      return;
    }
    synchronized (this) {
      recency.pushHead(buffer);
    }
  }

  /** One sweep: the list from the tail toward the head. Reusable: unpinned. */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }

  @Override
  public String toString() {
    return name;
  }
}
