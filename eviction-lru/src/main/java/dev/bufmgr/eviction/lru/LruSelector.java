package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.queue.BufferQueue;

/**
 * Least recently used in the pool, as libCacheSim's {@code cache/eviction/LRU.c} with unit-size
 * objects: the buffers holding pages in one recency list; a loaded page and every normal hit go
 * to the head ({@code LRU_find} moves the object to the head); the victim is the tail. Exact, in
 * single-threaded replay without rings, to the {@code lru} baseline and to libCacheSim's LRU.
 *
 * <p>In the pool: the search walks from the tail toward the head past pinned buffers, claims the
 * first unpinned one, and after as many pinned buffers in a row as the list holds gives up with
 * {@link dev.bufmgr.core.evict.NoUnpinnedBuffersException}. A claimed victim stays listed until its
 * page leaves; given back unused it keeps its place. Rings: a ring hit does not move the page (a
 * bulk scan does not refresh what it reads, as PostgreSQL's ring hit raises a usage count only from
 * 0 to 1), but it is still a hit; the usage bits record whether a normal hit has touched a buffer
 * since it was loaded (1) or not (0), and a ring reuses only a buffer at 0.
 *
 * <p>Concurrency: every hit takes the selector's lock on a shared pool to move its buffer (the
 * cost LRU pays that a clock does not: PostgreSQL gave up its LRU list's BufMgrLock for the clock
 * sweep in 8.1); an exclusive pool takes none. A hit reported for a buffer no longer listed (a
 * read hit without a pin, overtaken by an eviction) is ignored.
 */
final class LruSelector extends ListSelector {
  private final BufferQueue recency;
  private final CleaningView cleaning;

  LruSelector(Descriptors descriptors, String name) {
    super(descriptors, name, 1);
    this.recency = new BufferQueue(descriptors.frames());
    this.cleaning = tailSweeps(recency);
  }

  @Override
  protected void promote(int b) {
    if (recency.contains(b)) recency.pushHead(b);
  }

  @Override
  protected int search(MissContext miss) {
    int b = claimOldest(0, recency, miss);
    if (b < 0) throw allPinned();
    return b;
  }

  @Override
  protected void leave(int b, long page, MissContext miss) {
    recency.unlink(b);
  }

  @Override
  protected void admit(int b, MissContext miss) {
    recency.pushHead(b);
  }

  /** One sweep: the list from the tail toward the head. Reusable: unpinned. */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }
}
