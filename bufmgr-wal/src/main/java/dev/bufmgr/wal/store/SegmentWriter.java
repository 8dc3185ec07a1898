package dev.bufmgr.wal.store;

import dev.bufmgr.wal.device.LogSink;
import dev.bufmgr.wal.LogFormat;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes log flushes as whole pages into preallocated segments: every page a flush touches is
 * written in full with its {@link PageHeader} (the last one partial, padded with zeros and
 * rewritten in place by the next flush, as PostgreSQL's {@code XLogWrite} does), then every
 * segment written is forced with fdatasync. No flush changes a file's size.
 *
 * <p>Threading: {@link #append} from one thread at a time (the device serializes it);
 * {@link #checkpointed} may come from another thread.
 */
public final class SegmentWriter implements LogSink {
  private static final byte[] ZERO_PAGE = new byte[LogLayout.PAGE_BYTES];
  private final LogStorage storage;
  private final LogLayout layout;
  private final SegmentFiles segments;
  private final long identity;
  private final int incarnation;
  private ControlFile control;
  private long flushed;
  private final ByteBuffer page = ByteBuffer.allocate(LogLayout.PAGE_BYTES).order(ByteOrder.LITTLE_ENDIAN);
  private int pageContinuation;
  private ByteBuffer out = ByteBuffer.allocate(LogLayout.PAGE_BYTES * 8);
  private final Runnable onClose;

  /**
   * @param control the control file as written for this writer's incarnation
   * @param endLsn the end of the valid log, where the next flush continues
   * @param endPage the page holding {@code endLsn} as it is on disk (its valid prefix; whatever
   *     follows {@code endLsn} is replaced by zeros; zeros for the first page of a new log), or
   *     {@code null} when {@code endLsn} starts a page
   * @param onClose run when the writer is closed (releases the directory lock)
   */
  SegmentWriter(LogStorage storage, ControlFile control, long endLsn, ByteBuffer endPage, Runnable onClose) throws IOException {
    this.storage = storage;
    this.control = control;
    this.layout = control.layout();
    this.identity = control.identity();
    this.incarnation = control.incarnation();
    this.flushed = endLsn;
    this.onClose = onClose;
    this.segments = new SegmentFiles(storage, layout);
    int inPage = (int) (endLsn % LogLayout.DATA_PER_PAGE);
    if (endPage != null && inPage > 0) {
      page.put(0, endPage, 0, PageHeader.BYTES + inPage);
      PageHeader h = PageHeader.decode(page, 0);
      pageContinuation = h == null ? 0 : h.continuation(); // none: the first page of a new log
    }
  }

  /** The log directory, for messages. */
  public String describe() {
    return storage.describe();
  }

  @Override
  public long identity() {
    return identity;
  }

  /** The incarnation this writer writes pages as. */
  public int incarnation() {
    return incarnation;
  }

  /** The first commit id this writer's incarnation may hand out (ids of incarnation {@code i} are {@code i << 40} and up). */
  public long firstCommitId() {
    return (long) incarnation << 40;
  }

  /** The end of what is durable. */
  public long flushedLsn() {
    return flushed;
  }

  @Override
  public void append(long lsn, ByteBuffer bytes) throws IOException {
    if (lsn != flushed) throw new IllegalArgumentException("log append at LSN " + lsn + " but the log ends at " + flushed);
    int len = bytes.remaining();
    if (len == 0) return;
    long from = lsn;
    long upto = from + len;
    long firstPage = LogLayout.pageOf(from);
    long lastPage = LogLayout.pageOf(upto - 1);
    int pages = (int) (lastPage - firstPage + 1);
    if (out.capacity() < pages * LogLayout.PAGE_BYTES) out = ByteBuffer.allocate(Integer.highestOneBit(pages) * 2 * LogLayout.PAGE_BYTES);
    ByteBuffer buf = out.clear().limit(pages * LogLayout.PAGE_BYTES).slice().order(ByteOrder.LITTLE_ENDIAN);
    long[] continuations = continuations(bytes, from, firstPage, pages);
    for (int i = 0; i < pages; i++) {
      long gp = firstPage + i;
      long addr = LogLayout.pageAddress(gp);
      int at = i * LogLayout.PAGE_BYTES;
      int continuation;
      if (i == 0 && from > addr) {
        buf.put(at, page, 0, LogLayout.PAGE_BYTES);
        continuation = pageContinuation;
      } else {
        buf.put(at, ZERO_PAGE);
        continuation = (int) continuations[i];
      }
      long dataFrom = Math.max(from, addr);
      long dataTo = Math.min(upto, addr + LogLayout.DATA_PER_PAGE);
      buf.put(at + PageHeader.BYTES + (int) (dataFrom - addr), bytes, bytes.position() + (int) (dataFrom - from), (int) (dataTo - dataFrom));
      new PageHeader(addr, identity, incarnation, continuation, from).encode(buf, at);
    }
    List<LogFile> written = new ArrayList<>(2);
    int i = 0;
    while (i < pages) {
      long segment = layout.segmentOfPage(firstPage + i);
      int run = 1;
      while (i + run < pages && layout.segmentOfPage(firstPage + i + run) == segment) run++;
      LogFile f = segments.forWrite(segment);
      f.write(buf.duplicate().position(i * LogLayout.PAGE_BYTES).limit((i + run) * LogLayout.PAGE_BYTES), layout.offsetOfPage(firstPage + i));
      written.add(f);
      i += run;
    }
    for (LogFile f : written) f.force();
    segments.closeBefore(layout.segmentOfPage(lastPage));
    int lastAt = (pages - 1) * LogLayout.PAGE_BYTES;
    if (upto % LogLayout.DATA_PER_PAGE != 0) {
      page.put(0, buf, lastAt, LogLayout.PAGE_BYTES);
      pageContinuation = PageHeader.decode(page, 0).continuation();
    } else {
      pageContinuation = 0;
    }
    bytes.position(bytes.limit());
    flushed = upto;
  }

  /**
   * For each page of the flush, the bytes at its start that continue a record begun before it,
   * walking the records of {@code bytes} (a flush holds whole records).
   */
  private static long[] continuations(ByteBuffer bytes, long from, long firstPage, int pages) {
    long[] c = new long[pages];
    ByteBuffer b = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    int base = b.position();
    long r = from;
    long upto = from + b.remaining();
    while (r < upto) {
      int len = b.getInt(base + (int) (r - from));
      if (len < LogFormat.RECORD_HEADER || (r + len) > upto) throw new IllegalArgumentException("a log flush must hold whole records (bad length " + len + " at LSN " + r + ")");
      long end = r + len;
      for (long gp = LogLayout.pageOf(r) + 1; LogLayout.pageAddress(gp) < end; gp++) {
        c[(int) (gp - firstPage)] = end - LogLayout.pageAddress(gp);
      }
      r = end;
    }
    return c;
  }

  /**
   * Moves the log's start to {@code redoLsn}, or to the durable end when that is lower (both are
   * record boundaries; PostgreSQL flushes the checkpoint record before it updates {@code
   * pg_control}), in the control file, durably; then recycles or removes the segments wholly
   * before it. Called in the same order as {@link #append} (the device serializes both).
   */
  @Override
  public void checkpointed(long redoLsn) throws IOException {
    long start = Math.min(redoLsn, flushed);
    if (start <= control.startLsn()) return;
    control = control.withStart(start);
    control.write(storage);
    segments.retireBefore(start);
  }

  /** The log's start as the control file says it now. */
  public long startLsn() {
    return control.startLsn();
  }

  @Override
  public void close() throws IOException {
    try {
      segments.close();
    } finally {
      onClose.run();
    }
  }
}
