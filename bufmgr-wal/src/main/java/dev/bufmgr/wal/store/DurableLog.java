package dev.bufmgr.wal.store;

import dev.bufmgr.wal.LogFormat;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;

/**
 * Opens a log directory for writing, recovering it first, or inspects it without writing.
 *
 * <p>Opening for writing: the directory's lock is taken (one writer per log); the control file
 * is read (a missing log where the control file says one exists, or segments without a control
 * file, are refused); the log is scanned; corruption refuses the open with where it is, and the
 * log is left as it was; a torn tail is cut (see {@link TailCut}) and said so in {@link
 * Opened#cut}; the incarnation is raised in the control file, durably, before anything is
 * written, so every commit id this writer hands out lies above every id ever acknowledged.
 *
 * <p>Creating: the control file is written with incarnation 0 ("created, never written"), the
 * first segment is prepared, then the control file gets incarnation 1. A crash anywhere in
 * between leaves a directory that the next open finishes creating.
 */
public final class DurableLog {
  private DurableLog() {}

  /**
   * A log open for writing.
   *
   * @param writer where flushes go (its {@code close} releases the lock)
   * @param endLsn where the next record goes
   * @param recovered the scan made before any cut
   * @param control the control file as this writer wrote it
   * @param created whether the log was created by this open
   * @param staleLock the line saying the directory's lock was taken over from a writer that died,
   *     or {@code null} (see {@link LogDirectoryLock#takenOver})
   */
  public record Opened(SegmentWriter writer, long endLsn, LogScan recovered, ControlFile control, boolean created,
      String staleLock) {
    /** The line to print for a cut torn tail, or {@code null} when nothing was cut. */
    public String cut() {
      return recovered.tornTail() ? writer.describe() + ": recovery " + recovered.cut() : null;
    }
  }

  /**
   * Opens the log of {@code dir} for writing.
   *
   * @param create create the log when the directory holds none (else refuse)
   * @param segmentBytes the segment size of a log created now (an existing log keeps its own)
   * @throws IllegalArgumentException when there is no log and {@code create} is false, when the
   *     log is corrupt or inconsistent (the message says where)
   * @throws IllegalArgumentException also when another writer holds the directory
   */
  public static Opened open(Path dir, boolean create, int segmentBytes) throws IOException {
    if (!Files.isDirectory(dir)) {
      if (Files.exists(dir)) throw new IllegalArgumentException(dir + " is not a directory");
      if (!create) throw new IllegalArgumentException(dir + ": no such log directory");
      Files.createDirectories(dir);
    }
    LogDirectoryLock lock = LogDirectoryLock.acquire(dir);
    try {
      Opened o = open(new DirectoryStorage(dir), create, segmentBytes, () -> {
        try {
          lock.close();
        } catch (IOException e) {
          // The lock goes with the process anyway.
        }
      });
      return new Opened(o.writer(), o.endLsn(), o.recovered(), o.control(), o.created(), lock.takenOver());
    } catch (IOException | RuntimeException e) {
      lock.close();
      throw e;
    }
  }

