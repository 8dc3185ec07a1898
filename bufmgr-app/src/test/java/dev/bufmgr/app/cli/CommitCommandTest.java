package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommitCommandTest {
  @TempDir Path dir;

  @Test
  void jsonlRowsCarryTheIssuesFields() {
    CliRun r = CliRun.of("commit", "--policy", "greedy", "--policy", "ewma", "--commits", "20000",
        "--loop", "closed:clients=8,think=1ms", "--device", "fixed:f0=0.9ms", "--seed", "5", "--output", "jsonl");
    assertEquals(0, r.status(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(2, lines.size());
    for (String field : List.of("policy", "loop", "device", "clock", "commits", "throughput", "meanBatch",
        "flushes", "latencyMeanMs", "latencyP50Ms", "latencyP99Ms", "latencyP999Ms", "deviceUtilization",
        "durable", "seed")) {
      assertTrue(lines.get(0).contains("\"" + field + "\":"), field + " in " + lines.get(0));
    }
    assertTrue(lines.get(0).startsWith("{\"policy\":\"greedy\",\"loop\":\"closed:clients=8,think=1ms,dist=exp\""));
    assertTrue(lines.get(0).contains("\"durable\":true"));
    assertTrue(lines.get(1).contains("\"durable\":false"));
    assertTrue(lines.get(0).contains("\"seed\":5"));
    assertTrue(r.err().contains("simulated commits/s"));
  }

  @Test
  void csvAndTableOutputs() {
    CliRun csv = CliRun.of("commit", "--commits", "2000", "--output", "csv");
    assertEquals(0, csv.status(), csv.err());
    assertTrue(csv.out().startsWith("policy,loop,device,clock,commits,throughput,meanBatch,flushes,"));
    CliRun table = CliRun.of("commit", "--commits", "2000", "--loop", "open:phases=500@10ms/5000@10ms");
    assertEquals(0, table.status(), table.err());
    assertTrue(table.out().contains("open:phases=500@10ms/5000@10ms"));
  }

  @Test
  void realClockOnAnEmulatedDevice() {
    CliRun r = CliRun.of("commit", "--clock", "real", "--seconds", "0.3", "--loop", "closed:clients=4,think=0ms",
        "--device", "fixed:f0=0.2ms", "--output", "jsonl");
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("\"clock\":\"real\""));
    assertTrue(r.out().contains("\"flushMode\":\"leader\""), "the default: " + r.out());
    CliRun open = CliRun.of("commit", "--clock", "real", "--seconds", "0.3", "--loop", "open:rate=2000",
        "--device", "fixed:f0=0.2ms", "--policy", "ski", "--output", "jsonl");
    assertEquals(0, open.status(), open.err());
    assertTrue(open.out().contains("\"loop\":\"open:rate=2000\""));
  }

  @Test
  void realClockRowsNameTheirFlushMode() {
    for (String mode : new String[] {"leader", "flusher"}) {
      CliRun r = CliRun.of("commit", "--clock", "real", "--seconds", "0.3", "--loop", "closed:clients=4,think=0ms",
          "--device", "fixed:f0=0.2ms", "--flush-mode", mode, "--output", "jsonl");
      assertEquals(0, r.status(), r.err());
      assertTrue(r.out().contains("\"flushMode\":\"" + mode + "\""), r.out());
    }
    // Commits that do not wait have no leader: by default they get the flusher.
    CliRun async = CliRun.of("commit", "--clock", "real", "--seconds", "0.3", "--async-commit",
        "--device", "fixed:f0=0.2ms", "--output", "jsonl");
    assertEquals(0, async.status(), async.err());
    assertTrue(async.out().contains("\"flushMode\":\"flusher\""), async.out());
    CliRun sim = CliRun.of("commit", "--commits", "2000", "--output", "jsonl");
    assertTrue(sim.out().contains("\"flushMode\":null"), sim.out());
  }

  @Test
  void badInputEndsWithOneLineAndExitTwo() throws IOException {
    Path bad = dir.resolve("samples.txt");
    Files.writeString(bad, "# probe\n812.5\nabc\n");
    String[][] cases = {
      {"commit", "--policy", "fancy"},
      {"commit", "--policy", "timer:t=3"},
      {"commit", "--device", "ssd:f0=1ms"},
      {"commit", "--device", "empirical:" + bad},
      {"commit", "--device", "empirical:" + dir.resolve("none.txt")},
      {"commit", "--loop", "closed:clients=0"},
      {"commit", "--policy", "batch:k=16", "--loop", "closed:clients=4,think=1ms"},
      {"commit", "--clock", "quantum"},
      {"commit", "--output", "xml"},
      {"commit", "--commits", "5", "--seconds", "1"},
      {"commit", "--clock", "real", "--flush-mode", "both"},
      {"commit", "--clock", "real", "--flush-mode", "leader", "--async-commit"},
      {"commit", "--clock", "real", "--flush-mode", "leader", "--policy", "ewma"},
      {"commit", "--flush-mode", "leader"},
    };
    for (String[] args : cases) {
      CliRun r = CliRun.of(args);
      assertEquals(2, r.status(), String.join(" ", args) + " -> " + r.err());
      assertEquals(1, r.errorLines().lines().count(), String.join(" ", args) + " -> " + r.err());
      assertEquals("", r.out());
    }
    CliRun malformed = CliRun.of("commit", "--device", "empirical:" + bad);
    assertEquals("bufmgr: empirical sample file " + bad + " line 3: not a latency in microseconds: 'abc'",
        malformed.err().strip());
  }
}
