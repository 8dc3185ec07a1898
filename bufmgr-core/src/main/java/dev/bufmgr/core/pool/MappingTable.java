package dev.bufmgr.core.pool;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.ExclusiveDescriptors;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.table.FingerprintTable;
import dev.bufmgr.core.table.LongHashing;
import java.util.concurrent.locks.StampedLock;

/**
 * The mapping from page id to buffer: a hash table split into partitions, each with its own lock
 * (PostgreSQL's buffer table has 128, {@code NUM_BUFFER_PARTITIONS} in lwlock.h). Each partition is
 * an open-addressing table with linear probing and backward-shift deletion ({@link
 * FingerprintTable}).
 *
 * <p>An entry is one 64-bit word: the low 32 bits of the page's hash (a fingerprint, which also
 * gives the entry's home slot) and the buffer. The page id itself is the buffer's tag, read from
 * the descriptors when a fingerprint matches, so one probe touches one word and a table holds 8
 * bytes per slot. A buffer's tag changes only under the partition locks of its old and new page,
 * so a matching entry's tag is stable for anyone who holds the lock or validates an optimistic read.
 *
 * <p>Lookups on the hit path take no lock: they read optimistically ({@link
 * StampedLock#tryOptimisticRead}) and retry under the read lock only if a writer intervened, so
 * readers never serialize one another. Inserts and removals hold the partition's write lock,
 * which the caller takes through {@link #lockPartition}. With {@link Sharing#EXCLUSIVE}
 * descriptors (one thread) no lock is taken at all, and the table is one partition.
 */
final class MappingTable {
  /** Returned by lookups when the page is not mapped. */
  static final int NOT_FOUND = -1;

  /**
   * Removals gathered before {@link #flushRemovals} carries them out, so at most this many stale
   * entries besides the live ones (a table has room for frames + 3 standard deviations + 8).
   * Batching lets the cache misses of the home slots' reads overlap; of the sizes tried (16, 32,
   * 64), 32 gained most (figures: reports/design-measurements.md).
   */
  static final int REMOVAL_BATCH = 32;

  private final Partition[] partitions;
  private final long[] pendingRemovals = new long[REMOVAL_BATCH];
  private int pendingCount;
  private final int partitionShift;
  private final Descriptors tags;
  private final boolean exclusive;

  /**
   * @param frames the number of buffers (at most this many entries at once)
   * @param requestedPartitions a power of two; partitions exist for their locks, so an exclusive
   *     table, which takes none, is one partition whatever the count
   * @param tags the descriptors whose tags hold the mapped pages; their sharing decides locking
   */
  MappingTable(int frames, int requestedPartitions, Descriptors tags) {
    if (requestedPartitions < 1 || Integer.bitCount(requestedPartitions) != 1) {
      throw new IllegalArgumentException("mapping partitions must be a power of two, got " + requestedPartitions);
    }
    this.tags = tags;
    this.exclusive = tags.sharing() == Sharing.EXCLUSIVE;
    // One table keeps a lookup's path to its slot short: no partition array, objects or tables to
    // pass through first.
    int partitionCount = exclusive ? 1 : requestedPartitions;
    this.partitions = new Partition[partitionCount];
    this.partitionShift = 64 - Integer.numberOfTrailingZeros(partitionCount);
    long perPartition = (frames + (long) partitionCount - 1) / partitionCount;
    // Room for the mean share plus three standard deviations of a binomial spread; more grows.
    int capacity = capacityFor(perPartition + 3 * (long) Math.ceil(Math.sqrt(perPartition)) + 8);
    for (int i = 0; i < partitionCount; i++) partitions[i] = new Partition(capacity);
  }

  /** The partition a page belongs to. */
  int partitionOf(long page) {
    return partitionOfHash(hash(page));
  }

  /** The partition of a page whose {@link #hash} is {@code h}. */
  int partitionOfHash(long h) {
    return partitionShift == 64 ? 0 : (int) (h >>> partitionShift);
  }

  /** Whether the table takes no locks: its descriptors are {@link Sharing#EXCLUSIVE}, one thread uses it. */
  boolean exclusive() {
    return exclusive;
  }

  /** The buffer holding {@code page}, or {@link #NOT_FOUND}; never blocks behind other readers. */
  int lookup(long page) {
    return lookup(page, hash(page));
  }

