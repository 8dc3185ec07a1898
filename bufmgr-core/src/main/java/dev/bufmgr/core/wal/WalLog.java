package dev.bufmgr.core.wal;

import dev.bufmgr.core.device.Device;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The log in memory: many threads insert records at once, each reserving its LSN range with one
 * atomic add on the insert position and copying its bytes into a circular buffer; one flusher
 * writes the completed prefix to the device. Modelled on PostgreSQL 9.4+ ({@code
 * ReserveXLogInsertLocation}, WAL insertion locks with {@code insertingAt}, {@code
 * WaitXLogInsertionsToFinish}): an inserter holds one of {@value #SLOTS} insertion slots while
 * it reserves and copies, so the flusher knows which ranges are still being filled.
 *
 * <p>Threading: {@link #insert} from any number of threads; {@link #flushTo} from one flusher
 * thread at a time. An inserter that would overrun unflushed bytes waits for the flusher.
 */
public final class WalLog {
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
  private final ThreadLocal<byte[]> scratch = ThreadLocal.withInitial(() -> new byte[256]);
  private byte[] flushScratch = new byte[1 << 16];

  /**
   * @param startLsn the LSN of the first byte this log will insert (the end of what is already
   *     durable, e.g. after recovery)
   * @param capacity the circular buffer's size in bytes (rounded up to a power of two)
   */
  public WalLog(long startLsn, int capacity) {
    int c = Integer.highestOneBit(Math.max(1 << 12, capacity) * 2 - 1);
    this.ring = new byte[c];
    this.mask = c - 1;
    this.insertPosition = new AtomicLong(startLsn);
    this.flushed = startLsn;
    for (int i = 0; i < SLOTS; i++) slots.set(i * STRIDE, FREE);
  }

  /** The LSN up to which the log is durable. */
  public long flushedLsn() {
    return flushed;
  }

  /** The LSN the next reservation will start at. */
  public long insertLsn() {
    return insertPosition.get();
  }

  /**
   * Inserts a commit record whose payload is the commit id padded with zeros to {@code
   * payloadBytes} (at least 8).
   *
   * @return the record's LSN (the log offset just past it)
   */
  public long insertCommit(long commitId, int payloadBytes) {
    int n = Math.max(8, payloadBytes);
    byte[] p = scratchFor(n);
    for (int i = 0; i < 8; i++) p[i] = (byte) (commitId >>> (8 * i));
    for (int i = 8; i < n; i++) p[i] = 0;
    return insert(LogFormat.COMMIT, p, n);
  }

  /**
   * Logs a checkpoint: its redo point is the current insert position, so the next change to
   * every page logs a full page image (PostgreSQL's {@code RedoRecPtr}).
   *
   * @return the checkpoint record's LSN
   */
  public long checkpoint() {
    redoPointer = insertPosition.get();
    byte[] p = scratchFor(8);
    long redo = redoPointer;
    for (int i = 0; i < 8; i++) p[i] = (byte) (redo >>> (8 * i));
    return insert(LogFormat.CHECKPOINT, p, 8);
  }

  /** The redo point of the last checkpoint (0 before any). */
  public long redoPointer() {
    return redoPointer;
  }

  /**
   * Logs a change of {@code changeLength} bytes to page {@code page}. When the page's LSN is at
   * or before the last checkpoint's redo point, this is the page's first change since that
   * checkpoint and the record carries a full image of the page as well (PostgreSQL's {@code
   * XLogRecordAssemble} with full_page_writes: "page LSN <= RedoRecPtr").
   *
   * @param pageLsn the page's LSN before this change (0 for a page never logged)
   * @param change the change bytes
   * @param pageImage the page's bytes (its whole size is logged when an image is needed)
   * @return the record's LSN, the page's new LSN
   */
  public long insertPageChange(long page, long pageLsn, byte[] change, int changeLength, byte[] pageImage) {
    boolean image = pageLsn <= redoPointer;
    int n = 16 + changeLength + (image ? pageImage.length : 0);
    byte[] p = new byte[n];
    for (int i = 0; i < 8; i++) p[i] = (byte) (page >>> (8 * i));
    for (int i = 0; i < 4; i++) p[8 + i] = (byte) (changeLength >>> (8 * i));
    p[12] = (byte) (image ? 1 : 0);
    System.arraycopy(change, 0, p, 16, changeLength);
    if (image) System.arraycopy(pageImage, 0, p, 16 + changeLength, pageImage.length);
    return insert(LogFormat.PAGE_CHANGE, p, n);
  }

  /**
   * Inserts a record of the given type and payload {@code payload[0, length)}.
   *
   * @return the record's LSN (the log offset just past it)
   */
  public long insert(byte type, byte[] payload, int length) {
    int recLen = LogFormat.recordLength(length);
    if (recLen > ring.length / 2) throw new IllegalArgumentException("record of " + recLen + " bytes exceeds half the log buffer");
    byte[] rec = new byte[recLen];
    LogFormat.encode(type, payload, length, rec);
    int slot = claimSlot();
    long start;
    try {
      start = insertPosition.getAndAdd(recLen);
      slots.set(slot * STRIDE, start);
      while (start + recLen - flushed > ring.length) LockSupport.parkNanos(10_000);
      int off = (int) (start & mask);
      int first = Math.min(recLen, ring.length - off);
      System.arraycopy(rec, 0, ring, off, first);
      if (first < recLen) System.arraycopy(rec, first, ring, 0, recLen - first);
    } finally {
      slots.set(slot * STRIDE, FREE);
    }
    return start + recLen;
  }

  private byte[] scratchFor(int n) {
    byte[] p = scratch.get();
    if (p.length < n) {
      p = new byte[Integer.highestOneBit(n) * 2];
      scratch.set(p);
    }
    return p;
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
