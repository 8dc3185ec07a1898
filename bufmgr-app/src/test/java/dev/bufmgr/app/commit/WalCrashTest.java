package dev.bufmgr.app.commit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.wal.device.FileDevice;
import dev.bufmgr.wal.WalLog;
import dev.bufmgr.wal.store.DurableLog;
import dev.bufmgr.wal.store.LogLayout;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Child JVMs run {@code bufmgr wal-load} on real segment files: killed with SIGKILL at random
 * moments, refused as a second writer, made to lose an acknowledged tail, and a log larger than a
 * small heap is verified by a child with that heap.
 */
class WalCrashTest {
  private static final int CYCLES = 20;
  @TempDir Path dir;

  /** 20 kills on the same log: after each, every acknowledged commit is in it at its LSN, and nothing is corrupt. */
  @Test
  void everyAcknowledgedCommitSurvivesKills() throws Exception {
    Path log = dir.resolve("log");
    Path acks = dir.resolve("acks.txt");
    SplittableRandom rng = new SplittableRandom(2026);
    long killed = -1;
    for (int cycle = 0; cycle < CYCLES; cycle++) {
      Process child = startLoad(log, acks, cycle == 0, "cycle-" + cycle);
      awaitAcks(child, acks);
      Thread.sleep(rng.nextInt(0, 300));
      child.destroyForcibly();
      child.waitFor();
      if (killed > 0) {
        String out = Files.readString(dir.resolve("cycle-" + cycle + ".out"));
        assertTrue(out.contains(log + ": took over the stale lock of a writer that died (pid " + killed + " "), out);
      }
      killed = child.pid();
      LogVerification v = LogVerification.of(log, acks);
      assertFalse(v.scan().corrupt(), "cycle " + cycle + ": " + v.scan());
      assertTrue(v.ok(), "cycle " + cycle + ": " + (v.ok() ? "" : v.failure(log)));
      assertTrue(v.acks() > 0);
    }
    DurableLog.open(log, false, LogLayout.DEFAULT_SEGMENT).writer().close();
    LogVerification end = LogVerification.of(log, acks);
    assertFalse(end.scan().tornTail(), "the reopen cut any torn tail");
    assertTrue(end.ok());
  }

  /** A second writer of the same directory, started while the first runs, is refused in one line naming the first. */
  @Test
  void aSecondWriterIsRefused() throws Exception {
    Path log = dir.resolve("log");
    Path acks = dir.resolve("acks.txt");
    Process first = startLoad(log, acks, true, "first");
    try {
      awaitAcks(first, acks);
      Path out = dir.resolve("second.out");
      Process second = new ProcessBuilder(command(log, null, false, "2")).redirectErrorStream(true).redirectOutput(out.toFile()).start();
      assertEquals(2, second.waitFor(), Files.readString(out));
      String text = Files.readString(out).strip();
      assertEquals(1, text.lines().count(), text);
      assertTrue(text.startsWith("bufmgr: " + log + " is open for writing by another writer (pid " + first.pid() + " started "), text);
    } finally {
      first.destroyForcibly();
      first.waitFor();
    }
    assertTrue(LogVerification.of(log, acks).ok());
  }

