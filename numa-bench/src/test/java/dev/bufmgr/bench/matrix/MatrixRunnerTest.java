package dev.bufmgr.bench.matrix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.bufmgr.bench.LatencyLog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner end to end: the smoke matrix in quick mode at 2 threads (6 points, one fork each;
 * about 20 s on 2 busy cores) writes a complete folder whose summary numbers are the ones the
 * JSONL rows give when recomputed here; and every refusal is one line, exit status 2, no folder.
 */
class MatrixRunnerTest {
  private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G'};

  @Test
  void smokeWritesAFolderWhoseSummaryComesFromItsOwnRows(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("smoke");
    Run run = run("smoke", "--quick", "--threads", "2", "--chart-format", "svg", "--out", out.toString());

    assertEquals(0, run.status, run.err);
    JsonArray jmh = JsonParser.parseString(Files.readString(out.resolve("jmh.json"))).getAsJsonArray();
    assertEquals(6, jmh.size(), "2 selectors x 3 hands at 2 threads");
    for (JsonElement e : jmh) {
      JsonObject o = e.getAsJsonObject();
      assertEquals(2, o.get("threads").getAsInt());
      assertTrue(o.getAsJsonObject("secondaryMetrics").has("evictions"), "aux counters in jmh.json");
    }
    JsonObject machine = JsonParser.parseString(Files.readString(out.resolve("machine.json"))).getAsJsonObject();
    for (String f : List.of("cpuModel", "cpus", "nodes", "kernel", "jdk", "forkJvmFlags", "transparentHugePages", "lscpu",
        "numactlHardware")) {
      assertTrue(machine.has(f), "machine.json has " + f);
    }

    List<JsonObject> points = new ArrayList<>();
    int threadRows = 0;
    for (String line : Files.readAllLines(out.resolve("results.jsonl"))) {
      JsonObject row = JsonParser.parseString(line).getAsJsonObject();
      if (row.get("kind").getAsString().equals("thread")) {
        threadRows++;
        assertTrue(row.get("latencySamples").getAsLong() > 0);
        continue;
      }
      for (String f : List.of("selector", "hand", "spec", "threads", "evictionsPerSecond", "missesPerSecond",
          "ticksPerVictim", "failedCasPerEviction", "latencyP50Nanos", "latencyP99Nanos", "latencyP999Nanos",
          "latencyMaxNanos")) {
        assertTrue(row.has(f) && !row.get(f).isJsonNull(), "point row has " + f + ": " + row);
      }
      assertTrue(row.get("latencyP50Nanos").getAsDouble() <= row.get("latencyP99Nanos").getAsDouble());
      points.add(row);
    }
    assertEquals(6, points.size());
    assertEquals(12, threadRows, "one latency row per thread of each point");
    assertEquals(12, LatencyLog.read(out.resolve("latency.hlog")).size());
    assertTrue(Files.readAllLines(out.resolve("results.csv")).get(0).startsWith("matrix,point,kind,"));
    for (String png : List.of("evictions-vs-threads-gclock.png", "evictions-vs-threads-hotcool.png",
        "ticks-vs-threads-gclock.png", "latency-cdf-t2.png")) {
      byte[] head = Arrays.copyOf(Files.readAllBytes(out.resolve(png)), 4);
      assertArrayEquals(PNG_MAGIC, head, png);
      String svg = png.replace(".png", ".svg");
      assertTrue(Files.readString(out.resolve(svg)).contains("<svg"), svg + " beside " + png);
    }

    String summary = Files.readString(out.resolve("summary.md"));
    int cpus = machine.get("cpus").getAsInt();
    int nodes = machine.get("nodes").getAsInt();
    assertTrue(summary.contains("Measured on " + cpus + " cores, " + nodes + " node"), summary);
    Map<String, JsonObject> byKey = new LinkedHashMap<>();
    for (JsonObject p : points) byKey.put(p.get("selector").getAsString() + "/" + p.get("hand").getAsString(), p);
    for (String sel : List.of("gclock", "hotcool")) {
      JsonObject stock = byKey.get(sel + "/stock");
      JsonObject batch = byKey.get(sel + "/batch16");
      JsonObject part = byKey.get(sel + "/partitioned");
      double s = ev(stock);
      double b = ev(batch);
      double p = ev(part);
      String gain = String.format(Locale.ROOT, "| %s | 1.7 | none | none | 2 | batch16 | %.0f | %.0f | %+.1f%% |",
          sel, s, b, (b / s - 1) * 100);
      assertTrue(summary.contains(gain), "summary has the batching line " + gain);
      String vsBatched = String.format(Locale.ROOT, "| %s | 1.7 | none | none | 2 | batch16 | %.0f | %.0f | %.3f |",
          sel, b, p, p / b);
      assertTrue(summary.contains(vsBatched), "summary has the partitioned line " + vsBatched);
    }
    for (String hand : List.of("stock", "batch16", "partitioned")) {
      JsonObject g = byKey.get("gclock/" + hand);
      JsonObject h = byKey.get("hotcool/" + hand);
      String line = String.format(Locale.ROOT, "| %s | 1.7 | none | none | 2 | %.3f | %.3f | %.0f | %.0f | %.3g | %.3g |",
          hand, g.get("ticksPerVictim").getAsDouble(), h.get("ticksPerVictim").getAsDouble(),
          g.get("latencyP99Nanos").getAsDouble(), h.get("latencyP99Nanos").getAsDouble(),
          g.get("failedCasPerEviction").getAsDouble(), h.get("failedCasPerEviction").getAsDouble());
      assertTrue(summary.contains(line), "summary has the G-CLOCK against HOT/COOL line " + line);
    }
    assertFalse(summary.contains("NaN"), "every number of the summary is a number: " + summary);
  }

