package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bufmgr pipeline}: its folder, its rows, both clocks, and its refusals. */
class PipelineCommandTest {
  @TempDir Path dir;

  private static final String[] SMALL = {"pipeline", "--workload", "tpcb:scale=0.2", "--frames", "400", "--clients", "4",
      "--seconds", "2", "--interval", "200ms", "--checkpoint-every", "500ms", "--quiet"};

  private static String[] with(String... extra) {
    String[] a = new String[SMALL.length + extra.length];
    System.arraycopy(SMALL, 0, a, 0, SMALL.length);
    System.arraycopy(extra, 0, a, SMALL.length, extra.length);
    return a;
  }

  private static String withoutWallTime(String jsonl) {
    return jsonl.replaceAll("\"wallSeconds\":[^,}]*", "").replaceAll("\"transactionsPerWallSecond\":[^,}]*", "");
  }

  @Test
  void aSimulatedRunWritesItsFolderAndRepeatsItself() throws IOException {
    Path out = dir.resolve("p");
    CliRun r = CliRun.of(with("--selector", "gclock", "--selector", "s3fifo", "--commit", "greedy", "--commit",
        "pgdelay:delay=200us,siblings=2", "--out", out.toString(), "--output", "jsonl"));
    assertEquals(0, r.status(), r.err());
    for (String f : List.of("results.jsonl", "results.csv", "series.jsonl", "series.csv", "summary.md", "tps.png",
        "latency-p99.png", "wal.png", "dirty-buffers.png", "device.png")) {
      assertTrue(Files.size(out.resolve(f)) > 0, f);
    }
    List<String> rows = Files.readAllLines(out.resolve("results.jsonl"));
    assertEquals(4, rows.size(), "two selectors under two policies");
    for (String field : List.of("\"selector\":\"gclock:", "\"commit\":\"greedy\"", "\"workload\":\"tpcb:seed=1,scale=0.2",
        "\"clock\":\"sim\"", "\"seed\":1", "\"tps\":", "\"latencyP99Ms\":", "\"commitP999Ms\":", "\"hitRatio.heap\":",
        "\"hitRatio.history\":", "\"walBytesPerTransaction\":", "\"fullPageImageShare\":", "\"backendWrites\":",
        "\"checkpointWrites\":", "\"deviceLogBusy\":", "\"devicePageBusy\":", "\"waitedShare\":", "\"checkpointsTimed\":")) {
      assertTrue(rows.get(0).contains(field), field + " in " + rows.get(0));
    }
    String s3fifo = rows.stream().filter(l -> l.contains("\"selector\":\"s3fifo")).findFirst().orElseThrow();
    assertTrue(s3fifo.contains("\"selector.movesToMain\":") && s3fifo.contains("\"selector.ghostHits\":"),
        "S3-FIFO's own counts in its row: " + s3fifo);
    assertFalse(rows.get(0).contains("\"selector.movesToMain\""), "G-CLOCK's row has none of S3-FIFO's counts");
    assertEquals(rows.size(), r.out().lines().count());
    List<String> series = Files.readAllLines(out.resolve("series.jsonl"));
    assertEquals(4 * 10, series.size(), "ten 200 ms intervals per run");
    String summary = Files.readString(out.resolve("summary.md"));
    assertTrue(summary.contains("Highest throughput: **"), summary);
    assertTrue(summary.contains("| s3fifo / pgdelay |"), summary);

    CliRun again = CliRun.of(with("--selector", "gclock", "--selector", "s3fifo", "--commit", "greedy", "--commit",
        "pgdelay:delay=200us,siblings=2", "--output", "jsonl"));
    assertEquals(withoutWallTime(r.out()), withoutWallTime(again.out()), "the same seed gives the same rows");
  }

