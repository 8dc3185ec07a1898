package dev.bufmgr.eviction.s3fifo;

import dev.bufmgr.core.buffer.Sharing;

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
 * so removing any id is constant time. A slot's page id and its arrival-order links (with the ring
 * flag) sit side by side in one array, so touching a slot costs one cache line. Thread-safe by one
 * lock when shared; lookups happen only on misses. An {@link Sharing#EXCLUSIVE} directory serves
 * one thread and takes no lock.
 */
final class GhostDirectory {
  private static final int NIL = -1;
  private static final int LINK_BITS = 29;
  private static final long LINK_MASK = (1L << LINK_BITS) - 1;
  private static final long RING_FLAG = 1L << (2 * LINK_BITS);

  private final int capacity;
  private final int ringCapacity;
  private final boolean exclusive;
  private final PageSlotIndex index;
  /** Per slot s: the page at 2s; at 2s + 1 the older link, the newer link and the ring flag. */
  private final long[] slots;
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
   * @param capacity the most ids held, 1..{@link PageSlotIndex#MAX_CAPACITY}
   * @param ringCapacity the most ids of ring-read pages held, 0..capacity
   * @param sharing whether many threads use the directory or one
   */
  GhostDirectory(int capacity, int ringCapacity, Sharing sharing) {
    if (capacity < 1 || capacity > PageSlotIndex.MAX_CAPACITY) {
      throw new IllegalArgumentException(
          "ghost capacity must lie in 1.." + PageSlotIndex.MAX_CAPACITY + ", got " + capacity);
    }
    if (ringCapacity < 0 || ringCapacity > capacity) {
      throw new IllegalArgumentException("ring capacity must lie in 0.." + capacity + ", got " + ringCapacity);
    }
    this.capacity = capacity;
    this.ringCapacity = ringCapacity;
    this.exclusive = sharing == Sharing.EXCLUSIVE;
    this.slots = new long[2 * capacity];
    this.index = new PageSlotIndex(capacity, this::pageAt);
    this.olderRing = ringCapacity == 0 ? new int[0] : new int[capacity];
    this.newerRing = ringCapacity == 0 ? new int[0] : new int[capacity];
    this.freeSlots = new int[capacity];
    for (int s = 0; s < capacity; s++) freeSlots[s] = capacity - 1 - s;
    this.freeCount = capacity;
  }

  /** Removes {@code page} if present and says whether it was (libCacheSim: {@code ghost_fifo->remove}). */
  boolean remove(long page) {
    if (exclusive) return removeUnlocked(page);
    synchronized (this) {
      return removeUnlocked(page);
    }
  }

  private boolean removeUnlocked(long page) {
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
  void add(long page, boolean readThroughRing) {
    if (exclusive) {
      addUnlocked(page, readThroughRing);
    } else {
      synchronized (this) {
        addUnlocked(page, readThroughRing);
      }
    }
  }

  private void addUnlocked(long page, boolean readThroughRing) {
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
    slots[2 * slot] = page;
    slots[2 * slot + 1] = links(newest, NIL, readThroughRing);
    if (newest != NIL) setNewer(newest, slot);
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

  private long pageAt(int slot) {
    return slots[2 * slot];
  }

  private void dropSlot(int slot) {
    index.removeSlot(slots[2 * slot], slot);
    unlink(slot);
  }

  private void unlink(int slot) {
    long l = slots[2 * slot + 1];
    int o = older(l);
    int n = newer(l);
    if (o != NIL) setNewer(o, n);
    else oldest = n;
    if (n != NIL) setOlder(n, o);
    else newest = o;
    if ((l & RING_FLAG) != 0) {
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

  private static long links(int older, int newer, boolean ring) {
    return ((older & LINK_MASK) << LINK_BITS) | (newer & LINK_MASK) | (ring ? RING_FLAG : 0);
  }

  private static int older(long links) {
    long v = (links >>> LINK_BITS) & LINK_MASK;
    return v == LINK_MASK ? NIL : (int) v;
  }

  private static int newer(long links) {
    long v = links & LINK_MASK;
    return v == LINK_MASK ? NIL : (int) v;
  }

  private void setNewer(int slot, int newer) {
    long l = slots[2 * slot + 1];
    slots[2 * slot + 1] = (l & ~LINK_MASK) | (newer & LINK_MASK);
  }

  private void setOlder(int slot, int older) {
    long l = slots[2 * slot + 1];
    slots[2 * slot + 1] = (l & ~(LINK_MASK << LINK_BITS)) | ((older & LINK_MASK) << LINK_BITS);
  }
}
