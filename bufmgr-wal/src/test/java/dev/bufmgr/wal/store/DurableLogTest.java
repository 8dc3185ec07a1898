package dev.bufmgr.wal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.wal.device.FileDevice;
import dev.bufmgr.wal.WalLog;
import dev.bufmgr.wal.crash.MemoryStorage;
import dev.bufmgr.wal.store.TestLogs.Written;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The segmented log: layout, recovery by evidence, identity, the lock, recycling. */
class DurableLogTest {
  @TempDir Path dir;

  /** Four threads insert 2,000 commits each while the log is flushed to real 64 KiB segments; every id must come back. */
  @Test
  void concurrentInsertsAllReachTheSegments() throws Exception {
    DurableLog.Opened o = DurableLog.open(dir, true, TestLogs.SEGMENT);
    Set<Long> ids = new HashSet<>();
    try (FileDevice dev = new FileDevice(o.writer(), null, 8192, "file:test")) {
      WalLog log = new WalLog(o.endLsn(), 1 << 12, o.writer().identity()); // a small ring: wrap-around and back-pressure
      long first = o.writer().firstCommitId();
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int id = t;
        threads.add(Thread.ofPlatform().start(() -> {
          for (int i = 0; i < 2000; i++) log.insertCommit(first + id * 10_000L + i, 32 + (i % 5) * 40);
        }));
      }
      while (threads.stream().anyMatch(Thread::isAlive)) log.flushTo(log.flushedLsn(), dev);
      for (Thread t : threads) t.join();
      log.flushTo(log.insertLsn(), dev);
      for (int t = 0; t < 4; t++) for (int i = 0; i < 2000; i++) ids.add(first + t * 10_000L + i);
    }
    List<Written> found = TestLogs.scanned(new DirectoryStorage(dir));
    assertEquals(8000, found.size());
    assertEquals(ids, new HashSet<>(found.stream().map(Written::id).toList()));
    LogScan scan = DurableLog.inspect(new DirectoryStorage(dir), RecordVisitor.NONE);
    assertFalse(scan.tornTail() || scan.corrupt(), scan.stop());
    long segments;
    try (var s = Files.list(dir)) {
      segments = s.filter(p -> LogLayout.segmentNumber(p.getFileName().toString()) >= 0).count();
    }
    assertTrue(segments >= 10, "8000 commits of 32..192 bytes fill more than ten 64 KiB segments: " + segments);
    for (var p : Files.newDirectoryStream(dir)) {
      if (LogLayout.segmentNumber(p.getFileName().toString()) >= 0) assertEquals(TestLogs.SEGMENT, Files.size(p), "preallocated: " + p);
    }
  }

  @Test
  void recordsCarryTheirLsnAndAStaleCopyIsRefused() throws IOException {
    MemoryStorage s = MemoryStorage.plain();
    List<Written> w = TestLogs.commits(s, 6, 64, 1);
    assertEquals(w, TestLogs.scanned(s));
    // Copy record 1 over record 3 (same length, valid checksum of its own place): refused.
    byte[] rec = read(s, w.get(1).lsn(), 64);
    overwrite(s, w.get(3).lsn(), rec);
    LogScan scan = DurableLog.inspect(s, RecordVisitor.NONE);
    assertTrue(scan.corrupt(), "a later flush rewrote the page: " + scan);
    assertEquals(w.get(3).lsn(), scan.endLsn());
    assertTrue(scan.stop().startsWith("record of LSN " + w.get(1).lsn() + " found at LSN " + w.get(3).lsn()), scan.stop());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DurableLog.open(s, false, TestLogs.SEGMENT, () -> {}));
    assertTrue(e.getMessage().startsWith("memory: corrupt log at LSN " + w.get(3).lsn() + " (segment 0000000000000000 offset "), e.getMessage());
    assertTrue(e.getMessage().endsWith("; refusing to open it"), e.getMessage());
  }

  @Test
  void swappedRecordsAreRefused() throws IOException {
    MemoryStorage s = MemoryStorage.plain();
    List<Written> w = TestLogs.commits(s, 6, 64, 2);
    byte[] a = read(s, w.get(1).lsn(), 64);
    byte[] b = read(s, w.get(2).lsn(), 64);
    overwrite(s, w.get(1).lsn(), b);
    overwrite(s, w.get(2).lsn(), a);
    LogScan scan = DurableLog.inspect(s, RecordVisitor.NONE);
    assertTrue(scan.corrupt());
    assertEquals(w.get(1).lsn(), scan.endLsn());
  }

  @Test
  void aFlippedByteInADurableFlushIsCorruptionWithItsPlace() throws IOException {
    MemoryStorage s = MemoryStorage.plain();
    List<Written> w = TestLogs.commits(s, 300, 112, 3); // about four pages
    long lsn = w.get(100).lsn() + 30;
    byte[] one = read(s, lsn, 1);
    one[0] ^= 0x40;
    overwrite(s, lsn, one);
    LogScan scan = DurableLog.inspect(s, RecordVisitor.NONE);
    assertTrue(scan.corrupt());
    assertEquals(w.get(100).lsn(), scan.endLsn());
    assertEquals("checksum mismatch", scan.stop());
    assertTrue(scan.evidence().contains("written by a flush that began at LSN"), scan.evidence());
  }

  /** The last flush spans three pages; its middle page never reached the disk but the third did: a torn tail, cut. */
  @Test
  void outOfOrderBlocksOfTheLastFlushAreATornTail() throws IOException {
    MemoryStorage s = MemoryStorage.plain();
    List<Written> durable = TestLogs.commits(s, 10, 112, 10);
    DurableLog.Opened o = DurableLog.open(s, false, TestLogs.SEGMENT, () -> {});
    long start;
    try (FileDevice dev = new FileDevice(o.writer(), null, 8192, "test")) {
      WalLog log = new WalLog(o.endLsn(), 1 << 20, o.writer().identity());
      start = log.insertLsn();
      for (int i = 0; i < 200; i++) log.insertCommit(o.writer().firstCommitId() + i, 112);
      log.flushTo(log.insertLsn(), dev);
    }
    long middle = LogLayout.pageOf(start) + 1;
    s.overwrite(LogLayout.segmentName(0), new LogLayout(TestLogs.SEGMENT).offsetOfPage(middle), new byte[LogLayout.PAGE_BYTES]);
    LogScan scan = DurableLog.inspect(s, RecordVisitor.NONE);
    assertFalse(scan.corrupt(), scan.toString());
    assertTrue(scan.tornTail());
    assertTrue(scan.tornTailRecords() > 60, "the third page's records are found and cut: " + scan.tornTailRecords());
    DurableLog.Opened again = DurableLog.open(s, false, TestLogs.SEGMENT, () -> {});
    again.writer().close();
    assertTrue(again.cut().contains("cut a torn tail at LSN " + scan.endLsn()), again.cut());
    LogScan after = DurableLog.inspect(s, RecordVisitor.NONE);
    assertFalse(after.tornTail() || after.corrupt(), after.toString());
    assertEquals(scan.endLsn(), after.endLsn());
    assertTrue(TestLogs.scanned(s).containsAll(durable));
  }

  @Test
  void garbageAfterTheEndIsCutAndTheCutIsDurable() throws IOException {
    MemoryStorage s = MemoryStorage.plain();
    List<Written> w = TestLogs.commits(s, 5, 64, 1);
    long end = w.get(4).end();
    overwrite(s, end, new byte[] {64, 0, 0, 0, 9, 9, 9, 9, 1, 0, 0, 0, 40, 0, 0, 0, 1, 2, 3, 4});
    LogScan scan = DurableLog.inspect(s, RecordVisitor.NONE);
    assertTrue(scan.tornTail());
    assertEquals(20, scan.tornTailBytes());
    assertEquals(0, scan.tornTailRecords());
    DurableLog.Opened o = DurableLog.open(s, false, TestLogs.SEGMENT, () -> {});
    o.writer().close();
    assertEquals(end, o.endLsn());
    assertFalse(DurableLog.inspect(s, RecordVisitor.NONE).tornTail());
    DurableLog.Opened next = DurableLog.open(s, false, TestLogs.SEGMENT, () -> {});
    next.writer().close();
    assertNull(next.cut(), "nothing left to cut");
  }

  @Test
  void commitIdsOfEachIncarnationLieAboveEveryEarlierOne() throws IOException {
    MemoryStorage s = MemoryStorage.plain();
    List<Written> a = TestLogs.commits(s, 3, 64, 1);
    List<Written> b = TestLogs.commits(s, 3, 64, 1);
    assertEquals(1L << 40, a.get(0).id());
    assertEquals(2L << 40, b.get(0).id());
    assertEquals(2, DurableLog.control(s).incarnation());
  }

  @Test
  void aMissingLogOrControlFileIsAnErrorAndANewLogNeedsCreate() throws IOException {
    assertEquals(dir + " holds no bufmgr log (no bufmgr_control)",
        assertThrows(IllegalArgumentException.class, () -> DurableLog.open(dir, false, TestLogs.SEGMENT)).getMessage());
    TestLogs.commits(new DirectoryStorage(dir), 3, 64, 1);
    Files.move(dir.resolve(LogLayout.segmentName(0)), dir.resolve("moved-away"));
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> DurableLog.open(dir, true, TestLogs.SEGMENT));
    assertEquals(dir.resolve(LogLayout.segmentName(0)) + ": log segment missing (the control file says the log starts at LSN 16 in it)",
        missing.getMessage());
    Files.move(dir.resolve("moved-away"), dir.resolve(LogLayout.segmentName(0)));
    Files.delete(dir.resolve(ControlFile.NAME));
    IllegalArgumentException orphans = assertThrows(IllegalArgumentException.class, () -> DurableLog.open(dir, true, TestLogs.SEGMENT));
    assertEquals(dir + " holds log segments (0000000000000000) but no bufmgr_control; refusing to guess where the log starts",
        orphans.getMessage());
  }

  /** A crash between writing the first control file and preparing the first segment: the next open finishes creating. */
  @Test
  void anInterruptedCreationIsFinishedByTheNextOpen() throws IOException {
    MemoryStorage s = MemoryStorage.plain();
    new ControlFile(TestLogs.SEGMENT, 0, 42, 16).write(s);
    s.create("0000000000000000.tmp").close();
    DurableLog.Opened o = DurableLog.open(s, false, TestLogs.SEGMENT, () -> {});
    o.writer().close();
    assertEquals(16, o.endLsn());
    assertFalse(s.exists("0000000000000000.tmp"));
    assertEquals(1, DurableLog.control(s).incarnation());
  }

  @Test
  void aSecondWriterIsRefusedWhileTheFirstHoldsTheDirectory() throws IOException {
    DurableLog.Opened first = DurableLog.open(dir, true, TestLogs.SEGMENT);
    try {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DurableLog.open(dir, true, TestLogs.SEGMENT));
      assertTrue(e.getMessage().startsWith(dir + " is open for writing by another writer (pid " + ProcessHandle.current().pid()), e.getMessage());
      assertTrue(LogDirectoryLock.heldBy(dir).startsWith("pid " + ProcessHandle.current().pid()));
    } finally {
      first.writer().close();
    }
    assertNull(LogDirectoryLock.heldBy(dir));
    DurableLog.open(dir, false, TestLogs.SEGMENT).writer().close();
  }

  /** A lock file naming a process that exited (a child that ran and ended) is taken over in one line; a clean close names none. */
  @Test
  void theLockOfAWriterThatDiedIsTakenOver() throws Exception {
    DurableLog.open(dir, true, TestLogs.SEGMENT).writer().close();
    assertEquals("", Files.readString(dir.resolve(LogDirectoryLock.NAME)), "a clean close leaves no holder named");
    Process child = new ProcessBuilder("true").start();
    long dead = child.pid();
    child.waitFor();
    Files.writeString(dir.resolve(LogDirectoryLock.NAME), "pid " + dead + " started 2026-01-01T00:00:00Z\n");
    assertEquals(null, LogDirectoryLock.heldBy(dir), "no process holds the kernel lock");
    DurableLog.Opened again = DurableLog.open(dir, false, TestLogs.SEGMENT);
    try {
      assertEquals(dir + ": took over the stale lock of a writer that died (pid " + dead + " started 2026-01-01T00:00:00Z; "
          + "the lock was free)", again.staleLock());
      assertTrue(LogDirectoryLock.heldBy(dir).startsWith("pid " + ProcessHandle.current().pid() + " "));
    } finally {
      again.writer().close();
    }
    DurableLog.Opened third = DurableLog.open(dir, false, TestLogs.SEGMENT);
    assertNull(third.staleLock());
    third.writer().close();
  }

  /** A checkpoint moves the start; old segments become future ones, whose stale pages end the log rather than join it. */
  @Test
  void checkpointsRecycleSegmentsAndStalePagesAreTheEnd() throws IOException {
    MemoryStorage s = MemoryStorage.plain();
    DurableLog.Opened o = DurableLog.open(s, true, TestLogs.SEGMENT, () -> {});
    long redo;
    List<Written> after = new ArrayList<>();
    try (FileDevice dev = new FileDevice(o.writer(), null, 8192, "test")) {
      WalLog log = new WalLog(o.endLsn(), 1 << 20, o.writer().identity());
      for (int i = 0; i < 3000; i++) log.insertCommit(o.writer().firstCommitId() + i, 112); // about five segments
      log.flushTo(log.insertLsn(), dev);
      redo = log.checkpoint();
      for (int i = 0; i < 20; i++) {
        long start = log.insertLsn();
        long id = o.writer().firstCommitId() + 5000 + i;
        after.add(new Written(id, start, log.insertCommit(id, 112)));
      }
      log.flushTo(log.insertLsn(), dev);
      dev.logCheckpointed(redo);
    }
    assertEquals(redo, DurableLog.control(s).startLsn());
    LogLayout layout = new LogLayout(TestLogs.SEGMENT);
    assertFalse(s.exists(LogLayout.segmentName(0)), "recycled or removed");
    long current = layout.segmentOf(redo);
    assertTrue(s.exists(LogLayout.segmentName(current + 1)) && s.exists(LogLayout.segmentName(current + 2)), s.list().toString());
    assertEquals(after, TestLogs.scanned(s));
    LogScan scan = DurableLog.inspect(s, RecordVisitor.NONE);
    assertFalse(scan.corrupt() || scan.tornTail(), scan.toString());

    // Write on into the first recycled segment: its pages past the end still hold the old pages.
    long recycled = current + 2; // current + 1 was prepared with zeros before the checkpoint; segment 0 was renamed after it
    long end = after.get(after.size() - 1).end();
    while (layout.segmentOf(end) < recycled) {
      List<Written> more = TestLogs.commits(s, 50, 112, 50);
      end = more.get(more.size() - 1).end();
    }
    assertTrue(layout.segmentOf(end) == recycled, "the log reached the recycled segment " + recycled + ": " + layout.where(end));
    long next = LogLayout.pageOf(end) + 1;
    ByteBuffer stale = ByteBuffer.allocate(LogLayout.PAGE_BYTES);
    try (LogFile f = s.open(LogLayout.segmentName(recycled), false)) {
      f.read(stale, layout.offsetOfPage(next));
    }
    PageHeader old = PageHeader.decode(stale, 0);
    assertTrue(old != null && old.pageAddress() != LogLayout.pageAddress(next), "a stale page of the segment's earlier life follows the end");
    LogScan last = DurableLog.inspect(s, RecordVisitor.NONE);
    assertFalse(last.corrupt() || last.tornTail(), "a stale page is neither data nor evidence: " + last);
    assertEquals(end, last.endLsn());
  }

  /** A segment cut short (damage no crash of ours leaves) keeps its records and is filled back to its size before a flush uses it. */
  @Test
  void aShortSegmentIsFilledBackToSizeBeforeItIsWritten() throws IOException {
    List<Written> first = TestLogs.commits(new DirectoryStorage(dir), 100, 112, 10);
    Path segment = dir.resolve(LogLayout.segmentName(0));
    try (var ch = java.nio.channels.FileChannel.open(segment, java.nio.file.StandardOpenOption.WRITE)) {
      ch.truncate(3L * LogLayout.PAGE_BYTES);
    }
    List<Written> second = TestLogs.commits(new DirectoryStorage(dir), 10, 112, 10);
    assertEquals(TestLogs.SEGMENT, Files.size(segment));
    List<Written> all = new ArrayList<>(first);
    all.addAll(second);
    assertEquals(all, TestLogs.scanned(new DirectoryStorage(dir)));
  }

  @Test
  void aLogOfAnotherIdentityIsNotThisLog() throws IOException {
    MemoryStorage s = MemoryStorage.plain();
    TestLogs.commits(s, 3, 64, 1);
    ControlFile c = DurableLog.control(s);
    new ControlFile(c.segmentBytes(), c.incarnation(), c.identity() + 1, c.startLsn()).write(s);
    LogScan scan = DurableLog.inspect(s, RecordVisitor.NONE);
    assertEquals(0, scan.records());
    assertEquals("page 0 belongs to another log", scan.stop());
  }

  private static byte[] read(MemoryStorage s, long lsn, int n) throws IOException {
    Object[] at = TestLogs.place(lsn);
    ByteBuffer b = ByteBuffer.allocate(n);
    try (LogFile f = s.open((String) at[0], false)) {
      f.read(b, (Long) at[1]);
    }
    return b.array();
  }

  private static void overwrite(MemoryStorage s, long lsn, byte[] bytes) {
    Object[] at = TestLogs.place(lsn);
    s.overwrite((String) at[0], (Long) at[1], bytes);
  }
}
