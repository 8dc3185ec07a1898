package dev.bufmgr.workloads.commit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.wal.DurableLog;
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
 * A child JVM runs {@code bufmgr wal-load} on the real-file device and is killed ({@code
 * destroyForcibly}, SIGKILL) at a random moment once it acknowledges commits, 20 times on the same
 * log. After every kill the log must hold every acknowledged commit with valid checksums and no
 * corruption; a torn tail (one is also planted by hand) must be cut by the next run's reopen.
 */
class WalCrashTest {
  private static final int CYCLES = 20;
  @TempDir Path dir;

  @Test
  void everyAcknowledgedCommitSurvivesKills() throws Exception {
    Path log = dir.resolve("log");
    Path acks = dir.resolve("acks.txt");
    SplittableRandom rng = new SplittableRandom(2026);
    long plantedAt = -1;
    for (int cycle = 0; cycle < CYCLES; cycle++) {
      Path childOut = dir.resolve("child-" + cycle + ".out");
      Process child = new ProcessBuilder(command(log, acks)).redirectErrorStream(true)
          .redirectOutput(childOut.toFile()).start();
      long before = size(acks);
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (size(acks) == before && child.isAlive() && System.nanoTime() < deadline) Thread.sleep(5);
      assertTrue(child.isAlive(), "wal-load died before the kill: " + Files.readString(childOut));
      assertTrue(size(acks) > before, "wal-load acknowledged nothing in 30 s");
      Thread.sleep(rng.nextInt(0, 300));
      child.destroyForcibly();
      child.waitFor();

      LogVerification v = LogVerification.of(log, acks);
      assertEquals(-1, v.scan().corruptOffset(), "cycle " + cycle + ": " + v.scan().problem());
      assertEquals(0, v.missing(), "cycle " + cycle + ": " + (v.ok() ? "" : v.failure(log)));
      assertTrue(v.acks() > 0);
      if (plantedAt >= 0) {
        // The reopen cut the planted bytes: valid records now run past where they were.
        assertTrue(v.scan().validEnd() > plantedAt, "valid end " + v.scan().validEnd() + " vs planted at " + plantedAt);
        plantedAt = -1;
      }
      if (cycle == CYCLES / 2 && v.scan().tornTailBytes() == 0) {
        plantedAt = v.scan().validEnd();
        long planted = plantTornTail(log);
        v = LogVerification.of(log, acks);
        assertEquals(planted, v.scan().tornTailBytes());
        assertEquals(plantedAt, v.scan().tornTailOffset());
        assertTrue(v.ok());
      }
    }
    DurableLog.open(log, false).channel().close();
    LogVerification end = LogVerification.of(log, acks);
    assertEquals(0, end.scan().tornTailBytes(), "the reopen cut the torn tail");
    assertTrue(end.ok());
  }

  /** Appends the first 20 bytes of a 64-byte commit record, as a write cut short would. */
  private static long plantTornTail(Path log) throws IOException {
    Path file = DurableLog.file(log);
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(f.length());
      f.write(new byte[] {64, 0, 0, 0, 9, 9, 9, 9, 1, 0, 0, 0, 48, 0, 0, 0, 1, 2, 3, 4});
    }
    return 20;
  }

  private static List<String> command(Path log, Path acks) {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    cmd.add("-XX:TieredStopAtLevel=1");
    cmd.add("-Xmx128m");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("dev.bufmgr.workloads.cli.BufmgrCommand");
    cmd.addAll(List.of("wal-load", "--dir", log.toString(), "--clients", "4", "--seconds", "120",
        "--ack-log", acks.toString()));
    return cmd;
  }

  private static long size(Path p) throws IOException {
    return Files.exists(p) ? Files.size(p) : 0;
  }
}