  /**
   * Acknowledged commits are lost by hand (the log's last page zeroed: what a disk that lied
   * about its flush would leave). The next wal-load cuts that tail and commits more, yet
   * wal-verify still reports the loss: the new commits' ids come from a higher incarnation.
   */
  @Test
  void aLostAcknowledgedTailStaysLostAfterTheNextRun() throws Exception {
    Path log = dir.resolve("log");
    Path acks = dir.resolve("acks.txt");
    Process p = new ProcessBuilder(command(log, acks, true, "0.5")).redirectErrorStream(true).redirectOutput(dir.resolve("a.out").toFile()).start();
    assertEquals(0, p.waitFor(), Files.readString(dir.resolve("a.out")));
    LogVerification before = LogVerification.of(log, acks);
    assertTrue(before.ok());
    long end = before.scan().endLsn();
    long page = LogLayout.pageOf(end - 1);
    LogLayout layout = new LogLayout(LogLayout.DEFAULT_SEGMENT);
    try (RandomAccessFile f = new RandomAccessFile(log.resolve(LogLayout.segmentName(layout.segmentOfPage(page))).toFile(), "rw")) {
      f.seek(layout.offsetOfPage(page));
      f.write(new byte[LogLayout.PAGE_BYTES]);
    }
    LogVerification lost = LogVerification.of(log, acks);
    assertTrue(lost.missing() > 0, lost.row(log).toString());
    Process again = new ProcessBuilder(command(log, acks, false, "0.5")).redirectOutput(dir.resolve("b.out").toFile())
        .redirectError(dir.resolve("b.err").toFile()).start();
    assertEquals(0, again.waitFor(), Files.readString(dir.resolve("b.err")));
    LogVerification after = LogVerification.of(log, acks);
    assertEquals(lost.missing(), after.missing(), "the ids lost are still missing after more commits");
    assertFalse(after.ok());
    assertTrue(after.acks() > lost.acks());
  }

  /** A log of about 160 MiB is verified by a child JVM with a 48 MiB heap. */
  @Test
  void aLogLargerThanTheHeapIsVerifiedInConstantMemory() throws Exception {
    Path log = dir.resolve("big");
    DurableLog.Opened o = DurableLog.open(log, true, LogLayout.DEFAULT_SEGMENT);
    int records = 20_000;
    try (FileDevice dev = new FileDevice(o.writer(), null, 8192, "file:" + log)) {
      WalLog wal = new WalLog(o.endLsn(), 8 << 20, o.writer().identity());
      for (int i = 0; i < records; i++) {
        wal.insertCommit(o.writer().firstCommitId() + i, 8192);
        if (i % 400 == 399) wal.flushTo(wal.insertLsn(), dev);
      }
      wal.flushTo(wal.insertLsn(), dev);
    }
    long bytes = 0;
    try (var s = Files.list(log)) {
      for (Path p : s.toList()) bytes += Files.size(p);
    }
    assertTrue(bytes > 150L << 20, "log of " + bytes + " bytes");
    List<String> cmd = java(48);
    cmd.addAll(List.of("wal-verify", "--dir", log.toString(), "--output", "jsonl"));
    Path out = dir.resolve("verify.out");
    Process v = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    assertEquals(0, v.waitFor(), Files.readString(out));
    assertTrue(Files.readString(out).contains("\"commits\":" + records + ","), Files.readString(out));
  }

  private Process startLoad(Path log, Path acks, boolean init, String name) throws IOException {
    return new ProcessBuilder(command(log, acks, init, "120")).redirectErrorStream(true)
        .redirectOutput(dir.resolve(name + ".out").toFile()).start();
  }

  private static void awaitAcks(Process child, Path acks) throws Exception {
    long before = size(acks);
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (size(acks) == before && child.isAlive() && System.nanoTime() < deadline) Thread.sleep(5);
    assertTrue(child.isAlive(), "wal-load died before the kill");
    assertTrue(size(acks) > before, "wal-load acknowledged nothing in 30 s");
  }

  private static List<String> command(Path log, Path acks, boolean init, String seconds) {
    List<String> cmd = java(128);
    cmd.addAll(List.of("wal-load", "--dir", log.toString(), "--clients", "4", "--seconds", seconds));
    if (acks != null) cmd.addAll(List.of("--ack-log", acks.toString()));
    if (init) cmd.add("--init");
    return cmd;
  }

  private static List<String> java(int heapMib) {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    cmd.add("-XX:TieredStopAtLevel=1");
    cmd.add("-Xmx" + heapMib + "m");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("dev.bufmgr.app.cli.BufmgrCommand");
    return cmd;
  }

  private static long size(Path p) throws IOException {
    return Files.exists(p) ? Files.size(p) : 0;
  }
}