  @Test
  void refusesAnUnknownMatrix(@TempDir Path dir) {
    assertRefused(dir, "refused", "unknown matrix 'huge'", "huge", "--out", dir.resolve("refused").toString());
  }

  @Test
  void refusesABudgetBelowOnePoint(@TempDir Path dir) {
    assertRefused(dir, "refused", "is below one point", "seed-thread", "--budget", "2s", "--out",
        dir.resolve("refused").toString());
  }

  @Test
  void refusesMoreThreadsThanCpusWithPinning(@TempDir Path dir) {
    int tooMany = Runtime.getRuntime().availableProcessors() + 1;
    assertRefused(dir, "refused", "more threads than the machine's", "smoke", "--threads", "1," + tooMany, "--pinning",
        "packed", "--out", dir.resolve("refused").toString());
  }

  @Test
  void refusesAnUnknownOption(@TempDir Path dir) {
    assertRefused(dir, "refused", "unknown option '--frobnicate'", "smoke", "--frobnicate", "--out",
        dir.resolve("refused").toString());
  }

  @Test
  void refusesAHugeBudgetInOneLine(@TempDir Path dir) {
    assertRefused(dir, "refused", "is not a duration", "smoke", "--budget", "99999999999999999999h", "--out",
        dir.resolve("refused").toString());
    assertRefused(dir, "refused", "longer than a week", "smoke", "--budget", "200h", "--out",
        dir.resolve("refused").toString());
  }

  @Test
  void refusesABadBudgetText(@TempDir Path dir) {
    assertRefused(dir, "refused", "is not a duration", "smoke", "--budget", "soon", "--out",
        dir.resolve("refused").toString());
  }

  @Test
  void refusesAResultsFolderHoldingAUsersFileUnlessForced(@TempDir Path dir) throws IOException {
    Path out = Files.createDirectories(dir.resolve("taken"));
    Files.writeString(out.resolve("keep.txt"), "mine");

    Run run = run("smoke", "--out", out.toString());

    assertEquals(2, run.status);
    assertTrue(run.err.contains("exists and holds files bufmgr did not write (keep.txt)"), run.err);
    assertEquals(1, run.err.strip().lines().count(), run.err);
    assertEquals("mine", Files.readString(out.resolve("keep.txt")));
    assertEquals(1, Files.list(out).count());
  }

  @Test
  void refusesAFileWhereTheResultsFolderBelongsEvenWhenForced(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("a-file"), "mine");
    for (String[] args : new String[][] {{"smoke", "--out", file.toString()}, {"smoke", "--force", "--out", file.toString()}}) {
      Run run = run(args);
      assertEquals(2, run.status, run.err);
      assertTrue(run.err.contains("is a file, not a folder"), run.err);
      assertEquals(1, run.err.strip().lines().count(), run.err);
      assertEquals("mine", Files.readString(file));
    }
  }

  private static void assertRefused(Path dir, String folder, String message, String... args) {
    Run run = run(args);
    assertEquals(2, run.status, run.err);
    assertTrue(run.err.contains(message), run.err);
    assertEquals(1, run.err.strip().lines().count(), "one line: " + run.err);
    assertFalse(Files.exists(dir.resolve(folder)), "no folder left behind");
  }

  private static double ev(JsonObject row) {
    return row.get("evictionsPerSecond").getAsDouble();
  }

  private record Run(int status, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      status = MatrixRunner.run(args, o, e);
    }
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
