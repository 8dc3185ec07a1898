package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inputs of issue 12, one test per category: each ends with exit status 2, exactly one line
 * on stderr that names the field (and file and record where the value came from) and the limit,
 * nothing on stdout, and no file left in the folder it would have written, hidden or not.
 */
class HostileInputsTest {
  @TempDir Path dir;

  private String refused(String... args) throws IOException {
    return CliRun.refused(dir, args);
  }

  private static void assertMentions(String line, String... parts) {
    for (String p : parts) assertTrue(line.contains(p), "'" + line + "' should mention '" + p + "'");
  }

  @Test
  void sizesFromArgumentsAndRecordsAreBoundedBeforeUse() throws IOException {
    Path arc = Files.writeString(dir.resolve("big.arc"), "1 99999999999 0 0\n");
    String out = dir.resolve("big.bft").toString();
    assertMentions(refused("replay", "--trace", arc.toString(), "--format", "arc", "--policy", "gclock", "--frames", "100"),
        "big.arc: record 1 (line 1)", "99999999999 pages", "1048576");
    assertMentions(refused("convert", "--trace", arc.toString(), "--format", "arc", "--out", out),
        "big.arc: record 1 (line 1)", "1048576");
    String huge = "zipf:pages=100,requests=99999999999999";
    assertMentions(refused("replay", "--workload", huge, "--policy", "gclock", "--frames", "10"),
        "--workload " + huge + ": requests", "99,999,999,999,999", "1,000,000,000,000");
    assertMentions(refused("convert", "--workload", huge, "--out", out), "requests", "1,000,000,000,000");
    assertMentions(refused("convert", "--workload", "zipf:pages=100,requests=900000000000", "--out", out), "big.bft",
        "does not fit on the disk");
    assertMentions(refused("replay", "--workload", "zipf:pages=100", "--policy", "sieve", "--frames", "99999999999"),
        "--frames: 99999999999", "2,147,483,647 buffers a pool can have");
    assertMentions(refused("replay", "--workload", "zipf:pages=1000,requests=1000000", "--threads", "100000", "--frames", "200000"),
        "--threads 100000", "in memory");
    assertMentions(refused("commit", "--loop", "open:rate=1e12", "--seconds", "1"),
        "open:rate=1000000000000", "commits arrive during one flush", "this heap can track");
    assertMentions(refused("commit", "--loop", "open:rate=1e12", "--seconds", "1", "--clock", "real"),
        "open:rate=1000000000000", "at most 1,000,000 commits/s");
    assertMentions(refused("fsync-probe", "--dir", dir.toString(), "--file-mib", "100000000"),
        "--file-mib 100000000", "does not fit on the disk of " + dir);
    assertMentions(refused("fsync-probe", "--dir", dir.toString(), "--count", "2000000000"), "--count", "in memory");
    // A binary trace whose header promises more events than its bytes can hold.
    Path bft = dir.resolve("t.bft");
    assertEquals(0, CliRun.of("convert", "--workload", "zipf:pages=50,requests=100", "--out", bft.toString()).status());
    byte[] bytes = Files.readAllBytes(bft);
    java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(16, Long.MAX_VALUE / 2);
    Files.write(bft, bytes);
    assertMentions(refused("replay", "--trace", bft.toString(), "--policy", "lru", "--frames", "10"),
        "t.bft: record ", "truncated: the header promises " + Long.MAX_VALUE / 2 + " events");
  }

  @Test
  void impossibleConfigurationsAreRefusedUpFront() throws IOException {
    String w = "zipf:pages=100,requests=10000";
    for (String selector : List.of("gclock", "hotcool", "s3fifo")) {
      assertMentions(refused("replay", "--workload", w, "--policy", selector, "--threads", "11", "--frames", "10"),
          "--threads 11 needs pools of at least 22 frames", "--frames gives 10");
    }
    assertMentions(refused("replay", "--workload", w, "--policy", "gclock", "--threads", "10000", "--frames", "100"),
        "--threads 10000");
  }

  @Test
  void aRunThatMeasuredNothingIsAnErrorNotARow() throws IOException {
    assertMentions(refused("commit", "--clock", "real", "--device", "fixed:f0=200ms", "--loop", "closed:clients=2,think=0ms",
        "--seconds", "0.05"), "no commit was acknowledged", "give a longer run");
    assertMentions(refused("commit", "--device", "fixed:f0=1ms", "--seconds", "0.0001"),
        "--seconds 1.0E-4", "no commit was acknowledged");
  }

