package dev.bufmgr.wal.store;

import dev.bufmgr.wal.LogFormat;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Reads a log from its control file's start, page by page and segment by segment (memory: one
 * page and one record, whatever the log's size), checking every page header and every record,
 * and judges the damage that ends it by evidence (see {@link LogScan}).
 *
 * <p>The rules, after PostgreSQL's {@code XLogReaderValidatePageHeader} and {@code
 * ValidXLogRecord}, with the evidence rule this project adds:
 *
 * <ul>
 *   <li>A page is part of the log only when its header passes its checksum, names this log and
 *       the page address its place in the file stands for, was written by an incarnation no
 *       newer than the control file's and no older than the page before it, and its
 *       continuation length is the rest of the record that crosses into it.
 *   <li>A record is valid when its length and types are sane, its checksum (which covers its
 *       own LSN and the log's identity) passes and its LSN is where it was found.
 *   <li>Flushes run one at a time and each is forced before the next is issued, so any page
 *       header written by a flush that began after LSN {@code d} proves that everything before
 *       that flush, {@code d} included, was durable. Damage at {@code d} with such a page
 *       anywhere after it is corruption; without one it is the torn tail of the last flush,
 *       whatever order that flush's blocks reached the disk in.
 * </ul>
 */
public final class LogScanner {
  private static final int RECORD_HEADER = LogFormat.RECORD_HEADER;

  private final LogStorage storage;
  private final ControlFile control;
  private final LogLayout layout;
  private final PageReader reader;
  private byte[] record = new byte[1 << 14];
  private ByteBuffer view;
  private final CRC32C crc = new CRC32C();
  private int lastIncarnation;
  private int length;

  private LogScanner(LogStorage storage, ControlFile control) {
    this.storage = storage;
    this.control = control;
    this.layout = control.layout();
    this.reader = new PageReader(storage, layout);
    this.view = ByteBuffer.wrap(record).order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Scans the log of {@code storage} described by {@code control}, calling {@code visitor} for
   * every valid record. Never modifies anything.
   *
   * @throws IllegalArgumentException when the segment the log starts in is missing
   */
  public static LogScan scan(LogStorage storage, ControlFile control, RecordVisitor visitor) throws IOException {
    LogScanner s = new LogScanner(storage, control);
    try {
      return s.run(visitor);
    } finally {
      s.reader.close();
    }
  }

  private LogScan run(RecordVisitor visitor) throws IOException {
    long start = control.startLsn();
    String first = LogLayout.segmentName(layout.segmentOf(start));
    if (!storage.exists(first)) {
      throw new IllegalArgumentException(storage.describe(first) + ": log segment missing (the control file says the log starts at LSN "
          + start + " in it)");
    }
    long pos = start;
    long records = 0;
    long commits = 0;
    long pages = 0;
    long images = 0;
    String stop;
    while (true) {
      stop = readRecord(pos, true);
      if (stop != null) break;
      records++;
      long end = pos + length;
      switch (view.get(8)) {
        case LogFormat.COMMIT -> {
          commits++;
          visitor.commit(view.getLong(RECORD_HEADER), pos, end);
        }
        case LogFormat.PAGE_CHANGE -> {
          pages++;
          int image = view.getInt(RECORD_HEADER + 12);
          if (image != 0) images++;
          visitor.pageChange(view.getLong(RECORD_HEADER), end, image);
        }
        default -> visitor.checkpoint(view.getLong(RECORD_HEADER), end);
      }
      pos = end;
    }
    return judge(start, pos, records, commits, pages, images, stop);
  }

  /** Looks past the end {@code end} for evidence (corruption) or the pages of the last flush (a torn tail). */
  private LogScan judge(long start, long end, long records, long commits, long pageChanges, long images, String stop)
      throws IOException {
    long endPage = LogLayout.pageOf(end);
    List<Long> torn = new ArrayList<>();
    long extent = end;
    String evidence = null;
    for (long segment : laterSegments(layout.segmentOfPage(endPage))) {
      long from = Math.max(endPage, layout.firstPage(segment));
      long to = layout.firstPage(segment + 1);
      for (long gp = from; gp < to; gp++) {
        if (!reader.load(gp)) break;
        PageHeader h = reader.header();
        if (h == null || !h.belongsAt(gp, control.identity(), control.incarnation())) continue;
        if (h.flushStart() > end) {
          evidence = "page " + gp + " (segment " + LogLayout.segmentName(segment) + " offset " + layout.offsetOfPage(gp)
              + "), written by a flush that began at LSN " + h.flushStart();
          break;
        }
        torn.add(gp);
        long addr = LogLayout.pageAddress(gp);
        ByteBuffer p = reader.page();
        int lowest = gp == endPage ? (int) (end - addr) : 0;
        for (int k = LogLayout.DATA_PER_PAGE - 1; k >= lowest; k--) {
          if (p.get(PageHeader.BYTES + k) != 0) {
            extent = Math.max(extent, addr + k + 1);
            break;
          }
        }
      }
      if (evidence != null) break;
    }
    long cutRecords = 0;
    if (evidence == null) {
      for (long p = end; p < extent; ) {
        if (readRecord(p, false) == null) {
          cutRecords++;
          p += length;
        } else {
          p += 8;
        }
      }
    }
    long[] tornPages = evidence == null ? torn.stream().mapToLong(Long::longValue).toArray() : new long[0];
    return new LogScan(start, end, records, commits, pageChanges, images, stop, extent - end, cutRecords,
        tornPages, evidence, layout.where(end));
  }

  /** The existing segments from {@code first} on, in order. */
  private List<Long> laterSegments(long first) throws IOException {
    List<Long> s = new ArrayList<>();
    for (String name : storage.list()) {
      long n = LogLayout.segmentNumber(name);
      if (n >= first) s.add(n);
    }
    s.sort(null);
    return s;
  }

  /**
   * Reads the record at {@code pos} into {@link #record} (its length into {@link #length});
   * returns null when it is valid, else what is wrong. With {@code inSequence}, each page must be
   * of an incarnation no older than the page before it.
   */
  private String readRecord(long pos, boolean inSequence) throws IOException {
    int incarnationBefore = lastIncarnation;
    String p = gather(pos, RECORD_HEADER, -1, inSequence);
    lastIncarnation = incarnationBefore; // the pages are checked again below, with the record's end known
    if (p != null) return p;
    int len = view.getInt(0);
    if (len == 0) return "zeros where a record would start (the end of the log)";
    if (len < RECORD_HEADER || (len & 7) != 0 || len > LogFormat.MAX_RECORD) return "bad record length " + len;
    int payload = view.getInt(12);
    if (payload < 0 || LogFormat.recordLength(payload) != len) return "payload length " + payload + " does not fit record length " + len;
    byte type = view.get(8);
    if (type < LogFormat.COMMIT || type > LogFormat.CHECKPOINT) return "unknown record type " + type;
    if (payload < 8) return "record without its first field";
    if (record.length < len) {
      record = new byte[Integer.highestOneBit(len) * 2];
      view = ByteBuffer.wrap(record).order(ByteOrder.LITTLE_ENDIAN);
    }
    p = gather(pos, len, pos + len, inSequence);
    if (p != null) return p;
    crc.reset();
    crc.update(record, RECORD_HEADER, len - RECORD_HEADER);
    if (LogFormat.finishChecksum(crc, record, 0, control.identity()) != view.getInt(4)) return "checksum mismatch";
    if (view.getLong(LogFormat.LSN_FIELD) != pos) return "record of LSN " + view.getLong(LogFormat.LSN_FIELD) + " found at LSN " + pos;
    length = len;
    return null;
  }

  /**
   * Copies log bytes {@code [pos, pos + n)} into {@code record[0, n)}, checking each page
   * entered; {@code recordEnd} is the record's end when known (-1 while only its header is read).
   */
  private String gather(long pos, int n, long recordEnd, boolean inSequence) throws IOException {
    int done = 0;
    while (done < n) {
      long lsn = pos + done;
      long gp = LogLayout.pageOf(lsn);
      String bad = checkPage(gp, pos, recordEnd, inSequence);
      if (bad != null) return bad;
      int inPage = (int) (lsn - LogLayout.pageAddress(gp));
      int k = Math.min(n - done, LogLayout.DATA_PER_PAGE - inPage);
      reader.page().get(PageHeader.BYTES + inPage, record, done, k);
      done += k;
    }
    return null;
  }

  private String checkPage(long gp, long recordStart, long recordEnd, boolean inSequence) throws IOException {
    if (!reader.load(gp)) return "segment " + LogLayout.segmentName(layout.segmentOfPage(gp)) + " missing or too short for page " + gp;
    PageHeader h = reader.header();
    if (h == null) return "page " + gp + " has no valid page header";
    if (!h.belongsAt(gp, control.identity(), control.incarnation())) {
      return h.identity() != control.identity() ? "page " + gp + " belongs to another log"
          : "page " + gp + " is a stale page (address " + h.pageAddress() + ", incarnation " + h.incarnation() + ")";
    }
    if (inSequence && h.incarnation() < lastIncarnation) {
      return "page " + gp + " was written by incarnation " + h.incarnation() + ", older than the page before it";
    }
    long addr = LogLayout.pageAddress(gp);
    if (addr == recordStart && h.continuation() != 0) return "page " + gp + " says a record continues where one starts";
    if (addr > recordStart && recordEnd >= 0 && h.continuation() != recordEnd - addr) {
      return "page " + gp + " continues " + h.continuation() + " bytes of a record that has " + (recordEnd - addr) + " left";
    }
    if (addr > recordStart && recordEnd < 0 && h.continuation() == 0) return "page " + gp + " does not continue the record header before it";
    if (inSequence) lastIncarnation = Math.max(lastIncarnation, h.incarnation());
    return null;
  }
}
