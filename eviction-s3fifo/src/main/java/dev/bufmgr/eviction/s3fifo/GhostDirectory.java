package dev.bufmgr.eviction.s3fifo;

/**
 * S3-FIFO's ghost queue G: a FIFO of the ids of pages recently evicted from the small queue, with
 * constant-time lookup (libCacheSim's {@code ghost_fifo} in S3FIFO.c, unit-size entries). It holds
 * at most {@code capacity} ids and drops its oldest id when a new one would exceed that.
 *
 * <p><b>Strategy cap</b> (proposed by Andres Freund in seeds/002): ids of pages that were read
 * through a ring may fill at most {@code ringCapacity} entries; when one more arrives, the oldest
 * such id leaves first. With no ring ids the cap changes nothing.
 *
 * <p>Entries live in fixed slots linked twice, once in arrival order and once among ring ids only,
 * so removing any id is constant time. Thread-safe by one lock; lookups happen only on misses.
 */
final class GhostDirectory {
  private static final int NIL = -1;

  private final int capacity;
  private final int ringCapacity;
  private final PageSlotIndex index;
  private final long[] pageAt;
  private final boolean[] fromRing;
  private final int[] older;
  private final int[] newer;
  private final int[] olderRing;
  private final int[] newerRing;
  private final int[] freeSlots;
  private int freeCount;
  private int oldest = NIL;
  private int newest = NIL;
  private int oldestRing = NIL;
  private int newestRing = NIL;
  private int size;
  private int ringSize;

  /**
   * @param capacity the most ids held, at least 1
   * @param ringCapacity the most ids of ring-read pages held, 0..capacity
   */
  GhostDirectory(int capacity, int ringCapacity) {
    if (capacity < 1) throw new IllegalArgumentException("ghost capacity must be at least 1, got " + capacity);
    if (ringCapacity < 0 || ringCapacity > capacity) {
      throw new IllegalArgumentException("ring capacity must lie in 0.." + capacity + ", got " + ringCapacity);
    }
    this.capacity = capacity;
    this.ringCapacity = ringCapacity;
    this.index = new PageSlotIndex(capacity);
    this.pageAt = new long[capacity];
    this.fromRing = new boolean[capacity];
    this.older = new int[capacity];
    this.newer = new int[capacity];
    this.olderRing = new int[capacity];
    this.newerRing = new int[capacity];
    this.freeSlots = new int[capacity];
    for (int s = 0; s < capacity; s++) freeSlots[s] = capacity - 1 - s;
    this.freeCount = capacity;
  }

  /** Removes {@code page} if present and says whether it was (libCacheSim: {@code ghost_fifo->remove}). */
  synchronized boolean remove(long page) {
    int slot = index.remove(page);
    if (slot < 0) return false;
    unlink(slot);
    return true;
  }

  /**
   * Appends {@code page}, evicted from the small queue, as the newest id. A ring-read id first
   * makes room among ring ids (the oldest leaves) and is not kept at all when the cap is 0; then
   * the oldest id leaves if G is full. The id is normally absent (a page is removed from G on the
   * miss that brings it back); one already present stays where it is, and the room made stays free.
   */
  synchronized void add(long page, boolean readThroughRing) {
    if (readThroughRing) {
      if (ringCapacity == 0) return;
      if (ringSize == ringCapacity) dropSlot(oldestRing);
    }
    if (size == capacity) dropSlot(oldest);
    int slot = freeSlots[--freeCount];
    if (!index.putIfAbsent(page, slot)) {
      freeCount++;
      return;
    }
    pageAt[slot] = page;
    fromRing[slot] = readThroughRing;
    older[slot] = newest;
    newer[slot] = NIL;
    if (newest != NIL) newer[newest] = slot;
    else oldest = slot;
    newest = slot;
    if (readThroughRing) {
      olderRing[slot] = newestRing;
      newerRing[slot] = NIL;
      if (newestRing != NIL) newerRing[newestRing] = slot;
      else oldestRing = slot;
      newestRing = slot;
      ringSize++;
    }
    size++;
  }

  /** Whether {@code page} is present. */
  synchronized boolean contains(long page) {
    return index.get(page) >= 0;
  }

  /** The number of ids held. */
  synchronized int size() {
    return size;
  }

  /** The number of ids of ring-read pages held. */
  synchronized int ringSize() {
    return ringSize;
  }

  /** The most ids held. */
  int capacity() {
    return capacity;
  }

  /** The most ids of ring-read pages held. */
  int ringCapacity() {
    return ringCapacity;
  }

  private void dropSlot(int slot) {
    index.remove(pageAt[slot]);
    unlink(slot);
  }

  private void unlink(int slot) {
    int o = older[slot];
    int n = newer[slot];
    if (o != NIL) newer[o] = n;
    else oldest = n;
    if (n != NIL) older[n] = o;
    else newest = o;
    if (fromRing[slot]) {
      int or = olderRing[slot];
      int nr = newerRing[slot];
      if (or != NIL) newerRing[or] = nr;
      else oldestRing = nr;
      if (nr != NIL) olderRing[nr] = or;
      else newestRing = or;
      ringSize--;
    }
    size--;
    freeSlots[freeCount++] = slot;
  }
}
