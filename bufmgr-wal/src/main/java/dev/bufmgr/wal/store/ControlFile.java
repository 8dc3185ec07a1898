package dev.bufmgr.wal.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The log directory's control file, after PostgreSQL's {@code pg_control}: which log this is, how
 * its segments are sized, where recovery starts reading, and how many times a writer has opened
 * it. It is replaced atomically (a temporary file written and forced, renamed over the old one,
 * the directory forced), so a crash leaves the old or the new one, never a mix.
 *
 * <pre>
 * offset  size  field
 *   0      8    magic "BMCTRL01"
 *   8      4    segment size in bytes
 *  12      4    incarnation: writers that opened the log so far (1 for the first)
 *  16      8    log identity (random, drawn at creation: PostgreSQL's {@code system_identifier})
 *  24      8    start LSN: where the log begins (a record boundary; moved by a checkpoint)
 *  32      4    CRC-32C of bytes [0,32)
 *  36    476    zero (one 512-byte sector in all)
 * </pre>
 *
 * @param segmentBytes the segment size
 * @param incarnation the open count; commit ids of the writer that opened it as incarnation
 *     {@code i} start at {@code i << 40}, above every id a lower incarnation could have used
 * @param identity the log's identity
 * @param startLsn where the log begins
 */
public record ControlFile(int segmentBytes, int incarnation, long identity, long startLsn) {
  /** The control file's name in a log directory. */
  public static final String NAME = "bufmgr_control";
  private static final String TEMP = NAME + ".tmp";
  private static final long MAGIC = 0x31304C5254434D42L; // "BMCTRL01" read little-endian
  private static final int BYTES = 512;

  /** The layout its segment size gives. */
  public LogLayout layout() {
    return new LogLayout(segmentBytes);
  }

  /** The same control file with a new incarnation. */
  public ControlFile withIncarnation(int i) {
    return new ControlFile(segmentBytes, i, identity, startLsn);
  }

  /** The same control file with a new start. */
  public ControlFile withStart(long lsn) {
    return new ControlFile(segmentBytes, incarnation, identity, lsn);
  }

  /**
   * Reads the control file of {@code storage}, or {@code null} when there is none.
   *
   * @throws IllegalArgumentException naming the file when it is damaged
   */
  public static ControlFile read(LogStorage storage) throws IOException {
    if (!storage.exists(NAME)) return null;
    ByteBuffer b = ByteBuffer.allocate(BYTES).order(ByteOrder.LITTLE_ENDIAN);
    try (LogFile f = storage.open(NAME, false)) {
      f.read(b, 0);
    }
    b.flip();
    if (b.limit() < 36 || b.getLong(0) != MAGIC) {
      throw new IllegalArgumentException(storage.describe(NAME) + " is not a bufmgr control file (bad magic)");
    }
    if (b.getInt(32) != checksum(b)) throw new IllegalArgumentException(storage.describe(NAME) + ": checksum mismatch; the control file is damaged");
    ControlFile c = new ControlFile(b.getInt(8), b.getInt(12), b.getLong(16), b.getLong(24));
    try {
      c.layout();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(storage.describe(NAME) + ": " + e.getMessage());
    }
    return c;
  }

  /** Replaces the control file of {@code storage} with this one, durably (see the class comment). */
  public void write(LogStorage storage) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(BYTES).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(0, MAGIC).putInt(8, segmentBytes).putInt(12, incarnation).putLong(16, identity).putLong(24, startLsn);
    b.putInt(32, checksum(b));
    storage.delete(TEMP);
    try (LogFile f = storage.create(TEMP)) {
      f.write(b, 0);
      f.force();
    }
    storage.rename(TEMP, NAME);
    storage.forceDirectory();
  }

  /** Whether {@code name} is the temporary file a crashed {@link #write} may leave. */
  static boolean isTemporary(String name) {
    return name.equals(TEMP);
  }

  private static int checksum(ByteBuffer b) {
    CRC32C crc = new CRC32C();
    crc.update(b.duplicate().position(0).limit(32));
    return (int) crc.getValue();
  }
}