  @Test
  void outputsAreCheckedBeforeTheWorkAndWrittenAllOrNothing() throws IOException {
    Path ok = dir.resolve("ok.out");
    Path blocker = Files.writeString(dir.resolve("a-file"), "x");
    Path unwritable = blocker.resolve("plot.png");
    String w = "zipf:pages=100,requests=1000";
    assertMentions(refused("replay", "--workload", w, "--policy", "lru", "--out", ok.toString(), "--plot", unwritable.toString()),
        "--plot " + unwritable, "is a file, not a folder");
    assertFalse(Files.exists(ok));
    long t0 = System.nanoTime();
    assertMentions(refused("experiment", "group-commit", "--out", blocker.resolve("results").toString()), "--out", "a-file");
    assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "refused before the experiment ran");
    assertMentions(refused("compare", "--out", blocker.toString(), "--quiet"), "--out " + blocker, "is a file, not a folder");
    assertMentions(refused("experiment", "ticks", "--quick", "--out", blocker.toString()), "is a file, not a folder");
    assertMentions(refused("pipeline", "--out", blocker.toString()), "is a file, not a folder");
    assertMentions(refused("convert", "--workload", w, "--out", dir.toString()), "--out " + dir, "is a folder, not a file");
    assertMentions(refused("fsync-probe", "--dir", dir.toString(), "--samples", unwritable.toString()), "--samples");
  }

  @Test
  void messagesGiveTheSystemsReason() throws IOException {
    Path folder = Files.createDirectories(dir.resolve("adir"));
    assertMentions(refused("replay", "--trace", folder.toString(), "--format", "lirs"), folder + ": is a folder, not a trace file");
    Path blocker = Files.writeString(dir.resolve("f"), "x");
    assertMentions(refused("replay", "--trace", blocker.resolve("t.lirs").toString(), "--format", "lirs"),
        blocker.resolve("t.lirs") + ": cannot open: Not a directory");
    String line = refused("replay", "--workload", "uniform:pages=10,requests=10", "--out", blocker.resolve("r.txt").toString());
    assertMentions(line, "--out " + blocker.resolve("r.txt"));
    assertFalse(line.contains(".partial"), line);
  }

  @Test
  void usageMistakesFailAndGarbageIsEscaped() throws IOException {
    CliRun none = CliRun.of();
    assertEquals(2, none.status());
    assertTrue(none.err().contains("replay") && none.err().strip().endsWith("bufmgr: no command given (see 'bufmgr --help')"), none.err());
    assertMentions(refused("experiment", "foo"), "unknown experiment 'foo'", "known: ", "mrc-trace", "group-commit", "bgwriter");
    byte[] garbage = new byte[64];
    for (int i = 0; i < garbage.length; i++) garbage[i] = (byte) (i * 37 + 1);
    Path g = Files.write(dir.resolve("garbage.txt"), garbage);
    String line = refused("replay", "--trace", g.toString(), "--format", "lirs");
    assertMentions(line, "garbage.txt: record 1 (line 1)");
    assertTrue(line.chars().allMatch(c -> c >= 0x20 && c != 0x7f && c != 0xfffd), "raw bytes echoed: " + line);
    assertMentions(line, "\\x");
  }

  @Test
  void tornPagesFlagsAreRefusedInOneLine() throws IOException {
    Path out = dir.resolve("torn");
    assertMentions(refused("experiment", "torn-pages", "--quick", "--selector", "nope", "--out", out.toString()), "--selector", "nope");
    assertMentions(refused("experiment", "torn-pages", "--quick", "--crashes", "-5", "--out", out.toString()), "--crashes", "-5");
    assertMentions(refused("experiment", "torn-pages", "--quick", "--crashes", "0", "--out", out.toString()), "--crashes");
    assertMentions(refused("experiment", "torn-pages", "--quick", "--crashes", "many", "--out", out.toString()), "--crashes");
    assertMentions(refused("experiment", "torn-pages", "--quick", "--tears", "sideways", "--out", out.toString()), "--tears", "sideways");
    assertMentions(refused("experiment", "torn-pages", "--quick", "--selector", "s3fifo:small=7", "--out", out.toString()), "small");
    assertMentions(refused("experiment", "torn-pages", "--quick", "--writes", "cached", "--out", out.toString()), "--writes", "cached");
  }
}