  /** {@link #open(Path, boolean, int)} on any storage, with no lock; {@code onClose} runs when the writer closes. */
  public static Opened open(LogStorage storage, boolean create, int segmentBytes, Runnable onClose) throws IOException {
    ControlFile control = ControlFile.read(storage);
    boolean created = false;
    if (control == null) {
      refuseOrphans(storage, create);
      control = new ControlFile(new LogLayout(segmentBytes).segmentBytes(), 0, newIdentity(), LogFormat.FIRST_LSN);
      control.write(storage);
      created = true;
    }
    LogLayout layout = control.layout();
    String first = LogLayout.segmentName(layout.segmentOf(control.startLsn()));
    if (control.incarnation() == 0 && !storage.exists(first)) {
      try (SegmentFiles s = new SegmentFiles(storage, layout)) {
        s.forWrite(layout.segmentOf(control.startLsn()));
      }
      created = true;
    }
    LogScan scan = LogScanner.scan(storage, control, RecordVisitor.NONE);
    if (scan.corrupt()) throw new IllegalArgumentException(storage.describe() + ": " + scan.corruption() + "; refusing to open it");
    if (scan.tornTail()) TailCut.apply(storage, layout, scan);
    ControlFile mine = control.withIncarnation(control.incarnation() + 1);
    mine.write(storage);
    ByteBuffer endPage = null;
    if (scan.endLsn() % LogLayout.DATA_PER_PAGE != 0) {
      long gp = LogLayout.pageOf(scan.endLsn());
      endPage = ByteBuffer.allocate(LogLayout.PAGE_BYTES);
      try (LogFile f = storage.open(LogLayout.segmentName(layout.segmentOfPage(gp)), false)) {
        f.read(endPage, layout.offsetOfPage(gp));
      }
    }
    return new Opened(new SegmentWriter(storage, mine, scan.endLsn(), endPage, onClose), scan.endLsn(), scan, mine, created, null);
  }

  /**
   * Scans the log of {@code storage} without writing anything.
   *
   * @throws IllegalArgumentException when the storage holds no log
   */
  public static LogScan inspect(LogStorage storage, RecordVisitor visitor) throws IOException {
    ControlFile control = ControlFile.read(storage);
    if (control == null) {
      refuseOrphans(storage, false);
      throw new IllegalArgumentException(storage.describe() + " holds no bufmgr log (no " + ControlFile.NAME + ")");
    }
    if (control.incarnation() == 0) {
      return new LogScan(control.startLsn(), control.startLsn(), 0, 0, 0, 0, "a log created but never opened for writing",
          0, 0, new long[0], null, control.layout().where(control.startLsn()));
    }
    return LogScanner.scan(storage, control, visitor);
  }

  /** The control file of a log (for its identity, incarnation and layout), refusing storage without one. */
  public static ControlFile control(LogStorage storage) throws IOException {
    ControlFile control = ControlFile.read(storage);
    if (control == null) throw new IllegalArgumentException(storage.describe() + " holds no bufmgr log (no " + ControlFile.NAME + ")");
    return control;
  }

  /**
   * Without a control file, segments that hold any page header are a log whose control file was
   * lost: refused. Segments of zeros are what an interrupted creation leaves, removed when
   * {@code create}. A single-file log of an earlier bufmgr version is refused by name.
   */
  private static void refuseOrphans(LogStorage storage, boolean create) throws IOException {
    if (storage.exists("wal.log")) {
      throw new IllegalArgumentException(storage.describe("wal.log") + " is a log of an earlier bufmgr version (one file); "
          + "this version writes segments: use a new directory");
    }
    for (String name : storage.list()) {
      long segment = LogLayout.segmentNumber(name);
      if (segment < 0) continue;
      if (holdsPages(storage, name)) {
        throw new IllegalArgumentException(storage.describe() + " holds log segments (" + name + ") but no " + ControlFile.NAME
            + "; refusing to guess where the log starts");
      }
    }
    if (!create) throw new IllegalArgumentException(storage.describe() + " holds no bufmgr log (no " + ControlFile.NAME + ")");
    for (String name : storage.list()) {
      if (LogLayout.segmentNumber(name) >= 0) storage.delete(name);
    }
  }

  private static boolean holdsPages(LogStorage storage, String name) throws IOException {
    try (LogFile f = storage.open(name, false)) {
      ByteBuffer page = ByteBuffer.allocate(LogLayout.PAGE_BYTES);
      for (long at = 0; at < f.size(); at += LogLayout.PAGE_BYTES) {
        f.read(page.clear(), at);
        if (page.getInt(0) != 0 && PageHeader.decode(page.clear(), 0) != null) return true;
      }
    }
    return false;
  }

  private static long newIdentity() {
    long id;
    SecureRandom r = new SecureRandom();
    do {
      id = r.nextLong();
    } while (id == 0);
    return id;
  }
}
