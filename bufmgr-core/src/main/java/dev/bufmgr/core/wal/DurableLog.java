package dev.bufmgr.core.wal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Opens the log file of a log directory for appending, recovering it first: the file is
 * scanned, a torn tail is cut (truncated and forced), and corruption in the middle refuses the
 * open with its offset. A new directory gets a new log file with its header forced.
 */
public final class DurableLog {
  /** The log file's name inside a log directory. */
  public static final String FILE_NAME = "wal.log";

  private DurableLog() {}

  /**
   * What {@link #open} found and left open.
   *
   * @param channel the log file, open for reading and writing, positioned by LSN = offset
   * @param endLsn where the next record goes (the valid end after recovery)
   * @param recovered the scan made before any cut
   */
  public record Opened(FileChannel channel, long endLsn, LogScan recovered) {}

  /** The log file of directory {@code dir}. */
  public static Path file(Path dir) {
    return dir.resolve(FILE_NAME);
  }

  /**
   * Opens (creating when {@code create} and absent) the log of {@code dir}.
   *
   * @throws IllegalArgumentException when the directory holds no log and {@code create} is
   *     false, when its file is not a log, or when a record in the middle is corrupt (the
   *     message gives the offset)
   */
  public static Opened open(Path dir, boolean create) throws IOException {
    Path file = file(dir);
    if (!Files.exists(file)) {
      if (!create) throw new IllegalArgumentException(dir + " is not a bufmgr log directory (no " + FILE_NAME + ")");
      Files.createDirectories(dir);
      FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
      ByteBuffer h = LogFormat.fileHeader();
      while (h.hasRemaining()) ch.write(h, LogFormat.FILE_HEADER - h.remaining());
      ch.force(true);
      forceDirectory(dir);
      LogScan empty = new LogScan(LogFormat.FILE_HEADER, LogFormat.FILE_HEADER, 0, new long[0], 0, 0, -1, -1, null);
      return new Opened(ch, LogFormat.FILE_HEADER, empty);
    }
    LogScan scan = LogScanner.scan(file);
    if (scan.corruptOffset() >= 0) {
      throw new IllegalArgumentException(
          file + ": corrupt record at offset " + scan.corruptOffset() + " (" + scan.problem()
              + ") with valid records after it; refusing to open");
    }
    FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
    if (scan.tornTailOffset() >= 0) {
      ch.truncate(scan.validEnd());
      ch.force(true);
    }
    return new Opened(ch, scan.validEnd(), scan);
  }

  /**
   * Makes the new file's directory entry durable (fsync of the directory), so a power loss
   * cannot lose the whole log file. Some platforms cannot open a directory as a channel; there
   * the entry's durability is left to the file system.
   */
  private static void forceDirectory(Path dir) {
    try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
      d.force(true);
    } catch (IOException e) {
      // Not supported here (e.g. Windows): nothing more can be done portably.
    }
  }
}
