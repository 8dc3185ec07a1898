package dev.bufmgr.eviction.s3fifo;

import dev.bufmgr.core.buffer.Sharing;
import java.util.Arrays;

/**
 * S3-FIFO's ghost queue G: a FIFO of the ids of pages recently evicted from the small queue, with
 * constant-time lookup (libCacheSim's {@code ghost_fifo} in S3FIFO.c, unit-size entries). It holds
 * at most {@code capacity} ids and drops its oldest id when a new one would exceed that.
 *
 * <p><b>Strategy cap</b> (proposed by Andres Freund in seeds/002): ids of pages that were read
 * through a ring may fill at most {@code ringCapacity} entries; when one more arrives, the oldest
 * such id leaves first. With no ring ids the cap changes nothing.
 *
 * <p>Layout: ids sit in a circular array in arrival order (four times the capacity), so appending
 * and dropping the oldest walk it sequentially. An id removed out of order (a ghost hit, or the
 * oldest ring id) leaves a hole that the oldest end skips; when the array fills with ids and holes
 * the live ids are packed to its start (amortized constant time). A {@link PageSlotIndex} maps each
 * live id to its position (an exclusive directory's newest ids, up to {@link #INDEX_BATCH}, wait
 * outside it and are searched one by one); an id dropped as the oldest (or oldest ring id) leaves its index entry
 * behind, outdated, and the index is rebuilt in one ordered pass once such entries reach half the
 * capacity, so a drop touches no random memory. A second FIFO remembers the arrival order of ring
 * ids, its outdated entries skipped or packed away the same way. Thread-safe by one lock when shared;
 * lookups happen only on misses. An {@link Sharing#EXCLUSIVE} directory serves one thread and
 * takes no lock.
 */
final class GhostDirectory {
  private static final byte HOLE = 0;
  private static final byte PLAIN = 1;
  private static final byte RING = 2;

  /**
   * How many appended ids an exclusive directory leaves out of the index before entering them
   * together, their home slots read first so that the cache misses overlap ({@link
   * #indexAppended}); adding ids one at a time was a large share of a big-pool replay's time
   * (figures: reports/design-measurements.md).
   */
  static final int INDEX_BATCH = 32;

