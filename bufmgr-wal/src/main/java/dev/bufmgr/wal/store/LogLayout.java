package dev.bufmgr.wal.store;

/**
 * Where log bytes live on disk. The log is a sequence of fixed-size segment files of {@link
 * #PAGE_BYTES}-byte pages, each page a {@link PageHeader} then {@link #DATA_PER_PAGE} bytes of
 * records; a record may continue on the next page. As in PostgreSQL ({@code XLogBytePosToRecPtr}
 * in {@code xlog.c}), insertion works in "usable byte positions" that skip the page headers; here
 * those positions <em>are</em> the LSNs: an LSN counts record bytes only, so LSN {@code n} sits on
 * global page {@code n / DATA_PER_PAGE}. PostgreSQL's own LSNs also count page headers; the
 * mapping between the two is a bijection.
 *
 * <p>Segment {@code s} holds global pages {@code [s * pagesPerSegment, (s + 1) * pagesPerSegment)}
 * and is named by {@code s} in 16 hexadecimal digits (PostgreSQL names segments by timeline, log
 * and segment number in 24).
 *
 * @param segmentBytes the size of every segment file: a power of two from {@link #MIN_SEGMENT} to
 *     {@link #MAX_SEGMENT} (PostgreSQL's {@code wal_segment_size} allows 1 MiB to 1 GiB; smaller
 *     segments are allowed here for tests)
 */
public record LogLayout(int segmentBytes) {
  /** Bytes per log page (PostgreSQL's {@code XLOG_BLCKSZ}). */
  public static final int PAGE_BYTES = 8192;
  /** Record bytes per page, after its header. */
  public static final int DATA_PER_PAGE = PAGE_BYTES - PageHeader.BYTES;
  /** Smallest segment size. */
  public static final int MIN_SEGMENT = 64 << 10;
  /** Largest segment size. */
  public static final int MAX_SEGMENT = 1 << 30;
  /** PostgreSQL's default segment size. */
  public static final int DEFAULT_SEGMENT = 16 << 20;

  /** Checks the segment size. */
  public LogLayout {
    if (segmentBytes < MIN_SEGMENT || segmentBytes > MAX_SEGMENT || Integer.bitCount(segmentBytes) != 1) {
      throw new IllegalArgumentException("segment size " + segmentBytes + " is not a power of two from "
          + (MIN_SEGMENT >> 10) + " KiB to " + (MAX_SEGMENT >> 20) + " MiB");
    }
  }

  /** Pages per segment file. */
  public int pagesPerSegment() {
    return segmentBytes / PAGE_BYTES;
  }

  /** Record bytes per segment. */
  public long dataPerSegment() {
    return (long) pagesPerSegment() * DATA_PER_PAGE;
  }

  /** The global page holding LSN {@code lsn}. */
  public static long pageOf(long lsn) {
    return lsn / DATA_PER_PAGE;
  }

  /** The LSN of the first record byte of global page {@code page} (PostgreSQL's {@code xlp_pageaddr}). */
  public static long pageAddress(long page) {
    return page * DATA_PER_PAGE;
  }

  /** The segment holding global page {@code page}. */
  public long segmentOfPage(long page) {
    return page / pagesPerSegment();
  }

  /** The segment holding LSN {@code lsn}. */
  public long segmentOf(long lsn) {
    return segmentOfPage(pageOf(lsn));
  }

  /** The byte offset of global page {@code page} in its segment file. */
  public long offsetOfPage(long page) {
    return (page % pagesPerSegment()) * (long) PAGE_BYTES;
  }

  /** The first global page of segment {@code segment}. */
  public long firstPage(long segment) {
    return segment * pagesPerSegment();
  }

  /** The segment file's name. */
  public static String segmentName(long segment) {
    return String.format("%016X", segment);
  }

  /** The segment number a file name stands for, or -1 when it is not a segment's name. */
  public static long segmentNumber(String name) {
    if (name.length() != 16) return -1;
    for (int i = 0; i < 16; i++) {
      char c = name.charAt(i);
      if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'))) return -1;
    }
    return Long.parseUnsignedLong(name, 16);
  }

  /** Where LSN {@code lsn} sits, for messages: segment file and byte offset in it. */
  public String where(long lsn) {
    long page = pageOf(lsn);
    return "LSN " + lsn + " (segment " + segmentName(segmentOfPage(page)) + " offset "
        + (offsetOfPage(page) + PageHeader.BYTES + lsn % DATA_PER_PAGE) + ")";
  }
}