  @Test
  void aRealRunOnFilesWritesALogAndADataFilePerRun() throws IOException {
    Path disk = dir.resolve("disk");
    CliRun r = CliRun.of("pipeline", "--clock", "real", "--device", "file:" + disk, "--workload", "tpcb:scale=0.05",
        "--frames", "64", "--clients", "2", "--seconds", "1", "--checkpoint-every", "300ms", "--output", "jsonl", "--quiet");
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("\"clock\":\"real\""), r.out());
    assertTrue(r.out().contains("\"device\":\"file:" + disk + "\""), r.out());
    assertTrue(r.out().contains("\"flushMode\":\"leader\""), "the default: " + r.out());
    CliRun verify = CliRun.of("wal-verify", "--dir", disk.resolve("run-1").toString(), "--output", "jsonl");
    assertEquals(0, verify.status(), verify.err());
    assertTrue(verify.out().matches("(?s).*\"pageChanges\":[1-9].*"), "the log holds the run's page changes: " + verify.out());
    assertTrue(Files.size(disk.resolve("run-1").resolve("data.pages")) > 0);
    List<String> series = Files.readAllLines(disk.resolve("run-1").resolve("series.jsonl"));
    assertFalse(series.isEmpty(), "the run's folder keeps its time series");
    for (String row : series) assertTrue(row.startsWith("{\"selector\":") && row.contains("\"clock\":\"real\""), row);
    List<String> acks = Files.readAllLines(disk.resolve("run-1").resolve("acks"));
    assertFalse(acks.isEmpty(), "the run's folder keeps its acknowledged transactions");
    for (String ack : acks) {
      String[] f = ack.split(" ");
      long commit = Long.parseLong(f[1]);
      for (int i = 2; i < f.length; i++) {
        assertTrue(Long.parseLong(f[i].substring(f[i].indexOf(':') + 1)) < commit, "a change is logged before its commit: " + ack);
      }
    }
    assertTrue(acks.stream().anyMatch(a -> a.split(" ").length > 2), "transactions with page changes: " + acks.getFirst());
    Path disk2 = dir.resolve("disk2");
    CliRun flusher = CliRun.of("pipeline", "--clock", "real", "--device", "file:" + disk2, "--workload", "tpcb:scale=0.05",
        "--frames", "64", "--clients", "2", "--seconds", "0.5", "--flush-mode", "flusher", "--output", "jsonl", "--quiet");
    assertEquals(0, flusher.status(), flusher.err());
    assertTrue(flusher.out().contains("\"flushMode\":\"flusher\""), flusher.out());
    CliRun twice = CliRun.of("pipeline", "--clock", "real", "--device", "file:" + disk, "--seconds", "1");
    assertEquals(2, twice.status());
    assertTrue(twice.err().contains("holds files of an earlier run"), twice.err());
  }

  @Test
  void aTextTraceWithTransactionsRuns() throws IOException {
    Path t = Files.writeString(dir.resolve("t.txt"),
        "begin\n1 r n 3\n2 w n 4 72\n9 w n 7 72 init\ncommit\ncheckpoint\nbegin\n2 w n 4 72\ncommit 40\n5 r\n");
    CliRun r = CliRun.of("pipeline", "--trace", t.toString(), "--format", "text", "--frames", "8", "--clients", "1",
        "--transactions", "2", "--warmup", "0", "--output", "jsonl", "--quiet");
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("\"transactions\":2,"), r.out());
    assertTrue(r.out().contains("\"fullPageImages\":2,"), "page 2 twice (its first change after the start, then after the checkpoint); page 9 is initialized: " + r.out());
    assertTrue(r.out().contains("\"checkpointsRequested\":1,"), r.out());
  }

  @Test
  void badInputEndsWithOneLineAndNoFolder() {
    Path out = dir.resolve("never");
    String[][] cases = {
      {"--selector", "nope"},
      {"--commit", "nope"},
      {"--device", "nope:f0=1ms"},
      {"--device", "file:" + dir},
      {"--workload", "zipf:pages=100"},
      {"--frames", "10", "--clients", "8"},
      {"--frames", "abc"},
      {"--seconds", "-1"},
      {"--transactions", "0"},
      {"--full-page-writes", "maybe"},
      {"--checkpoint-every", "-1s"},
      {"--clock", "sometimes"},
      {"--workload", "tpcb:scale=1", "--trace", "x"},
      {"--commit", "batch:k=50", "--clients", "2", "--frames", "64", "--workload", "tpcb:scale=0.01", "--bgwriter", "off", "--checkpoint", "off"},
      {"--bgwriter", "delay=-5ms"},
      {"--bgwriter", "maxPages=0"},
      {"--bgwriter", "multiplier=99"},
      {"--checkpoint", "completionTarget=1.5"},
      {"--checkpoint", "timeout=-1s"},
      {"--checkpoint", "maxWal=huge"},
      {"--checkpoint-every", "0s"},
      {"--clock", "real", "--flush-mode", "both"},
      {"--flush-mode", "leader"},
      {"--clock", "real", "--flush-mode", "leader", "--commit", "ewma"},
      {"--workload", "tpcb:scale=0.1,readOnly=1", "--frames", "2048", "--seconds", "5", "--page-cache", "off"},
    };
    String[] expected = {"--selector 'nope'", "--release 'nope'", "unknown device 'nope'", "needs --clock real",
        "does not carry", "--frames 10 is too small for 8 clients", "--frames abc", "--seconds", "--transactions",
        "--full-page-writes", "--checkpoint-every", "--clock", "not both", "never releases", "--bgwriter", "maxPages must be at least 1",
        "multiplier must lie in 0..10", "completionTarget must lie in 0..1", "--checkpoint", "not a size", "--checkpoint-every",
        "--flush-mode must be leader or flusher", "--flush-mode applies to --clock real only", "--flush-mode leader needs", "the simulated clock stopped",
        "give a longer --interval", "each client is a thread", "more than half the Java heap"};
    for (int i = 0; i < cases.length; i++) {
      String[] args = Stream.concat(Stream.of("pipeline", "--quiet", "--out", out.toString()), Stream.of(cases[i])).toArray(String[]::new);
      CliRun r = CliRun.of(args);
      assertEquals(2, r.status(), String.join(" ", cases[i]) + ": " + r.err());
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(r.err().startsWith("bufmgr: ") && r.err().contains(expected[i]), r.err());
      assertFalse(Files.exists(out), "no folder after " + String.join(" ", cases[i]));
    }
    CliRun unwritable = CliRun.of("pipeline", "--clock", "real", "--device", "file:/proc/bufmgr-nope", "--quiet");
    assertEquals(2, unwritable.status());
    assertTrue(unwritable.err().contains("No such file or directory"), unwritable.err());
  }
}