  private final int capacity;
  private final int ringCapacity;
  private final boolean exclusive;
  private final PageSlotIndex index;
  /** Scratch for rebuilding the index: the positions of the live ids. */
  private final int[] livePositions;
  /** Per position: the id, and whether it is a hole, a plain id or a ring id. */
  private final long[] ids;
  private final byte[] kinds;
  private final int mask;
  /** Arrival numbers: position = number & mask; live ids have numbers in [oldest, next). */
  private long oldest;
  private long next;
  /** Arrival numbers of ring ids, oldest first; entries whose id has left are outdated. */
  private final long[] ringOrder;
  private final int ringMask;
  private long ringHead;
  private long ringTail;
  private int size;
  private int ringSize;
  /** Exclusive only: the positions of ids appended since the index last took them, in no order. */
  private final int[] unindexed;
  private int unindexedCount;

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
    int positions = powerOfTwoAtLeast(4L * capacity);
    this.ids = new long[positions];
    this.kinds = new byte[positions];
    this.mask = positions - 1;
    int ringPositions = ringCapacity == 0 ? 1 : powerOfTwoAtLeast(2L * ringCapacity + 2);
    this.ringOrder = new long[ringPositions];
    this.ringMask = ringPositions - 1;
    this.livePositions = new int[capacity];
    this.unindexed = new int[exclusive ? INDEX_BATCH : 0];
    this.index = new PageSlotIndex(capacity + Math.max(1, capacity / 2), new PageSlotIndex.Slots() {
      @Override
      public boolean holds(int position, long page) {
        return kinds[position] != HOLE && ids[position] == page;
      }

      @Override
      public long pageAt(int position) {
        return ids[position];
      }
    });
  }

  private static int powerOfTwoAtLeast(long n) {
    long p = 8;
    while (p < n) p <<= 1;
    if (p > (1 << 30)) throw new IllegalArgumentException("ghost directory too large: " + n + " positions");
    return (int) p;
  }

  /** Removes {@code page} if present and says whether it was (libCacheSim: {@code ghost_fifo->remove}). */
  boolean remove(long page) {
    if (exclusive) return removeUnlocked(page);
    synchronized (this) {
      return removeUnlocked(page);
    }
  }

  private boolean removeUnlocked(long page) {
    int position = index.remove(page);
    if (position < 0 && unindexedCount > 0) position = takeUnindexed(page);
    if (position < 0) return false;
    leave(position);
    return true;
  }

  /**
   * Appends {@code page}, evicted from the small queue, as the newest id. A ring-read id first
   * makes room among ring ids (the oldest leaves) and is not kept at all when the cap is 0; then
   * the oldest id leaves if G is full. The id is normally absent (a page is removed from G on the
   * miss that brings it back); one already present stays where it is, and the room made stays free.
   * An exclusive directory enters the id in its index later, with others ({@link #INDEX_BATCH}),
   * so there the id must be absent: one found present then fails.
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
      if (ringSize == ringCapacity) dropOldestRingId();
    }
    if (size == capacity) dropOldestId();
    if (next - oldest == ids.length) pack();
    if (index.entries() + unindexedCount == index.capacity()) rebuildIndex();
    int position = (int) (next & mask);
    if (exclusive) {
      unindexed[unindexedCount++] = position;
    } else if (!index.putIfAbsent(page, position)) {
      return;
    }
    ids[position] = page;
    kinds[position] = readThroughRing ? RING : PLAIN;
    if (readThroughRing) {
      if (ringTail - ringHead == ringOrder.length) packRingOrder();
      ringOrder[(int) (ringTail++ & ringMask)] = next;
      ringSize++;
    }
    next++;
    size++;
    if (unindexedCount == INDEX_BATCH) indexAppended();
  }

  /**
   * Enters the ids appended since the last time in the index, their home slots read first; an id
   * that has left meanwhile (a hole now) is skipped.
   */
  private void indexAppended() {
    int n = unindexedCount;
    unindexedCount = 0;
    index.touchHomes(ids, unindexed, n);
    for (int k = 0; k < n; k++) {
      int position = unindexed[k];
      if (kinds[position] == HOLE) continue;
      if (!index.putIfAbsent(ids[position], position)) {
        throw new IllegalStateException("ghost id " + ids[position] + " was added while present");
      }
    }
  }

  /** Takes {@code page}'s position out of the ids not yet indexed and returns it, or -1. */
  private int takeUnindexed(long page) {
    int k = findUnindexed(page);
    if (k < 0) return -1;
    int position = unindexed[k];
    unindexed[k] = unindexed[--unindexedCount];
    return position;
  }

  private int findUnindexed(long page) {
    for (int k = 0; k < unindexedCount; k++) {
      int position = unindexed[k];
      if (kinds[position] != HOLE && ids[position] == page) return k;
    }
    return -1;
  }

  /** Whether {@code page} is present. */
  synchronized boolean contains(long page) {
    return index.get(page) >= 0 || findUnindexed(page) >= 0;
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

  /** Turns the live id at {@code position} into a hole (its index entry, if any is left, is outdated). */
  private void leave(int position) {
    if (kinds[position] == RING) ringSize--;
    kinds[position] = HOLE;
    size--;
  }

  private void dropOldestId() {
    while (kinds[(int) (oldest & mask)] == HOLE) oldest++;
    leave((int) (oldest & mask));
    oldest++;
  }

  private void dropOldestRingId() {
    while (true) {
      long number = ringOrder[(int) (ringHead++ & ringMask)];
      if (isLiveRingId(number)) {
        leave((int) (number & mask));
        return;
      }
    }
  }

  private boolean isLiveRingId(long number) {
    return number >= oldest && kinds[(int) (number & mask)] == RING;
  }

  /**
   * Moves the live ids, in order, to the numbers right after the last one used (each lands at or
   * before its old position, so none is overwritten before it moves), and rebuilds the index and
   * the ring-id FIFO from them.
   */
  private void pack() {
    long to = next;
    ringHead = 0;
    ringTail = 0;
    for (long from = oldest; from < next; from++) {
      int position = (int) (from & mask);
      byte kind = kinds[position];
      if (kind == HOLE) continue;
      int target = (int) (to & mask);
      if (target != position) {
        ids[target] = ids[position];
        kinds[target] = kind;
        kinds[position] = HOLE;
      }
      if (kind == RING) ringOrder[(int) (ringTail++ & ringMask)] = to;
      to++;
    }
    oldest = next;
    next = to;
    rebuildIndex();
  }

  /** Rebuilds the index from the live ids, dropping its outdated entries; none is left unindexed. */
  private void rebuildIndex() {
    unindexedCount = 0;
    int count = 0;
    for (long n = oldest; n < next; n++) {
      int position = (int) (n & mask);
      if (kinds[position] != HOLE) livePositions[count++] = position;
    }
    index.rebuild(livePositions, count);
  }

  /** Drops the outdated entries of the ring-id FIFO, keeping the order of the rest. */
  private void packRingOrder() {
    long kept = ringHead;
    for (long r = ringHead; r < ringTail; r++) {
      long number = ringOrder[(int) (r & ringMask)];
      if (isLiveRingId(number)) ringOrder[(int) (kept++ & ringMask)] = number;
    }
    ringTail = kept;
  }
}
