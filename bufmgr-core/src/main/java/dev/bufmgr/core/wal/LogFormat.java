package dev.bufmgr.core.wal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The on-disk layout of the log, in one place. A log file starts with a 16-byte header (the
 * magic {@code BUFMGRWL}, a version, zero padding); records follow back to back, each aligned to
 * 8 bytes:
 *
 * <pre>
 * offset  size  field
 *   0      4    total record length in bytes (header + payload + padding), a multiple of 8
 *   4      4    CRC-32C of bytes [0,4) and [8,length)
 *   8      1    record type ({@link #COMMIT}, {@link #PAGE_CHANGE}, {@link #CHECKPOINT})
 *   9      3    zero
 *  12      4    payload length in bytes
 *  16      n    payload (little-endian fields), then zeros up to the 8-byte boundary
 * </pre>
 *
 * A record's LSN is the log offset just past its end, so "flushed up to LSN" covers it. Record
 * sizes follow PostgreSQL's: a record asked for with n bytes (PostgreSQL's total record length,
 * as pg_waldump prints it) takes n bytes rounded up to 8 here too (PostgreSQL MAXALIGNs records),
 * with at least the fields below, so WAL volumes compare directly.
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

  /** The file's first 8 bytes. */
  public static final long MAGIC = 0x4C57524D47465542L; // "BUFMGRWL" read little-endian
  /** Format version. */
  public static final int VERSION = 1;
  /** Size of the file header; the first record starts here. */
  public static final int FILE_HEADER = 16;
  /** Size of a record header. */
  public static final int RECORD_HEADER = 16;
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

  /** The file header's bytes. */
  public static ByteBuffer fileHeader() {
    ByteBuffer b = ByteBuffer.allocate(FILE_HEADER).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(MAGIC).putInt(VERSION).putInt(0).flip();
    return b;
  }

  /**
   * Encodes a record into {@code dst[0, length)}: header, payload copied from {@code payload},
   * zero padding, checksum.
   */
  public static int encode(byte type, byte[] payload, int payloadLength, byte[] dst) {
    int length = recordLength(payloadLength);
    ByteBuffer b = ByteBuffer.wrap(dst, 0, length).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(0, length);
    b.put(8, type);
    b.put(9, (byte) 0).put(10, (byte) 0).put(11, (byte) 0);
    b.putInt(12, payloadLength);
    System.arraycopy(payload, 0, dst, RECORD_HEADER, payloadLength);
    for (int i = RECORD_HEADER + payloadLength; i < length; i++) dst[i] = 0;
    b.putInt(4, checksum(dst, 0, length));
    return length;
  }

  /** CRC-32C over a record's bytes [0,4) and [8,length), starting at {@code offset} in {@code buf}. */
  public static int checksum(byte[] buf, int offset, int length) {
    CRC32C crc = new CRC32C();
    crc.update(buf, offset, 4);
    crc.update(buf, offset + 8, length - 8);
    return (int) crc.getValue();
  }
}
