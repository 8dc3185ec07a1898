package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.support.PlainModels;
import dev.bufmgr.workloads.support.SharedTraces;
import dev.bufmgr.workloads.trace.TraceFormats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayCommandTest {
  @TempDir Path dir;

  private static long field(String json, String name) {
    Matcher m = Pattern.compile("\"" + Pattern.quote(name) + "\":(-?\\d+)").matcher(json);
    assertTrue(m.find(), name + " in " + json);
    return Long.parseLong(m.group(1));
  }

  @Test
  void rowsCarryTheSelectorsOwnCountsWhichAddUpToThePoolsEvictions() {
    CliRun r = CliRun.of("replay", "--workload", "zipf:pages=2000,requests=20000,seed=7",
        "--policy", "s3fifo", "--policy", "twoq", "--policy", "gclock", "--frames", "200", "--output", "jsonl");
    assertEquals(0, r.status(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(3, lines.size());
    String s3fifo = lines.get(0);
    assertEquals(field(s3fifo, "evictions"), field(s3fifo, "selector.smallEvictions") + field(s3fifo, "selector.mainEvictions"));
    assertTrue(field(s3fifo, "selector.movesToMain") > 0 && field(s3fifo, "selector.ghostHits") > 0, s3fifo);
    String twoq = lines.get(1);
    assertEquals(field(twoq, "evictions"), field(twoq, "selector.inEvictions") + field(twoq, "selector.mainEvictions"));
    assertTrue(field(twoq, "selector.ghostHits") > 0, twoq);
    assertFalse(lines.get(2).contains("\"selector."), "G-CLOCK keeps no counts of its own: " + lines.get(2));
  }

  @Test
  void jsonlRowsCarryTheDocumentedFields() {
    CliRun r = CliRun.of("replay", "--workload", "zipf:pages=2000,requests=20000,seed=7",
        "--policy", "gclock", "--policy", "gclock:maxUsage=3", "--policy", "lru", "--policy", "opt", "--policy", "caffeine",
        "--frames", "100,400", "--output", "jsonl");
    assertEquals(0, r.status(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(10, lines.size());
    for (String l : lines) {
      for (String f : List.of("policy", "workload", "frames", "requests", "hits", "misses", "hitRatio", "evictions",
          "ticksPerVictim", "seconds", "requestsPerSecond", "seed", "threads")) {
        assertTrue(l.contains("\"" + f + "\":"), f + " missing in " + l);
      }
      assertEquals(20000, field(l, "hits") + field(l, "misses"));
      assertEquals(7, field(l, "seed"));
    }
    assertTrue(lines.get(0).startsWith("{\"policy\":\"gclock:maxUsage=5"));
    assertTrue(lines.get(2).contains("\"policy\":\"gclock:maxUsage=3"));
    assertTrue(lines.get(4).contains("\"policy\":\"lru\"") && lines.get(4).contains("\"ticksPerVictim\":null"));
  }

  @Test
  void percentagesOfDistinctPagesOnALirsTrace() {
    Path cs = SharedTraces.lirs("cs.trace.gz");
    CliRun r = CliRun.of("replay", "--trace", cs.toString(), "--format", "lirs", "--policy", "lru", "--frames", "1%,5%", "--output", "jsonl");
    assertEquals(0, r.status(), r.err());
    List<String> lines = r.out().lines().toList();
    // 1409 distinct pages: 1% is 14 frames, 5% is 70.
    assertEquals(14, field(lines.get(0), "frames"));
    assertEquals(70, field(lines.get(1), "frames"));
    EventTrace t = SharedTraces.load("cs.trace.gz");
    assertEquals(PlainModels.lruHits(t, 14), field(lines.get(0), "hits"));
    assertEquals(PlainModels.lruHits(t, 70), field(lines.get(1), "hits"));
  }

  @Test
  void withoutWarmUpTheHitsAreTheSameAndEveryRequestIsTimed() {
    Path cs = SharedTraces.lirs("cs.trace.gz");
    String[] common = {"replay", "--trace", cs.toString(), "--format", "lirs", "--policy", "gclock", "--policy", "lru",
        "--frames", "1%,5%", "--output", "jsonl"};
    CliRun warm = CliRun.of(common);
    CliRun cold = CliRun.of(Stream.concat(Stream.of(common), Stream.of("--no-warm-up")).toArray(String[]::new));
    assertEquals(0, warm.status(), warm.err());
    assertEquals(0, cold.status(), cold.err());
    List<String> warmRows = warm.out().lines().toList();
    List<String> coldRows = cold.out().lines().toList();
    assertEquals(4, coldRows.size());
    for (int i = 0; i < 4; i++) {
      assertEquals(field(warmRows.get(i), "hits"), field(coldRows.get(i), "hits"));
      assertEquals(field(coldRows.get(i), "requests"), field(coldRows.get(i), "timedRequests"));
    }
  }

  @Test
  void convertedTraceReplaysTheSame() {
    Path cs = SharedTraces.lirs("cs.trace.gz");
    Path bin = dir.resolve("cs.bft");
    assertEquals(0, CliRun.of("convert", "--trace", cs.toString(), "--format", "lirs", "--out", bin.toString()).status());
    CliRun a = CliRun.of("replay", "--trace", cs.toString(), "--format", "lirs", "--policy", "gclock", "--frames", "100", "--output", "csv");
    CliRun b = CliRun.of("replay", "--trace", bin.toString(), "--policy", "gclock", "--frames", "100", "--output", "csv");
    assertEquals(a.out().lines().skip(1).findFirst().orElseThrow().split(",")[4], b.out().lines().skip(1).findFirst().orElseThrow().split(",")[4]);
    assertEquals(EventTrace.load(TraceFormats.open(cs, "lirs")).size(), EventTrace.load(TraceFormats.open(bin, null)).size());
  }

  @Test
  void anOracleGeneralConversionReplaysTheSameHitForHit() {
    String spec = "zipf:pages=3000,requests=40000,seed=5";
    Path og = dir.resolve("z.oracleGeneral.bin");
    CliRun c = CliRun.of("convert", "--workload", spec, "--to", "oracleGeneral", "--out", og.toString());
    assertEquals(0, c.status(), c.err());
    assertTrue(c.err().contains("wrote 40000 requests (page ids and next accesses"), c.err());
    String[] policies = {"--policy", "opt", "--policy", "lru", "--policy", "hotcool", "--policy", "s3fifo", "--frames", "150,600"};
    CliRun a = CliRun.of(Stream.concat(Stream.of("replay", "--workload", spec, "--output", "jsonl"), Stream.of(policies)).toArray(String[]::new));
    CliRun b = CliRun.of(Stream.concat(Stream.of("replay", "--trace", og.toString(), "--format", "oracleGeneral", "--output", "jsonl"),
        Stream.of(policies)).toArray(String[]::new));
    assertEquals(0, a.status(), a.err());
    assertEquals(0, b.status(), b.err());
    List<Long> hitsA = a.out().lines().map(l -> field(l, "hits")).toList();
    List<Long> hitsB = b.out().lines().map(l -> field(l, "hits")).toList();
    assertEquals(8, hitsA.size());
    assertEquals(hitsA, hitsB);
    CliRun bad = CliRun.of("convert", "--workload", spec, "--to", "lirs", "--out", dir.resolve("x").toString());
    assertEquals(2, bad.status());
    assertEquals(1, bad.err().lines().count(), bad.err());
    assertTrue(bad.err().contains("--to") && bad.err().contains("oracleGeneral"), bad.err());
    assertFalse(Files.exists(dir.resolve("x")));
  }

  @Test
  void filesAndPlotAreWritten() {
    Path out = dir.resolve("r.csv");
    Path png = dir.resolve("m.png");
    CliRun r = CliRun.of("replay", "--workload", "hotset:pages=1000,requests=5000", "--policy", "lru", "--policy", "opt",
        "--frames", "10%,50%", "--output", "csv", "--out", out.toString(), "--plot", png.toString());
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().isEmpty());
    assertTrue(Files.exists(out) && Files.exists(png));
  }

  @Test
  void threadsShareOnePoolAndBaselinesStaySingleThreaded() {
    CliRun r = CliRun.of("replay", "--workload", "zipf:pages=5000,requests=20000", "--policy", "gclock", "--policy", "lru",
        "--frames", "500", "--threads", "2", "--output", "jsonl");
    assertEquals(0, r.status(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(2, field(lines.get(0), "threads"));
    assertEquals(40000, field(lines.get(0), "requests"));
    assertEquals(1, field(lines.get(1), "threads"));
  }

  @Test
  void poolsSideBySideGiveOneRowWithEachPoolsCounters() {
    CliRun r = CliRun.of("replay", "--workload", "pgbench-select:frames=200,requests=20000", "--frames", "200", "--output", "jsonl",
        "--pools", "default=gclock:70%,keep=lru-k(k=2):30%[index-root,index-inner,index-leaf]");
    assertEquals(0, r.status(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(1, lines.size(), "only the pooled policy runs: " + r.out());
    String row = lines.getFirst();
    assertTrue(row.contains("\"policy\":\"pools[default=gclock:70%,keep=lru-k(k=2):30%[index-root,index-inner,index-leaf]]\""), row);
    assertEquals(140, field(row, "pool.default.frames"));
    assertEquals(60, field(row, "pool.keep.frames"));
    assertEquals(field(row, "hits"), field(row, "pool.default.hits") + field(row, "pool.keep.hits"));
    assertEquals(field(row, "evictions"), field(row, "pool.default.evictions") + field(row, "pool.keep.evictions"));
  }

  @Test
  void badPoolsEndWithOneLineNamingTheFlag() {
    Path out = dir.resolve("never.jsonl");
    String w = "pgbench-select:frames=200,requests=2000";
    assertRefused("--pools 'default=gclock:70%,keep=lru-k:20%[index-leaf]': the shares sum to 90%, not 100%", out,
        "replay", "--workload", w, "--pools", "default=gclock:70%,keep=lru-k:20%[index-leaf]", "--out", out.toString());
    assertRefused("unknown page class 'leaf'", out,
        "replay", "--workload", w, "--pools", "default=gclock:70%,keep=lru-k:30%[leaf]", "--out", out.toString());
    assertRefused("pool 'keep' gets 0 of 10 frames", out,
        "replay", "--workload", w, "--frames", "10", "--pools", "default=gclock:99%,keep=lru-k:1%[index-leaf]", "--out", out.toString());
    assertRefused("--pools runs on the simulated clock only", null,
        "pipeline", "--clock", "real", "--frames", "200", "--transactions", "10", "--pools", "default=gclock:100%");
  }

  private void assertRefused(String expected, Path mustNotExist, String... args) {
    CliRun r = CliRun.of(args);
    assertEquals(2, r.status(), "exit status for " + String.join(" ", args) + ": " + r.err());
    String first = r.errorLines().lines().findFirst().orElse("");
    assertTrue(first.startsWith("bufmgr: ") && first.contains(expected), "'" + first + "' should mention '" + expected + "'");
    assertTrue(r.out().isEmpty(), "no output: " + r.out());
    if (mustNotExist != null) assertFalse(Files.exists(mustNotExist), mustNotExist + " left behind");
  }

  @Test
  void badArgumentsEndWithOneLineAndNoFile() throws IOException {
    Path out = dir.resolve("never.jsonl");
    String o = out.toString();
    String w = "uniform:pages=100,requests=1000";
    assertRefused("unknown policy 'no-such-policy'", out, "replay", "--workload", w, "--policy", "no-such-policy", "--out", o);
    assertRefused("maxUsag", out, "replay", "--workload", w, "--policy", "gclock:maxUsag=3", "--out", o);
    assertRefused("maxUsage", out, "replay", "--workload", w, "--policy", "gclock:maxUsage=0", "--out", o);
    assertRefused("policy 'opt:bypass=maybe': parameter bypass: 'maybe' is not one of true, false", out,
        "replay", "--workload", w, "--policy", "opt:bypass=maybe", "--out", o);
    assertRefused("policy 'opt:bypas=false': unknown parameter 'bypas' for opt (known: bypass)", out, "replay", "--workload", w, "--policy", "opt:bypas=false", "--out", o);
    assertRefused("--frames: 0 must be at least 1", out, "replay", "--workload", w, "--frames", "0", "--out", o);
    assertRefused("--frames: -5 must be at least 1", out, "replay", "--workload", w, "--frames=-5", "--out", o);
    assertRefused("exceeds the 100 distinct pages", out, "replay", "--workload", w, "--frames", "101", "--out", o);
    assertRefused("--frames: 150% must lie in", out, "replay", "--workload", w, "--frames", "150%", "--out", o);
    assertRefused("no such file", out, "replay", "--trace", dir.resolve("absent").toString(), "--format", "lirs", "--out", o);
    assertRefused("unknown trace format 'lirz'", out, "replay", "--trace", dir.resolve("x").toString(), "--format", "lirz", "--out", o);
    assertRefused("exactly one of --trace", out, "replay", "--out", o);
    assertRefused("--output must be one of", out, "replay", "--workload", w, "--output", "xml", "--out", o);
    assertRefused("needs page classes", out, "replay", "--trace", SharedTraces.lirs("cs.trace.gz").toString(), "--format", "lirs",
        "--per-class", "--out", o);
    assertRefused("--threads must be at least 1", out, "replay", "--workload", w, "--threads", "0", "--out", o);
    assertRefused("Unknown option", out, "replay", "--workload", w, "--bogus");
  }

  @Test
  void malformedTracesEndWithOneLineNamingFileAndRecord() throws IOException {
    Path out = dir.resolve("never.jsonl");
    String o = out.toString();
    Path text = Files.writeString(dir.resolve("bad.txt"), "1\n2 r\nx w\n");
    assertRefused(text + ": record 3 (line 3): page is not an integer: 'x'", out,
        "replay", "--trace", text.toString(), "--format", "text", "--out", o);
    Path empty = Files.write(dir.resolve("empty.lirs"), new byte[0]);
    assertRefused(empty + ": no events (empty trace)", out, "replay", "--trace", empty.toString(), "--format", "lirs", "--out", o);
    Path fakeZst = Files.writeString(dir.resolve("t.oracleGeneral.zst"), "not zstd at all, just text....");
    assertRefused(fakeZst + ": not a zstd file", out, "replay", "--trace", fakeZst.toString(), "--format", "oracleGeneral", "--out", o);
    Path truncated = Files.write(dir.resolve("t.oracleGeneral"), new byte[24 + 7]);
    assertRefused(truncated + ": record 2: truncated", out, "replay", "--trace", truncated.toString(), "--format", "oracleGeneral", "--out", o);
    assertRefused("not a binary trace", out, "replay", "--trace", text.toString(), "--format", "binary", "--out", o);
    Path bft = dir.resolve("never.bft");
    assertRefused("record 3 (line 3)", bft, "convert", "--trace", text.toString(), "--format", "text", "--out", bft.toString());
    try (Stream<Path> files = Files.list(dir)) {
      assertTrue(files.noneMatch(p -> p.getFileName().toString().contains("partial")), "no partial files");
    }
  }

  @Test
  void listShowsRegisteredPoliciesWithParametersFormatsAndWorkloads() {
    CliRun r = CliRun.of("list");
    assertEquals(0, r.status(), r.err());
    for (String s : List.of("gclock", "maxUsage=5", "lru", "opt", "bypass=true", "pre-pass index on disk", "caffeine",
        "oracleGeneral", "msr", "pgbench-select", "mix")) {
      assertTrue(r.out().contains(s), s + " in " + r.out());
    }
  }

  @Test
  void experimentWithoutSubcommandPrintsUsageAndFailsAndMrcRuns() {
    CliRun usage = CliRun.of("experiment");
    assertEquals(2, usage.status());
    assertTrue(usage.err().contains("mrc-trace"));
    assertTrue(usage.err().strip().endsWith("bufmgr: no experiment given (see 'bufmgr experiment --help')"), usage.err());
    CliRun mrc = CliRun.of("experiment", "mrc-trace", "--workload", "zipf:pages=1000,requests=10000", "--policy", "lru",
        "--points", "4", "--output", "jsonl");
    assertEquals(0, mrc.status(), mrc.err());
    assertEquals(4, mrc.out().lines().count());
  }

  @Test
  void badSampleValuesAreRefusedInOneLine() {
    for (String bad : List.of("0", "-0.01", "1.5", "garbage", "pages=0")) {
      CliRun r = CliRun.of("replay", "--workload", "zipf:pages=2000,requests=20000,seed=7", "--policy", "lru", "--frames", "100",
          "--sample", bad);
      assertEquals(1, r.err().lines().count(), bad + ": " + r.err());
      assertTrue(r.status() != 0 && r.err().startsWith("bufmgr: --sample '" + bad + "': "), bad + ": " + r.err());
    }
  }

  @Test
  void aSampledReplayMarksItsRowsAndRefusesASampleTooSmallToTrust() {
    CliRun r = CliRun.of("replay", "--workload", "zipf:pages=50000,theta=0.9,requests=200000,seed=7", "--policy", "lru",
        "--policy", "s3fifo", "--frames", "5000,500", "--sample", "0.1", "--output", "jsonl");
    assertEquals(0, r.status(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(4, lines.size());
    assertEquals(50, field(lines.get(0), "sampledFrames"));
    assertTrue(lines.get(0).contains("\"sampleTrusted\":false"), lines.get(0));
    assertEquals(500, field(lines.get(1), "sampledFrames"));
    assertEquals(200000, field(lines.get(1), "requests"));
    assertTrue(lines.get(1).contains("\"sampleRate\":0.1") && lines.get(1).contains("\"sampleTrusted\":true"), lines.get(1));
    assertTrue(r.err().contains("miniature caches below 100 frames") && r.err().contains("--frames 500 (50)"), r.err());
    CliRun few = CliRun.of("replay", "--workload", "zipf:pages=5000,requests=20000,seed=7", "--policy", "lru", "--frames", "1000",
        "--sample", "0.01");
    assertTrue(few.status() != 0 && few.err().contains("fewer than the 1,000 a sampled curve needs"), few.err());
    CliRun anyway = CliRun.of("replay", "--workload", "zipf:pages=5000,requests=20000,seed=7", "--policy", "lru", "--frames", "1000",
        "--sample", "0.01", "--untrusted-sample", "--output", "jsonl");
    assertEquals(0, anyway.status(), anyway.err());
    assertTrue(anyway.out().contains("\"sampledFrames\":10,") && anyway.out().contains("\"sampleTrusted\":false"), anyway.out());
  }
}
