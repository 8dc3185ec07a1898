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
 * A record's LSN is the log offset just past its end, so "flushed up to LSN" covers it. Commit
 * payload: the commit id (8 bytes), padded with zeros to the requested size. Page-change payload:
 * the page id (8 bytes), the change size (4 bytes), a full-page-image flag (4 bytes), then the
 * change bytes and, when flagged, the page image.
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
