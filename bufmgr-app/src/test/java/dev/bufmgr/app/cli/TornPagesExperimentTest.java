package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bufmgr experiment torn-pages} on one selector: its folder, and the protection beside the price in its rows. */
class TornPagesExperimentTest {
  @TempDir Path dir;

  private static long field(String row, String name) {
    Matcher m = Pattern.compile("\"" + name + "\":(\\d+)").matcher(row);
    assertTrue(m.find(), name + " in " + row);
    return Long.parseLong(m.group(1));
  }

  @Test
  void fullPageWritesRepairEveryTornPageAndCostLog() throws IOException {
    Path out = dir.resolve("torn");
    CliRun r = CliRun.of("experiment", "torn-pages", "--quick", "--quiet", "--selector", "gclock", "--crashes", "40", "--out",
        out.toString());
    assertEquals(0, r.status(), r.err());
    for (String f : List.of("results.jsonl", "results.csv", "summary.md", "unrecoverable.png", "wal-tax.png")) {
      assertTrue(Files.size(out.resolve(f)) > 0, f);
    }
    List<String> rows = Files.readAllLines(out.resolve("results.jsonl"));
    assertEquals(4, rows.size(), "two checkpoint settings, full-page writes on and off");
    for (String row : rows) {
      boolean on = row.contains("\"fullPageWrites\":true");
      assertEquals(40, field(row, "crashPoints"));
      assertTrue(field(row, "tornStates") > 0, row);
      assertEquals(0, field(row, "untornLost"), row);
      if (on) assertEquals(0, field(row, "unrecoverable"), row);
      else assertTrue(field(row, "unrecoverable") > 0, row);
    }
    String summary = Files.readString(out.resolve("summary.md"));
    assertTrue(summary.contains("| states tried | torn | repaired | unrecoverable |"), summary);
    assertTrue(summary.contains("WAL B/txn") && summary.contains("images share"), summary);
  }
}
