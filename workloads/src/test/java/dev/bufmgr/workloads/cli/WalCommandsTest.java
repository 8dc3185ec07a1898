package dev.bufmgr.workloads.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WalCommandsTest {
  @TempDir Path dir;

  @Test
  void loadThenVerifyFindsEveryAcknowledgedCommit() throws IOException {
    Path log = dir.resolve("log");
    Path acks = dir.resolve("acks.txt");
    CliRun load = CliRun.of("wal-load", "--dir", log.toString(), "--clients", "3", "--seconds", "0.4",
        "--ack-log", acks.toString(), "--output", "jsonl");
    assertEquals(0, load.status(), load.err());
    assertTrue(load.out().contains("\"durable\":true"));
    long acked = Files.readAllLines(acks).size();
    assertTrue(acked > 0);
    CliRun verify = CliRun.of("wal-verify", "--dir", log.toString(), "--acks", acks.toString(), "--output", "jsonl");
    assertEquals(0, verify.status(), verify.err());
    assertTrue(verify.out().contains("\"acks\":" + acked + ","), verify.out());
    assertTrue(verify.out().contains("\"missingAcks\":0"));
    // Every acknowledged commit counts once: printed, in the ack log and in the log itself.
    assertEquals(acked, field(load.out(), "commits"), load.out());
    assertEquals(acked, field(verify.out(), "commits"), verify.out());

    // An id acknowledged but absent from the log fails verification.
    Files.writeString(acks, "999999999\n", java.nio.file.StandardOpenOption.APPEND);
    CliRun missing = CliRun.of("wal-verify", "--dir", log.toString(), "--acks", acks.toString());
    assertEquals(2, missing.status());
    assertTrue(missing.err().strip().startsWith("bufmgr: 1 of " + (acked + 1) + " acknowledged commits missing"), missing.err());
  }

  private static long field(String jsonl, String name) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"" + name + "\":(\\d+)").matcher(jsonl);
    assertTrue(m.find(), name + " in " + jsonl);
    return Long.parseLong(m.group(1));
  }

  @Test
  void loadRunsInBothFlushModesAndRefusesAnUnknownOne() throws IOException {
    for (String mode : new String[] {"leader", "flusher"}) {
      Path log = dir.resolve("log-" + mode);
      Path acks = dir.resolve("acks-" + mode + ".txt");
      CliRun load = CliRun.of("wal-load", "--dir", log.toString(), "--clients", "3", "--seconds", "0.3",
          "--ack-log", acks.toString(), "--flush-mode", mode, "--output", "jsonl");
      assertEquals(0, load.status(), load.err());
      assertTrue(load.out().contains("\"flushMode\":\"" + mode + "\""), load.out());
      CliRun verify = CliRun.of("wal-verify", "--dir", log.toString(), "--acks", acks.toString(), "--output", "jsonl");
      assertEquals(0, verify.status(), verify.err());
      assertTrue(verify.out().contains("\"missingAcks\":0"), verify.out());
    }
    CliRun bad = CliRun.of("wal-load", "--dir", dir.resolve("log-bad").toString(), "--flush-mode", "thread");
    assertEquals(2, bad.status());
    assertEquals("bufmgr: --flush-mode must be leader or flusher; got 'thread'", bad.err().strip());
  }

  @Test
  void corruptionInTheMiddleFailsWithItsOffset() throws IOException {
    Path log = dir.resolve("log");
    assertEquals(0, CliRun.of("wal-load", "--dir", log.toString(), "--clients", "2", "--seconds", "0.2", "--record-bytes", "24").status());
    Path file = log.resolve("wal.log");
    long offset = 16 + 24 * 3; // the fourth 24-byte commit record
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(offset + 20);
      f.write(0x5a);
    }
    CliRun r = CliRun.of("wal-verify", "--dir", log.toString());
    assertEquals(2, r.status());
    assertEquals("bufmgr: " + file + ": corrupt record at offset " + offset + " (checksum mismatch), with valid records after it",
        r.err().strip());
    CliRun reopen = CliRun.of("wal-load", "--dir", log.toString(), "--seconds", "0.1");
    assertEquals(2, reopen.status());
    assertEquals(1, reopen.errorLines().lines().count(), reopen.err());
  }

  @Test
  void aDirectoryThatIsNotALogFails() throws IOException {
    CliRun r = CliRun.of("wal-verify", "--dir", dir.toString());
    assertEquals(2, r.status());
    assertEquals("bufmgr: " + dir + " is not a bufmgr log directory (no wal.log)", r.err().strip());
    Files.writeString(dir.resolve("wal.log"), "not a log");
    CliRun bad = CliRun.of("wal-verify", "--dir", dir.toString());
    assertEquals(2, bad.status());
    assertEquals("bufmgr: " + dir.resolve("wal.log") + " is not a bufmgr log (bad or missing header)", bad.err().strip());
  }

  @Test
  void probeWritesASampleFileUsableAsADevice() throws IOException {
    Path samples = dir.resolve("s.txt");
    CliRun r = CliRun.of("fsync-probe", "--dir", dir.toString(), "--count", "20", "--file-mib", "1",
        "--samples", samples.toString(), "--output", "jsonl");
    assertEquals(0, r.status(), r.err());
    for (String f : new String[] {"minMs", "p50Ms", "p90Ms", "p99Ms", "p999Ms", "maxMs", "lambdaStar"}) {
      assertTrue(r.out().contains("\"" + f + "\":"), f);
    }
    assertEquals(20, Files.readAllLines(samples).stream().filter(l -> !l.startsWith("#")).count());
    CliRun sim = CliRun.of("commit", "--device", "empirical:" + samples, "--commits", "1000");
    assertEquals(0, sim.status(), sim.err());
    assertEquals(2, CliRun.of("fsync-probe", "--dir", dir.resolve("absent").toString()).status());
  }
}