  /** {@link #lookup(long)} for a page whose {@link #hash} the caller has computed. */
  int lookup(long page, long h) {
    Partition p = partitions[partitionOfHash(h)];
    if (exclusive) return p.table.find(page, h, tags);
    long stamp = p.lock.tryOptimisticRead();
    if (stamp != 0) {
      int found = p.table.find(page, h, tags);
      if (p.lock.validate(stamp)) return found;
    }
    long read = p.lock.readLock();
    try {
      return p.table.find(page, h, tags);
    } finally {
      p.lock.unlockRead(read);
    }
  }

  /**
   * The one table of an exclusive mapping, for a loop that looks many pages up in a row ({@link
   * Table#find}) without passing through the partition each time. Valid until the next insert,
   * which may replace it by a larger one.
   */
  Table exclusiveTable() {
    if (!exclusive) throw new IllegalStateException("a shared mapping has a table per partition");
    return partitions[0].table;
  }

  /** Takes the write lock of a partition; returns the stamp to unlock with. */
  long lockPartition(int partition) {
    return exclusive ? 0 : partitions[partition].lock.writeLock();
  }

  /** Releases a partition's write lock. */
  void unlockPartition(int partition, long stamp) {
    if (!exclusive) partitions[partition].lock.unlockWrite(stamp);
  }

  /** The buffer holding the page with hash {@code h}; the caller holds the page's partition lock. */
  int getLocked(long page, long h) {
    return partitions[partitionOfHash(h)].table.find(page, h, tags);
  }

  /**
   * Maps {@code page} to {@code buffer}, whose tag already is {@code page}; the caller holds the
   * partition lock and the page is unmapped.
   */
  void putLocked(long page, int buffer) {
    putLockedHashed(hash(page), buffer);
  }

  /** {@link #putLocked} for a page whose {@link #hash} is {@code h}. */
  void putLockedHashed(long h, int buffer) {
    Partition p = partitions[partitionOfHash(h)];
    if (p.table.size() + 1 > p.table.threshold) p.table = p.table.grown();
    p.table.add(entry(h, buffer));
  }

  /**
   * Unmaps {@code page} from {@code buffer}; the caller holds the partition lock. Returns whether
   * the mapping was there.
   */
  boolean removeLocked(long page, int buffer) {
    return removeLockedHashed(hash(page), buffer);
  }

  /** {@link #removeLocked} for a page whose {@link #hash} is {@code h}. */
  boolean removeLockedHashed(long h, int buffer) {
    return partitions[partitionOfHash(h)].table.delete(entry(h, buffer));
  }

  /**
   * Unmaps {@code buffer}'s old page, whose {@link #hash} is {@code h}, some time before the next
   * {@link #flushRemovals}: the removals are gathered {@link #REMOVAL_BATCH} at a time, their home
   * slots read together and then removed, so that their cache misses overlap instead of each
   * miss's removal waiting out its own (the exclusive pool's run of reads, {@code
   * PoolSession.readAll}). Exclusive tables only. Until it is removed the entry is stale: it
   * names a buffer whose tag is now another page, so a lookup, which matches the tag as well as
   * the fingerprint, passes over it as over any other page's entry, and an insert treats it as an
   * occupied slot. The caller flushes before anything else reads the table ({@link #forEach},
   * {@link #size}).
   */
  void removeLater(long h, int buffer) {
    if (!exclusive) throw new IllegalStateException("only an exclusive mapping puts removals off");
    pendingRemovals[pendingCount++] = entry(h, buffer);
    if (pendingCount == REMOVAL_BATCH) flushRemovals();
  }

  /** Carries out the removals {@link #removeLater} put off; fails if an entry is missing. */
  void flushRemovals() {
    if (pendingCount == 0) return;
    Table t = partitions[0].table;
    t.touchHomes(pendingRemovals, pendingCount);
    int n = pendingCount;
    pendingCount = 0;
    for (int i = 0; i < n; i++) {
      if (!t.delete(pendingRemovals[i])) {
        throw new IllegalStateException("buffer " + (int) pendingRemovals[i] + " was evicted from a page the mapping lacks");
      }
    }
  }

  /** Receives one entry of the table (see {@link #forEach}). */
  interface EntryVisitor {
    /** An entry of {@code partition} with the low 32 bits of its page's hash and its buffer. */
    void visit(int partition, int fingerprint, int buffer);
  }

  /** Visits every entry; only when no thread changes the table. */
  void forEach(EntryVisitor visitor) {
    for (int i = 0; i < partitions.length; i++) partitions[i].table.forEach(i, visitor);
  }

