package dev.bufmgr.core.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.device.FileDevice;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real-file log: concurrent insertion, checksummed records, torn tails cut, corruption reported. */
class DurableLogTest {
  @TempDir Path dir;

  private static FileDevice device(DurableLog.Opened o) {
    return new FileDevice(o.channel(), null, 8192, "file:test");
  }

  /** Four threads insert 2,000 commits each while the log is flushed; every id must come back. */
  @Test
  void concurrentInsertsAllReachTheFile() throws Exception {
    DurableLog.Opened o = DurableLog.open(dir, true);
    try (FileDevice dev = device(o)) {
      WalLog log = new WalLog(o.endLsn(), 1 << 12); // a small ring forces wrap-around and back-pressure
      List<Thread> threads = new ArrayList<>();
      long[] maxLsn = new long[4];
      for (int t = 0; t < 4; t++) {
        int id = t;
        threads.add(Thread.ofPlatform().start(() -> {
          for (int i = 0; i < 2000; i++) maxLsn[id] = Math.max(maxLsn[id], log.insertCommit(id * 10_000L + i, 8 + (i % 5) * 8));
        }));
      }
      while (threads.stream().anyMatch(Thread::isAlive)) log.flushTo(log.flushedLsn(), dev);
      for (Thread t : threads) t.join();
      log.flushTo(log.insertLsn(), dev);
      assertEquals(log.insertLsn(), log.flushedLsn());
    }
    LogScan scan = LogScanner.scan(DurableLog.file(dir));
    assertEquals(8000, scan.commits());
    assertEquals(-1, scan.tornTailOffset());
    assertEquals(-1, scan.corruptOffset());
    for (int t = 0; t < 4; t++) for (int i = 0; i < 2000; i++) assertTrue(scan.containsCommit(t * 10_000L + i));
  }

  private List<Long> writeCommits(int n) throws IOException {
    DurableLog.Opened o = DurableLog.open(dir, true);
    List<Long> offsets = new ArrayList<>();
    try (FileDevice dev = device(o)) {
      WalLog log = new WalLog(o.endLsn(), 1 << 16);
      for (int i = 0; i < n; i++) {
        offsets.add(log.insertLsn());
        log.insertCommit(i, 8);
        log.flushTo(log.insertLsn(), dev);
      }
    }
    return offsets;
  }

  @Test
  void aTornTailIsCutOnReopen() throws IOException {
    writeCommits(5);
    Path file = DurableLog.file(dir);
    long good = Files.size(file);
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(good);
      f.write(new byte[] {24, 0, 0, 0, 1, 2, 3, 4, 1}); // a record header cut short by a crash
    }
    LogScan scan = LogScanner.scan(file);
    assertEquals(good, scan.tornTailOffset());
    assertEquals(9, scan.tornTailBytes());
    DurableLog.Opened o = DurableLog.open(dir, false);
    o.channel().close();
    assertEquals(good, o.endLsn());
    assertEquals(good, Files.size(file));
    assertEquals(5, LogScanner.scan(file).commits());
  }

  @Test
  void corruptionInTheMiddleIsReportedWithItsOffset() throws IOException {
    List<Long> offsets = writeCommits(6);
    Path file = DurableLog.file(dir);
    long third = offsets.get(2);
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(third + LogFormat.RECORD_HEADER); // flip a bit of the commit id
      int b = f.read();
      f.seek(third + LogFormat.RECORD_HEADER);
      f.write(b ^ 0x10);
    }
    LogScan scan = LogScanner.scan(file);
    assertEquals(third, scan.corruptOffset());
    assertEquals(-1, scan.tornTailOffset());
    assertEquals("checksum mismatch", scan.problem());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DurableLog.open(dir, false));
    assertEquals(file + ": corrupt record at offset " + third + " (checksum mismatch) with valid records after it; refusing to open",
        e.getMessage());
  }

  @Test
  void aCorruptLengthInTheMiddleIsStillCorruption() throws IOException {
    List<Long> offsets = writeCommits(4);
    Path file = DurableLog.file(dir);
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(offsets.get(1));
      f.write(new byte[] {(byte) 0xff, (byte) 0xff, 0, 0});
    }
    assertEquals(offsets.get(1), LogScanner.scan(file).corruptOffset());
  }

  @Test
  void aDirectoryWithoutALogIsNotALog() throws IOException {
    assertEquals(dir + " is not a bufmgr log directory (no wal.log)",
        assertThrows(IllegalArgumentException.class, () -> DurableLog.open(dir, false)).getMessage());
    Files.writeString(DurableLog.file(dir), "hello, this is text and not a log\n");
    assertEquals(DurableLog.file(dir) + " is not a bufmgr log (bad or missing header)",
        assertThrows(IllegalArgumentException.class, () -> DurableLog.open(dir, false)).getMessage());
  }

  /** seeds/001: the first change after a checkpoint logs the whole page; the next one does not. */
  @Test
  void firstChangeAfterACheckpointLogsAFullPageImage() {
    WalLog log = new WalLog(LogFormat.FILE_HEADER, 1 << 20);
    long before = log.checkpoint();
    long start = log.insertLsn();
    long pageLsn = log.insertPageChange(7, 0, 72, 8192);
    long first = log.insertLsn() - start;
    start = log.insertLsn();
    pageLsn = log.insertPageChange(7, pageLsn, 72, 8192);
    long second = log.insertLsn() - start;
    assertEquals(72 + 8192, first);
    assertEquals(72, second);
    log.checkpoint();
    start = log.insertLsn();
    log.insertPageChange(7, pageLsn, 72, 8192);
    assertEquals(first, log.insertLsn() - start, "after the next checkpoint the page's LSN is behind the redo point again");
    assertTrue(before < pageLsn);
    assertEquals(new WalStats(5, 2, LogFormat.CHECKPOINT_LENGTH * 2 + 3 * 72 + 2 * 8192, 2 * 8192), log.stats());
  }
}
