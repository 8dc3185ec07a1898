package dev.bufmgr.app.cli;

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
    CliRun load = CliRun.of("wal-load", "--dir", log.toString(), "--init", "--clients", "3", "--seconds", "0.4",
        "--ack-log", acks.toString(), "--output", "jsonl", "--segment-size", "64KiB");
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
    Files.writeString(acks, "999999999 4096\n", java.nio.file.StandardOpenOption.APPEND);
    CliRun missing = CliRun.of("wal-verify", "--dir", log.toString(), "--acks", acks.toString());
    assertEquals(2, missing.status());
    assertTrue(missing.err().strip().startsWith("bufmgr: 1 of " + (acked + 1) + " acknowledged commits missing"), missing.err());

    // An acknowledged id found at another LSN than acknowledged fails too, and so does an id acknowledged twice.
    String first = Files.readAllLines(acks).get(0);
    String[] f = first.split(" ");
    Files.writeString(acks, f[0] + " " + (Long.parseLong(f[1]) + 8) + "\n");
    CliRun moved = CliRun.of("wal-verify", "--dir", log.toString(), "--acks", acks.toString());
    assertEquals(2, moved.status());
    assertTrue(moved.err().contains("1 of 1 acknowledged commits found at another LSN than acknowledged"), moved.err());
    Files.writeString(acks, first + "\n" + first + "\n");
    CliRun twice = CliRun.of("wal-verify", "--dir", log.toString(), "--acks", acks.toString());
    assertEquals(2, twice.status());
    assertTrue(twice.err().contains("1 ack lines repeat an acknowledged id"), twice.err());
    Files.writeString(acks, "12\n");
    CliRun malformed = CliRun.of("wal-verify", "--dir", log.toString(), "--acks", acks.toString());
    assertEquals(2, malformed.status());
    assertEquals("bufmgr: ack log " + acks + " line 1: not 'ID LSN': '12'", malformed.err().strip());
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
      CliRun load = CliRun.of("wal-load", "--dir", log.toString(), "--init", "--clients", "3", "--seconds", "0.3",
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
  void corruptionProvedByALaterFlushFailsWithItsPlace() throws IOException {
    Path log = dir.resolve("log");
    assertEquals(0, CliRun.of("wal-load", "--dir", log.toString(), "--init", "--clients", "2", "--seconds", "0.3",
        "--record-bytes", "32", "--segment-size", "64KiB").status());
    Path segment = log.resolve("0000000000000000");
    long offset = 40 + 16 + 32 * 3; // the fourth 32-byte commit record of page 0 (page header, then LSN 16 on)
    try (RandomAccessFile f = new RandomAccessFile(segment.toFile(), "rw")) {
      f.seek(offset + 28);
      f.write(0x5a);
    }
    CliRun r = CliRun.of("wal-verify", "--dir", log.toString());
    assertEquals(2, r.status());
    assertTrue(r.err().strip().startsWith("bufmgr: " + log + ": corrupt log at LSN 112 (segment 0000000000000000 offset " + offset
        + ") (checksum mismatch), durable by the evidence of page "), r.err());
    byte[] before = Files.readAllBytes(segment);
    CliRun reopen = CliRun.of("wal-load", "--dir", log.toString(), "--seconds", "0.1");
    assertEquals(2, reopen.status());
    assertEquals(1, reopen.errorLines().lines().count(), reopen.err());
    assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(segment)), "a refused log is never modified");
  }

  @Test
  void aDirectoryThatIsNotALogFails() throws IOException {
    CliRun r = CliRun.of("wal-verify", "--dir", dir.toString());
    assertEquals(2, r.status());
    assertEquals("bufmgr: " + dir + " holds no bufmgr log (no bufmgr_control)", r.err().strip());
    CliRun noInit = CliRun.of("wal-load", "--dir", dir.toString(), "--seconds", "0.1");
    assertEquals(2, noInit.status());
    assertEquals("bufmgr: " + dir + " holds no bufmgr log (no bufmgr_control)", noInit.err().strip());
    Files.writeString(dir.resolve("bufmgr_control"), "not a control file");
    CliRun bad = CliRun.of("wal-verify", "--dir", dir.toString());
    assertEquals(2, bad.status());
    assertEquals("bufmgr: " + dir.resolve("bufmgr_control") + " is not a bufmgr control file (bad magic)", bad.err().strip());
    for (String[] huge : new String[][] {{"--seconds", "1e12"}, {"--record-bytes", "999999999"}}) {
      CliRun h = CliRun.of("wal-load", "--dir", dir.resolve("h").toString(), "--init", huge[0], huge[1]);
      assertEquals(2, h.status(), huge[0]);
      assertTrue(h.err().strip().startsWith("bufmgr: " + huge[0] + " must be"), h.err());
      assertTrue(!Files.exists(dir.resolve("h")), "nothing left behind");
    }
    for (String size : new String[] {"3MiB", "32KiB", "2GiB", "lots", "-1"}) {
      CliRun s = CliRun.of("wal-load", "--dir", dir.resolve("n").toString(), "--init", "--segment-size", size, "--seconds", "0.1");
      assertEquals(2, s.status(), size);
      assertTrue(s.err().strip().startsWith("bufmgr: --segment-size " + size + ": "), s.err());
      assertTrue(!Files.exists(dir.resolve("n")), "nothing left behind");
    }
  }

  @Test
  void crashCheckPassesAndRefusesBadFlags() {
    CliRun r = CliRun.of("wal-crash-check", "--runs", "1", "--clients", "2", "--commits", "30", "--samples", "1", "--output", "jsonl");
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("\"passed\":true"), r.out());
    assertTrue(field(r.out(), "states") > 100, r.out());
    assertTrue(r.out().contains("\"refused\":0") && r.out().contains("\"lostAcks\":0"), r.out());
    String[][] bad = {
      {"--runs", "0"}, {"--commits", "2"}, {"--commits", "1000000000"}, {"--clients", "0"}, {"--stride", "0"},
      {"--samples", "-1"}, {"--flush-mode", "x"}, {"--segment-size", "1KiB"}, {"--runs", "many"}
    };
    for (String[] b : bad) {
      CliRun f = CliRun.of("wal-crash-check", b[0], b[1]);
      assertEquals(2, f.status(), String.join(" ", b));
      assertEquals(1, f.errorLines().lines().count(), f.err());
      assertTrue(f.err().contains(b[0]), f.err());
    }
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
