package dev.bufmgr.core.wal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads a log file record by record, checking every record's checksum. A record that is
 * incomplete or fails its checks is a <em>torn tail</em> when no valid record follows it (a
 * write cut short by a crash: reopening cuts it) and <em>corruption</em> when a valid record
 * follows it (damage in the middle: reported with its offset, never cut). Records are 8-byte
 * aligned, so the search for a following valid record tries every aligned offset.
 */
public final class LogScanner {
  private LogScanner() {}

  /**
   * Scans {@code file}.
   *
   * @throws IllegalArgumentException when the file is missing, shorter than the file header or
   *     does not start with the log's magic (not a log)
   * @throws IOException when it cannot be read
   */
  public static LogScan scan(Path file) throws IOException {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(file + ": no such log file");
    }
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    if (bytes.length < LogFormat.FILE_HEADER || b.getLong(0) != LogFormat.MAGIC) {
      throw new IllegalArgumentException(file + " is not a bufmgr log (bad or missing header)");
    }
    if (b.getInt(8) != LogFormat.VERSION) {
      throw new IllegalArgumentException(file + ": unsupported log version " + b.getInt(8));
    }
    long[] ids = new long[1024];
    int nIds = 0;
    long records = 0;
    long pages = 0;
    long images = 0;
    int p = LogFormat.FILE_HEADER;
    while (p < bytes.length) {
      String problem = check(bytes, b, p);
      if (problem != null) {
        long[] sorted = Arrays.copyOf(ids, nIds);
        Arrays.sort(sorted);
        boolean laterValid = false;
        for (int q = p + 8; q + LogFormat.RECORD_HEADER <= bytes.length; q += 8) {
          if (check(bytes, b, q) == null) {
            laterValid = true;
            break;
          }
        }
        return new LogScan(bytes.length, p, records, sorted, pages, images,
            laterValid ? -1 : p, laterValid ? p : -1, problem);
      }
      int len = b.getInt(p);
      byte type = b.get(p + 8);
      records++;
      if (type == LogFormat.COMMIT) {
        if (nIds == ids.length) ids = Arrays.copyOf(ids, nIds * 2);
        ids[nIds++] = b.getLong(p + LogFormat.RECORD_HEADER);
      } else if (type == LogFormat.PAGE_CHANGE) {
        pages++;
        if (b.getInt(p + LogFormat.RECORD_HEADER + 12) != 0) images++;
      }
      p += len;
    }
    long[] sorted = Arrays.copyOf(ids, nIds);
    Arrays.sort(sorted);
    return new LogScan(bytes.length, p, records, sorted, pages, images, -1, -1, null);
  }

  /** What {@link #forEachPageChange} reports of each valid page-change record. */
  @FunctionalInterface
  public interface PageChangeVisitor {
    /** A change to {@code page} whose record ends at {@code lsn}, with an image of {@code imageBytes} (0: none). */
    void change(long page, long lsn, int imageBytes);
  }

  /**
   * Calls {@code visitor} for every valid page-change record of {@code file}, in log order, up to
   * the first record that is not valid (where a scan would find the end of the log).
   */
  public static void forEachPageChange(Path file, PageChangeVisitor visitor) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    if (bytes.length < LogFormat.FILE_HEADER || b.getLong(0) != LogFormat.MAGIC) {
      throw new IllegalArgumentException(file + " is not a bufmgr log (bad or missing header)");
    }
    int p = LogFormat.FILE_HEADER;
    while (p < bytes.length && check(bytes, b, p) == null) {
      int len = b.getInt(p);
      if (b.get(p + 8) == LogFormat.PAGE_CHANGE) {
        visitor.change(b.getLong(p + LogFormat.RECORD_HEADER), p + len, b.getInt(p + LogFormat.RECORD_HEADER + 12));
      }
      p += len;
    }
  }

  /** Null when a valid record starts at {@code p}, else what is wrong with it. */
  private static String check(byte[] bytes, ByteBuffer b, int p) {
    if (p + LogFormat.RECORD_HEADER > bytes.length) return "incomplete record header";
    int len = b.getInt(p);
    if (len < LogFormat.RECORD_HEADER || (len & 7) != 0 || len > LogFormat.MAX_RECORD) {
      return "bad record length " + len;
    }
    if ((long) p + len > bytes.length) return "record of " + len + " bytes runs past the end of the file";
    int payload = b.getInt(p + 12);
    if (payload < 0 || LogFormat.recordLength(payload) != len) return "payload length " + payload + " does not fit record length " + len;
    byte type = b.get(p + 8);
    if (type < LogFormat.COMMIT || type > LogFormat.CHECKPOINT) return "unknown record type " + type;
    if (LogFormat.checksum(bytes, p, len) != b.getInt(p + 4)) return "checksum mismatch";
    if (type == LogFormat.COMMIT && payload < 8) return "commit record without an id";
    return null;
  }
}
