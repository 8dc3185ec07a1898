package dev.bufmgr.wal;

import dev.bufmgr.wal.device.Device;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.zip.CRC32C;

/**
 * The log in memory: many threads insert records at once, each reserving its LSN range with one
 * atomic add on the insert position and copying its bytes into a circular buffer; one flusher
 * writes the completed prefix to the device. Modelled on PostgreSQL 9.4+ ({@code
 * ReserveXLogInsertLocation}, WAL insertion locks with {@code insertingAt}, {@code
 * WaitXLogInsertionsToFinish}): an inserter holds one of {@value #SLOTS} insertion slots while
 * it reserves and copies, so the flusher knows which ranges are still being filled.
 *
 * <p>Threading: the inserts from any number of threads; {@link #flushTo} from one flusher thread
 * at a time. An inserter that would overrun unflushed bytes waits for the flusher. Inserting
 * allocates nothing: a record's header is built in a per-thread scratch area, its payload summed
 * before the LSN is reserved and its header (which carries the LSN) after.
 */
public final class WalLog implements WalInsert {
  /** Number of insertion slots (PostgreSQL has 8 WAL insertion locks). */
  public static final int SLOTS = 16;
  private static final int STRIDE = 16; // longs per slot: one slot per 128 bytes, no false sharing
  private static final long FREE = Long.MAX_VALUE;
  private static final long RESERVING = -1;

