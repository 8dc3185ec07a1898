package dev.bufmgr.core.pool;

import java.util.concurrent.locks.StampedLock;
import java.util.function.BiConsumer;

/**
 * The mapping from page id to buffer: a hash table split into partitions, each with its own lock
 * (PostgreSQL's buffer table has 128, {@code NUM_BUFFER_PARTITIONS} in lwlock.h). Each partition is
 * an open-addressing table with linear probing and backward-shift deletion, in two primitive
 * arrays (no object per entry).
 *
 * <p>Lookups on the hit path take no lock: they read optimistically ({@link
 * StampedLock#tryOptimisticRead}) and retry under the read lock only if a writer intervened, so
 * readers never serialize one another. Inserts and removals hold the partition's write lock,
 * which the caller takes through {@link #lockPartition}.
 */
final class MappingTable {
  /** Returned by lookups when the page is not mapped. */
  static final int NOT_FOUND = -1;

  private final Partition[] partitions;
  private final int partitionShift;

  /**
   * @param frames the number of buffers (at most this many entries at once)
   * @param partitionCount a power of two
   */
  MappingTable(int frames, int partitionCount) {
    if (partitionCount < 1 || Integer.bitCount(partitionCount) != 1) {
      throw new IllegalArgumentException("mapping partitions must be a power of two, got " + partitionCount);
    }
    this.partitions = new Partition[partitionCount];
    this.partitionShift = 64 - Integer.numberOfTrailingZeros(partitionCount);
    long perPartition = (frames + (long) partitionCount - 1) / partitionCount;
    // Room for the mean share plus three standard deviations of a binomial spread; more grows.
    int capacity = capacityFor(perPartition + 3 * (long) Math.ceil(Math.sqrt(perPartition)) + 8);
    for (int i = 0; i < partitionCount; i++) partitions[i] = new Partition(capacity);
  }

  /** The partition a page belongs to. */
  int partitionOf(long page) {
    return partitionShift == 64 ? 0 : (int) (hash(page) >>> partitionShift);
  }

  /** The buffer holding {@code page}, or {@link #NOT_FOUND}; never blocks behind other readers. */
  int lookup(long page) {
    long h = hash(page);
    Partition p = partitions[partitionShift == 64 ? 0 : (int) (h >>> partitionShift)];
    long stamp = p.lock.tryOptimisticRead();
    if (stamp != 0) {
      int found = p.table.find(page, h);
      if (p.lock.validate(stamp)) return found;
    }
    long read = p.lock.readLock();
    try {
      return p.table.find(page, h);
    } finally {
      p.lock.unlockRead(read);
    }
  }

  /** Takes the write lock of a partition; returns the stamp to unlock with. */
  long lockPartition(int partition) {
    return partitions[partition].lock.writeLock();
  }

  /** Releases a partition's write lock. */
  void unlockPartition(int partition, long stamp) {
    partitions[partition].lock.unlockWrite(stamp);
  }

  /** The buffer holding {@code page}; the caller holds the page's partition lock. */
  int getLocked(long page) {
    long h = hash(page);
    return partitions[partitionOf(page)].table.find(page, h);
  }

  /** Maps {@code page} to {@code buffer}; the caller holds the partition lock and the page is unmapped. */
  void putLocked(long page, int buffer) {
    Partition p = partitions[partitionOf(page)];
    long h = hash(page);
    if (p.table.size + 1 > p.table.threshold) p.table = p.table.grown();
    p.table.insert(page, h, buffer);
  }

  /** Unmaps {@code page}; the caller holds the partition lock. Returns the buffer it was mapped to. */
  int removeLocked(long page) {
    return partitions[partitionOf(page)].table.remove(page, hash(page));
  }

  /** Visits every mapping; only when no thread changes the table. */
  void forEach(BiConsumer<Long, Integer> visitor) {
    for (Partition p : partitions) p.table.forEach(visitor);
  }

  /** The number of mapped pages; only when no thread changes the table. */
  int size() {
    int n = 0;
    for (Partition p : partitions) n += p.table.size;
    return n;
  }

  /** Bytes held by the partitions' arrays. */
  long bytes() {
    long total = 0;
    for (Partition p : partitions) total += p.table.bytes();
    return total;
  }

  /** Stafford's variant 13 of the MurmurHash3 finalizer: all 64 bits depend on all input bits. */
  static long hash(long page) {
    long z = page;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  private static int capacityFor(long entries) {
    long c = 16;
    while (c < entries * 4 / 3 + 1) c <<= 1;
    if (c > (1 << 30)) throw new IllegalArgumentException("mapping partition too large: " + entries + " entries");
    return (int) c;
  }

  private static final class Partition {
    final StampedLock lock = new StampedLock();
    volatile Table table;

    Partition(int capacity) {
      table = new Table(capacity);
    }
  }

  /** One partition's open-addressing arrays; a negative value marks an empty slot. */
  private static final class Table {
    final long[] keys;
    final int[] values;
    final int mask;
    final int threshold;
    int size;

    Table(int capacity) {
      keys = new long[capacity];
      values = new int[capacity];
      java.util.Arrays.fill(values, NOT_FOUND);
      mask = capacity - 1;
      threshold = capacity / 4 * 3;
    }

    int find(long page, long h) {
      int i = (int) h & mask;
      for (int probes = 0; probes <= mask; probes++) {
        int v = values[i];
        if (v < 0) return NOT_FOUND;
        if (keys[i] == page) return v;
        i = (i + 1) & mask;
      }
      return NOT_FOUND;
    }

    void insert(long page, long h, int buffer) {
      int i = (int) h & mask;
      while (values[i] >= 0) i = (i + 1) & mask;
      keys[i] = page;
      values[i] = buffer;
      size++;
    }

    int remove(long page, long h) {
      int i = (int) h & mask;
      while (true) {
        int v = values[i];
        if (v < 0) return NOT_FOUND;
        if (keys[i] == page) break;
        i = (i + 1) & mask;
      }
      int removed = values[i];
      int hole = i;
      int j = i;
      while (true) {
        j = (j + 1) & mask;
        if (values[j] < 0) break;
        int home = (int) hash(keys[j]) & mask;
        boolean movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
        if (movable) {
          keys[hole] = keys[j];
          values[hole] = values[j];
          hole = j;
        }
      }
      values[hole] = NOT_FOUND;
      size--;
      return removed;
    }

    Table grown() {
      Table t = new Table((mask + 1) * 2);
      for (int i = 0; i <= mask; i++) {
        if (values[i] >= 0) t.insert(keys[i], hash(keys[i]), values[i]);
      }
      return t;
    }

    void forEach(BiConsumer<Long, Integer> visitor) {
      for (int i = 0; i <= mask; i++) if (values[i] >= 0) visitor.accept(keys[i], values[i]);
    }

    long bytes() {
      return (long) keys.length * Long.BYTES + (long) values.length * Integer.BYTES;
    }
  }
}
