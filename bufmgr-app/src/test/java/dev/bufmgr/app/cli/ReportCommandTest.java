package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bufmgr report}: a report of a small sweep's folder written by hand, and one line with exit status 2 for input it cannot use. */
class ReportCommandTest {
  @TempDir Path dir;

  /** Two traces, fifo and s3fifo at two sizes: s3fifo lower on both at 0.1, tied with fifo on t2 at 0.01. */
  private Path sweep() throws IOException {
    Path s = Files.createDirectories(dir.resolve("sweep"));
    StringBuilder sb = new StringBuilder();
    String[][] rows = {
      {"t1", "fifo", "0.1", "0.5"}, {"t1", "s3fifo", "0.1", "0.4"}, {"t2", "fifo", "0.1", "0.2"}, {"t2", "s3fifo", "0.1", "0.1"},
      {"t1", "fifo", "0.01", "0.9"}, {"t1", "s3fifo", "0.01", "0.8"}, {"t2", "fifo", "0.01", "0.6"}, {"t2", "s3fifo", "0.01", "0.6"},
    };
    for (String[] r : rows) {
      long misses = Math.round(Double.parseDouble(r[3]) * 1000);
      sb.append(String.format("{\"configId\":\"%s-%s-%s\",\"dataset\":\"d\",\"trace\":\"/traces/%s.csv\",\"format\":\"csv\",\"requests\":1000,"
          + "\"footprint\":400,\"policy\":\"%s\",\"size\":\"%s\",\"frames\":40,\"fraction\":%s,\"hits\":%d,\"misses\":%d,\"missRatio\":%s,"
          + "\"seconds\":0.01,\"status\":\"ok\",\"reason\":null}%n", r[0], r[1], r[2], r[0], r[1], r[2], r[2], 1000 - misses, misses, r[3]));
    }
    Files.writeString(s.resolve("results.jsonl"), sb.toString());
    return s;
  }

  @Test
  void writesTheReportIntoTheSweepsFolder() throws IOException {
    Path s = sweep();
    CliRun r = CliRun.of("report", s.toString(), "--trace", "t2", "--chart-format", "svg");
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("Size 0.1: `s3fifo` has the largest mean reduction from fifo, 0.350 over 2 traces"), r.out());
    // 0.01: t1 s3fifo alone (0.8 against 0.9), t2 a tie at 0.6: 1 + 1/2 of 2 traces.
    assertTrue(r.out().contains("`s3fifo` has the lowest miss ratio on 75.00% of 2 traces (1 alone, 1 tied)"), r.out());
    for (String f : new String[] {"summary.md", "report.csv", "report.jsonl", "percentiles.png", "boxes.png", "wins.png", "trace-t2.png",
        "percentiles.svg", "boxes.svg", "wins.svg", "trace-t2.svg"}) {
      assertTrue(Files.isRegularFile(s.resolve("report").resolve(f)), f);
    }
    assertEquals(0, CliRun.of("report", s.toString()).status(), "a rerun replaces its own report without --force");
  }

  @Test
  void aFolderWithAUsersFileNeedsForce() throws IOException {
    Path s = sweep();
    Path out = Files.createDirectories(dir.resolve("out"));
    Files.writeString(out.resolve("notes.txt"), "mine");
    CliRun r = CliRun.of("report", s.toString(), "--out", out.toString());
    assertEquals(2, r.status());
    assertTrue(r.errorLines().startsWith("bufmgr: --out " + out + ": exists and holds files bufmgr did not write"), r.err());
    assertEquals(0, CliRun.of("report", s.toString(), "--out", out.toString(), "--force").status());
    assertEquals("mine", Files.readString(out.resolve("notes.txt")));
  }

  @Test
  void badInputIsOneLineAndStatusTwo() throws IOException {
    Path s = sweep();
    Path plain = Files.createDirectories(dir.resolve("plain"));
    assertOneLine(CliRun.of("report", dir.resolve("missing").toString()), dir.resolve("missing") + ": no such folder");
    assertOneLine(CliRun.of("report", plain.toString()), plain + ": not a sweep's results folder (no results.jsonl");
    assertOneLine(CliRun.of("report", s.toString(), "--baseline", "nosuch"), "--baseline nosuch: unknown policy, and no policy of the rows");
    assertOneLine(CliRun.of("report", s.toString(), "--baseline", "lru"), "--baseline lru: no rows of policy lru");
    assertOneLine(CliRun.of("report", s.toString(), "--trace", "t9"), "--trace t9: no such trace in the rows");
    assertOneLine(CliRun.of("report", s.toString(), "--size", "0.5"), "--size 0.5: not a size of the rows");
    assertOneLine(CliRun.of("report", s.toString(), "--out", s.toString(), "--force"), "--out " + s + ": is a sweep's results folder");
    Files.writeString(s.resolve("results.jsonl"), "{\"configId\":\"x\"}\n", java.nio.file.StandardOpenOption.APPEND);
    assertOneLine(CliRun.of("report", s.toString()), s.resolve("results.jsonl") + " line 9: not a sweep row (field 'dataset' is missing)");
    assertFalse(Files.exists(plain.resolve("report")), "nothing written on bad input");
  }

  private static void assertOneLine(CliRun r, String start) {
    assertEquals(2, r.status(), r.err());
    assertEquals(1, r.errorLines().lines().count(), r.err());
    assertTrue(r.errorLines().startsWith("bufmgr: " + start), r.err());
  }
}
