package dev.bufmgr.wal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The layout of a log record, in one place. Records follow one another in LSN order, each aligned
 * to 8 bytes, and may continue across log pages (see {@code store.LogLayout}):
 *
 * <pre>
 * offset  size  field
 *   0      4    total record length in bytes (header + payload + padding), a multiple of 8
 *   4      4    CRC-32C (see {@link #checksum})
 *   8      1    record type ({@link #COMMIT}, {@link #PAGE_CHANGE}, {@link #CHECKPOINT})
 *   9      3    zero
 *  12      4    payload length in bytes
 *  16      8    the record's own LSN (where it starts)
 *  24      n    payload (little-endian fields), then zeros up to the 8-byte boundary
 * </pre>
 *
 * The checksum covers the payload, the header and the log's identity, in that order (PostgreSQL
 * also sums the payload first and the header last, once {@code xl_prev} is known: {@code
 * XLogInsertRecord}). A record copied from another place or another log therefore fails it. A
 * record's "flushed" LSN is the position just past its end, so "flushed up to LSN" covers it.
 * Record sizes follow PostgreSQL's: a record asked for with n bytes (PostgreSQL's total record
 * length, as pg_waldump prints it) takes n bytes rounded up to 8 here too (PostgreSQL MAXALIGNs
 * records), with at least the fields below, so WAL volumes compare directly; PostgreSQL's record
 * header is also 24 bytes.
 *
 * <ul>
 *   <li>Commit payload: the commit id (8 bytes), then zeros.
 *   <li>Page-change payload: the page id (8 bytes), the change's record size (4 bytes), the size
 *       of the full-page image it carries (4 bytes, 0 for none), then zeros: the change and the
 *       image are sized, their bytes are not modelled.
 *   <li>Checkpoint payload: the redo point (8 bytes).
 * </ul>
 */
public final class LogFormat {
  private LogFormat() {}

  /**
   * The LSN of a new log's first record. LSN 0 stays free to mean "no LSN" (a page never
   * logged).
   */
  public static final long FIRST_LSN = 16;
  /** Size of a record header. */
  public static final int RECORD_HEADER = 24;
  /** Offset of the record's own LSN in its header. */
  public static final int LSN_FIELD = 16;
  /** Largest record accepted by the scanner (guards against a corrupt length). */
  public static final int MAX_RECORD = 1 << 24;

  /** A transaction's commit record. */
  public static final byte COMMIT = 1;
  /** A change to a page, possibly with a full page image. */
  public static final byte PAGE_CHANGE = 2;
  /** A checkpoint's redo point. */
  public static final byte CHECKPOINT = 3;

  /** Total record length for a payload of {@code payload} bytes. */
  public static int recordLength(int payload) {
    return (RECORD_HEADER + payload + 7) & ~7;
  }

  /** Bytes of a page-change payload's fields (page id, record size, image size). */
  public static final int PAGE_CHANGE_FIELDS = 16;
  /** Bytes of a commit payload's field (the id). */
  public static final int COMMIT_FIELDS = 8;
  /** Length of a checkpoint record. */
  public static final int CHECKPOINT_LENGTH = (RECORD_HEADER + 8 + 7) & ~7;

  /** Length of a page-change record asked for with {@code recordBytes}, carrying an image of {@code imageBytes}. */
  public static int pageChangeLength(int recordBytes, int imageBytes) {
    long n = Math.max((long) RECORD_HEADER + PAGE_CHANGE_FIELDS, (long) recordBytes + imageBytes);
    if (n > MAX_RECORD) throw new IllegalArgumentException("a page change of " + n + " bytes exceeds the largest record, " + MAX_RECORD);
    return (int) ((n + 7) & ~7L);
  }

  /** Length of a commit record asked for with {@code recordBytes}. */
  public static int commitLength(int recordBytes) {
    long n = Math.max(RECORD_HEADER + COMMIT_FIELDS, recordBytes);
    if (n > MAX_RECORD) throw new IllegalArgumentException("a commit record of " + n + " bytes exceeds the largest record, " + MAX_RECORD);
    return (int) ((n + 7) & ~7L);
  }

  /**
   * The CRC-32C of the record at {@code offset} of {@code buf}: over its payload bytes {@code
   * [24,length)}, then its header bytes {@code [0,4)} and {@code [8,24)}, then the 8 bytes of
   * {@code identity} (little-endian).
   */
  public static int checksum(byte[] buf, int offset, int length, long identity) {
    CRC32C crc = new CRC32C();
    crc.update(buf, offset + RECORD_HEADER, length - RECORD_HEADER);
    return finishChecksum(crc, buf, offset, identity);
  }

  /**
   * Completes a checksum whose payload part {@code crc} already holds, with the header at
   * {@code offset} of {@code header} and the identity (see {@link #checksum}).
   */
  public static int finishChecksum(CRC32C crc, byte[] header, int offset, long identity) {
    crc.update(header, offset, 4);
    crc.update(header, offset + 8, RECORD_HEADER - 8);
    for (int i = 0; i < 8; i++) crc.update((int) (identity >>> (8 * i)) & 0xFF);
    return (int) crc.getValue();
  }
}