  /** The number of mapped pages; only when no thread changes the table. */
  int size() {
    int n = 0;
    for (Partition p : partitions) n += p.table.size();
    return n;
  }

  /** Bytes held by the partitions' arrays. */
  long bytes() {
    long total = 0;
    for (Partition p : partitions) total += p.table.bytes();
    return total;
  }

  /** The page's {@link LongHashing#hash}: its low bits give the fingerprint, its high bits the partition. */
  static long hash(long page) {
    return LongHashing.hash(page);
  }

  /** The fingerprint of a hash: its low 32 bits. */
  static int fingerprint(long hash) {
    return FingerprintTable.fingerprint(hash);
  }

  private static long entry(long hash, int buffer) {
    return FingerprintTable.entry(fingerprint(hash), buffer);
  }

  private static int capacityFor(long entries) {
    return LongHashing.powerOfTwoAtLeast(entries * 4 / 3 + 1, 16);
  }

  private static final class Partition {
    final StampedLock lock = new StampedLock();
    volatile Table table;

    Partition(int capacity) {
      table = new Table(capacity);
    }
  }

  /**
   * One partition's slots, a {@link FingerprintTable} whose entries hold a fingerprint of the page
   * and its buffer; the lookup compares the buffer's tag with the page. It stays a structure of
   * its own rather than a map of the family ({@code LongIntHashMap}) because a map's entry would
   * carry the page id as well, doubling the bytes a probe reads on the hit path, and because its
   * readers run concurrently with one writer per partition, which that map does not allow.
   */
  static final class Table extends FingerprintTable {
    final int threshold;
    /** Where {@link #touchHomes} leaves what it read, so the reads are made. */
    private long touched;

    Table(int capacity) {
      super(capacity);
      threshold = capacity / 4 * 3;
    }

    /**
     * The buffer of the entry whose fingerprint matches and whose buffer's tag is {@code page}, or
     * {@link #NOT_FOUND}; {@code h} is the page's {@link MappingTable#hash}.
     */
    int find(long page, long h, Descriptors tags) {
      int fp = fingerprint(h);
      int i = fp & mask;
      for (int probes = 0; probes <= mask; probes++) {
        long e = slots[i];
        if (e == EMPTY) return NOT_FOUND;
        if (fingerprintOf(e) == fp && tags.tag(valueOf(e)) == page) return valueOf(e);
        i = LongHashing.next(i, mask);
      }
      return NOT_FOUND;
    }

    /**
     * Reads the home slot of each page of {@code pages[from..to)} and nothing else: no lookup, no
     * change. A loop that is about to look those pages up calls it first, so their slots' cache
     * misses are taken together, where one lookup at a time would wait out each in turn (the
     * run of reads, {@code PoolSession.readAll}).
     */
    void touchHomes(long[] pages, int from, int to) {
      long sum = 0;
      for (int i = from; i < to; i++) sum += slots[fingerprint(hash(pages[i])) & mask];
      touched += sum;
    }

    /**
     * {@link #touchHomes}, and for each home slot that holds an entry with the page's fingerprint,
     * the first word of that buffer's record in {@code tags} as well (the word a hit reads next):
     * the record's cache miss is then taken with the others instead of inside the lookup.
     */
    void touchHomesAndRecords(long[] pages, int from, int to, ExclusiveDescriptors tags) {
      long sum = 0;
      for (int i = from; i < to; i++) {
        int fp = fingerprint(hash(pages[i]));
        long e = slots[fp & mask];
        int buffer = fingerprintOf(e) == fp ? Math.max(valueOf(e), 0) : 0;
        sum += e + tags.state(buffer);
      }
      touched += sum;
    }

    /** Reads the home slot of each of the first {@code n} entries, as {@link #touchHomes} does for pages. */
    void touchHomes(long[] entries, int n) {
      long sum = 0;
      for (int i = 0; i < n; i++) sum += slots[fingerprintOf(entries[i]) & mask];
      touched += sum;
    }

    void add(long entry) {
      insert(entry);
    }

    boolean delete(long entry) {
      return removeEntry(entry);
    }

    Table grown() {
      Table t = new Table(slotCount() * 2);
      copyInto(t);
      return t;
    }

    void forEach(int partition, EntryVisitor visitor) {
      for (long e : slots) if (e != EMPTY) visitor.visit(partition, fingerprintOf(e), valueOf(e));
    }
  }
}
