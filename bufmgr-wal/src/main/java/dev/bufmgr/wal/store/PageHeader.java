package dev.bufmgr.wal.store;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The header that starts every log page, after PostgreSQL's {@code XLogPageHeaderData}
 * ({@code access/xlog_internal.h}) with two additions that let recovery judge damage by evidence:
 * the incarnation of the process that wrote the page, and where the flush that wrote it began.
 * A header has its own checksum, so a header that passes is trustworthy evidence.
 *
 * <pre>
 * offset  size  field
 *   0      4    magic {@link #MAGIC}
 *   4      4    CRC-32C of bytes [0,4) and [8,40)
 *   8      8    page address: LSN of the page's first record byte ({@code xlp_pageaddr})
 *  16      8    log identity ({@code xlp_sysid} of PostgreSQL's long header; here on every page)
 *  24      4    incarnation: the control file's open count of the writing process
 *  28      4    bytes at the page's start that continue a record begun on an earlier page ({@code xlp_rem_len})
 *  32      8    flush start: the flushed LSN when the flush that wrote this page began
 * </pre>
 *
 * A page whose address is not the one its place in the file stands for is a stale page (of a
 * recycled segment, or never written): the end of the log, never data.
 *
 * @param pageAddress LSN of the page's first record byte
 * @param identity the log's identity
 * @param incarnation the writer's incarnation
 * @param continuation bytes continuing an earlier record
 * @param flushStart where the writing flush began
 */
public record PageHeader(long pageAddress, long identity, int incarnation, int continuation, long flushStart) {
  /** Bytes of a page header. */
  public static final int BYTES = 40;
  /** A page header's first four bytes ("BMWP" read little-endian). */
  public static final int MAGIC = 0x50574D42;

  /** Writes this header at {@code at} of {@code page}. */
  public void encode(ByteBuffer page, int at) {
    ByteBuffer b = page.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(at, MAGIC);
    b.putLong(at + 8, pageAddress);
    b.putLong(at + 16, identity);
    b.putInt(at + 24, incarnation);
    b.putInt(at + 28, continuation);
    b.putLong(at + 32, flushStart);
    b.putInt(at + 4, checksum(b, at));
  }

  /** The header at {@code at} of {@code page}, or {@code null} when its magic or checksum is wrong. */
  public static PageHeader decode(ByteBuffer page, int at) {
    ByteBuffer b = page.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    if (b.limit() - at < BYTES || b.getInt(at) != MAGIC || b.getInt(at + 4) != checksum(b, at)) return null;
    return new PageHeader(b.getLong(at + 8), b.getLong(at + 16), b.getInt(at + 24), b.getInt(at + 28), b.getLong(at + 32));
  }

  /** Whether this header is a page of log {@code identity} written at global page {@code page}, by incarnation at most {@code maxIncarnation}. */
  public boolean belongsAt(long page, long identity, int maxIncarnation) {
    return pageAddress == LogLayout.pageAddress(page) && this.identity == identity
        && incarnation >= 1 && incarnation <= maxIncarnation
        && flushStart < pageAddress + LogLayout.DATA_PER_PAGE && continuation >= 0;
  }

  private static int checksum(ByteBuffer b, int at) {
    CRC32C crc = new CRC32C();
    crc.update(b.duplicate().position(at).limit(at + 4));
    crc.update(b.duplicate().position(at + 8).limit(at + BYTES));
    return (int) crc.getValue();
  }
}