  private final byte[] ring;
  private final int mask;
  private final AtomicLong insertPosition;
  private final AtomicLongArray slots = new AtomicLongArray(SLOTS * STRIDE);
  private volatile long flushed;
  private volatile long redoPointer;
  private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);
  private final LongAdder records = new LongAdder();
  private final LongAdder images = new LongAdder();
  private final LongAdder bytes = new LongAdder();
  private final LongAdder imageBytes = new LongAdder();
  private byte[] flushScratch = new byte[1 << 16];
  private final long identity;

  /** A log of identity 0 (one that is never read back from disk: emulated devices). */
  public WalLog(long startLsn, int capacity) {
    this(startLsn, capacity, 0);
  }

  /**
   * @param startLsn the LSN of the first byte this log will insert (the end of what is already
   *     durable, e.g. after recovery)
   * @param capacity the circular buffer's size in bytes (rounded up to a power of two)
   * @param identity the log's identity, which every record's checksum covers (see {@link
   *     LogFormat#checksum})
   */
  public WalLog(long startLsn, int capacity, long identity) {
    this.identity = identity;
    int c = Integer.highestOneBit(Math.max(1 << 12, capacity) * 2 - 1);
    this.ring = new byte[c];
    this.mask = c - 1;
    this.insertPosition = new AtomicLong(startLsn);
    this.flushed = startLsn;
    this.redoPointer = startLsn;
    for (int i = 0; i < SLOTS; i++) slots.set(i * STRIDE, FREE);
  }

  @Override
  public long flushedLsn() {
    return flushed;
  }

  @Override
  public long insertLsn() {
    return insertPosition.get();
  }

  @Override
  public long insertCommit(long commitId, int recordBytes) {
    int len = LogFormat.commitLength(recordBytes);
    int slot = claimSlot();
    try {
      Scratch sc = scratch.get();
      sc.header(LogFormat.COMMIT, len);
      sc.putLong(LogFormat.RECORD_HEADER, commitId);
      return write(slot, sc, LogFormat.RECORD_HEADER + LogFormat.COMMIT_FIELDS, len, 0);
    } finally {
      slots.set(slot * STRIDE, FREE);
    }
  }

  /**
   * {@inheritDoc}
   *
   * <p>Holds every insertion slot while it moves the redo point (PostgreSQL's {@code
   * WALInsertLockAcquireExclusive} in {@code CreateCheckPoint}), so an insertion either reserved
   * its position before the new redo point or sees it.
   */
  @Override
  public long checkpoint() {
    for (int s = 0; s < SLOTS; s++) {
      while (!slots.compareAndSet(s * STRIDE, FREE, RESERVING)) Thread.onSpinWait();
    }
    try {
      long redo = insertPosition.get();
      redoPointer = redo;
      Scratch sc = scratch.get();
      sc.header(LogFormat.CHECKPOINT, LogFormat.CHECKPOINT_LENGTH);
      sc.putLong(LogFormat.RECORD_HEADER, redo);
      write(0, sc, LogFormat.CHECKPOINT_LENGTH, LogFormat.CHECKPOINT_LENGTH, 0);
      return redo;
    } finally {
      for (int s = 0; s < SLOTS; s++) slots.set(s * STRIDE, FREE);
    }
  }

  @Override
  public long redoPointer() {
    return redoPointer;
  }

  @Override
  public long insertPageChange(long page, long pageLsn, int recordBytes, int imageBytes) {
    int slot = claimSlot();
    try {
      int image = WalInsert.imageNeeded(pageLsn, redoPointer, imageBytes) ? imageBytes : 0;
      int len = LogFormat.pageChangeLength(recordBytes, image);
      Scratch sc = scratch.get();
      sc.header(LogFormat.PAGE_CHANGE, len);
      sc.putLong(LogFormat.RECORD_HEADER, page);
      sc.putInt(LogFormat.RECORD_HEADER + 8, recordBytes);
      sc.putInt(LogFormat.RECORD_HEADER + 12, image);
      return write(slot, sc, LogFormat.RECORD_HEADER + LogFormat.PAGE_CHANGE_FIELDS, len, image);
    } finally {
      slots.set(slot * STRIDE, FREE);
    }
  }

  @Override
  public WalStats stats() {
    return new WalStats(records.sum(), images.sum(), bytes.sum(), imageBytes.sum());
  }

  /**
   * Reserves {@code len} bytes holding {@code slot}, and copies the record into the circular
   * buffer: the first {@code fields} bytes from the scratch header, zeros up to {@code len}, with
   * the checksum over all of it. Returns the record's LSN.
   */
  private long write(int slot, Scratch sc, int fields, int len, int image) {
    if (len > ring.length / 2) throw new IllegalArgumentException("record of " + len + " bytes exceeds half the log buffer");
    sc.payloadChecksum(fields, len);
    long start = insertPosition.getAndAdd(len);
    slots.set(slot * STRIDE, start);
    sc.finish(start, identity);
    while (start + len - flushed > ring.length) LockSupport.parkNanos(10_000);
    copyIn(start, sc.bytes, fields);
    zeroIn(start + fields, len - fields);
    records.increment();
    bytes.add(len);
    if (image > 0) {
      images.increment();
      imageBytes.add(image);
    }
    return start + len;
  }

  private void copyIn(long lsn, byte[] src, int n) {
    int off = (int) (lsn & mask);
    int first = Math.min(n, ring.length - off);
    System.arraycopy(src, 0, ring, off, first);
    if (first < n) System.arraycopy(src, first, ring, 0, n - first);
  }

  private void zeroIn(long lsn, int n) {
    int off = (int) (lsn & mask);
    int first = Math.min(n, ring.length - off);
    Arrays.fill(ring, off, off + first, (byte) 0);
    if (first < n) Arrays.fill(ring, 0, n - first, (byte) 0);
  }

  private int claimSlot() {
    int i = (int) (Thread.currentThread().threadId() % SLOTS);
    while (true) {
      for (int k = 0; k < SLOTS; k++) {
        int s = (i + k) % SLOTS;
        if (slots.get(s * STRIDE) == FREE && slots.compareAndSet(s * STRIDE, FREE, RESERVING)) return s;
      }
      Thread.onSpinWait();
    }
  }

  /** A thread's record header under construction and its checksum. */
  private static final class Scratch {
    private static final byte[] ZEROS = new byte[4096];
    final byte[] bytes = new byte[LogFormat.RECORD_HEADER + LogFormat.PAGE_CHANGE_FIELDS];
    private final ByteBuffer view = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    private final CRC32C crc = new CRC32C();

    void header(byte type, int len) {
      Arrays.fill(bytes, (byte) 0);
      view.putInt(0, len);
      view.put(8, type);
      view.putInt(12, len - LogFormat.RECORD_HEADER);
    }

    void putLong(int at, long v) {
      view.putLong(at, v);
    }

    void putInt(int at, int v) {
      view.putInt(at, v);
    }

    /** Sums the payload of a record made of {@code bytes[0, fields)} and zeros up to {@code len}. */
    void payloadChecksum(int fields, int len) {
      crc.reset();
      crc.update(bytes, LogFormat.RECORD_HEADER, fields - LogFormat.RECORD_HEADER);
      for (int left = len - fields; left > 0; left -= ZEROS.length) crc.update(ZEROS, 0, Math.min(left, ZEROS.length));
    }

    /** Sets the record's LSN and completes its checksum (see {@link LogFormat#checksum}). */
    void finish(long lsn, long identity) {
      view.putLong(LogFormat.LSN_FIELD, lsn);
      view.putInt(4, LogFormat.finishChecksum(crc, bytes, 0, identity));
    }
  }

  /**
   * Writes the log from {@link #flushedLsn()} to the device, at least up to {@code target} and
   * as far beyond it as insertions have completed, and advances the flushed LSN. It first waits
   * for every insertion that reserved bytes below {@code target} to finish copying (PostgreSQL's
   * {@code WaitXLogInsertionsToFinish}); it stops before an insertion above {@code target} that
   * is still copying. Called by one flusher thread at a time.
   *
   * @param target an LSN no greater than the end of completed insertions the caller knows of
   * @return the number of bytes written (0 when already flushed that far)
   */
  public long flushTo(long target, Device device) throws IOException {
    long from = flushed;
    long upto = insertPosition.get();
    if (target > upto) throw new IllegalArgumentException("flush target beyond the insert position");
    if (upto <= from) return 0;
    for (int s = 0; s < SLOTS; s++) {
      while (true) {
        long v = slots.get(s * STRIDE);
        if (v == RESERVING || v < target) {
          Thread.onSpinWait();
          continue;
        }
        if (v < upto) upto = v;
        break;
      }
    }
    if (upto <= from) return 0;
    int len = (int) (upto - from);
    if (flushScratch.length < len) flushScratch = new byte[Integer.highestOneBit(len) * 2];
    int off = (int) (from & mask);
    int first = Math.min(len, ring.length - off);
    System.arraycopy(ring, off, flushScratch, 0, first);
    if (first < len) System.arraycopy(ring, 0, flushScratch, first, len - first);
    device.writeLog(from, ByteBuffer.wrap(flushScratch, 0, len));
    flushed = upto;
    return len;
  }
}
