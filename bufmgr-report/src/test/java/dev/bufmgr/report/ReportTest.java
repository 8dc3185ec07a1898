package dev.bufmgr.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.sweep.FlatJson;
import dev.bufmgr.sweep.SweepRow;
import dev.bufmgr.sweep.SweepStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report written from {@link HandRows}: its files, numbers equal to the hand-worked ones, and its summary naming what it left out. */
class ReportTest {
  @TempDir static Path dir;
  private static Report.Outcome hand;

  @BeforeAll
  static void reportTheHandRows() throws IOException {
    Path s = sweep("s", HandRows.rows());
    hand = Report.run(new Report.Options(List.of(s), s.resolve("report"), "fifo", List.of(), List.of("A")));
  }

  private static Path sweep(String name, List<SweepRow> rows) throws IOException {
    Path d = Files.createDirectories(dir.resolve(name));
    StringBuilder sb = new StringBuilder();
    for (SweepRow r : rows) sb.append(r.toJson()).append('\n');
    Files.writeString(d.resolve(SweepStore.RESULTS_FILE), sb.toString(), StandardCharsets.UTF_8);
    return d;
  }

  @Test
  void theSameReportFromTheParquetRowsAsFromTheJsonLines() throws IOException {
    Path d = dir.resolve("parquet-only");
    dev.bufmgr.sweep.SweepStore store = dev.bufmgr.sweep.SweepStore.open(d,
        new dev.bufmgr.sweep.SweepPlan(List.of(), List.of("fifo"), dev.bufmgr.sweep.SweepSize.parseList("0.1"), null), false);
    dev.bufmgr.sweep.ParquetRows.writePartitioned(store, HandRows.rows());
    Files.deleteIfExists(d.resolve(SweepStore.RESULTS_FILE));
    Report.Outcome fromParquet = Report.run(new Report.Options(List.of(d), dir.resolve("parquet-report"), "fifo", List.of(), List.of("A")));
    for (String f : List.of("report.csv", "report.jsonl")) {
      assertEquals(Files.readString(hand.dir().resolve(f)), Files.readString(fromParquet.dir().resolve(f)), f);
    }
    // The summary names the file it read; every other line is the same.
    assertEquals(hand.summary().replace(dir.resolve("s").resolve(SweepStore.RESULTS_FILE).toString(), "SOURCE"),
        fromParquet.summary().replace(d.resolve(dev.bufmgr.sweep.ParquetRows.FOLDER).toString(), "SOURCE"));
  }

  @Test
  void writesEveryFileWithTheHandWorkedNumbers() throws IOException {
    for (String f : List.of("summary.md", "report.csv", "report.jsonl", "percentiles.png", "boxes.png", "datasets-0.01.png", "datasets-0.1.png",
        "wins.png", "trace-A.png")) {
      assertTrue(Files.size(hand.dir().resolve(f)) > 0, f);
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (String line : Files.readAllLines(hand.dir().resolve("report.jsonl"))) rows.add(FlatJson.parse(line));
    assertEquals(-0.16, value(rows, "reduction", "0.1", "lru", "p10"), 1e-12);
    assertEquals(0.325, value(rows, "reduction", "0.1", "s3fifo", "median"), 1e-12);
    assertEquals(0.35, value(rows, "reduction", "0.1", "s3fifo", "mean"), 1e-12);
    assertEquals(0.5625, value(rows.stream().filter(r -> "d2".equals(r.get("dataset"))).toList(), "dataset_mean", "0.1", "opt", "mean"), 1e-12);
    assertEquals((1 + 0.5 + 1 + 1 / 3.0) / 4, value(rows, "win_fraction", "0.1", "s3fifo", "share"), 1e-12);
    assertEquals(2, value(rows, "pairwise", "0.1", "lru", "wins"), 0);
    assertEquals(0.4, value(rows, "miss_ratio", "0.1", "lru", "miss_ratio"), 0);
    String csv = Files.readString(hand.dir().resolve("report.csv"));
    assertTrue(csv.startsWith(String.join(",", ReportTable.COLUMNS) + "\n"), csv.lines().findFirst().orElse(""));
    assertEquals(rows.size() + 1, csv.lines().count());
  }

  @Test
  void summaryNamesTheLeadersAndWhatItLeftOut() {
    String md = hand.summary();
    assertTrue(md.contains("- Size 0.1: `s3fifo` has the largest mean reduction from fifo, 0.350 over 4 traces (median 0.325), lower than fifo's "
        + "miss ratio on 4 of them; next `lru`, 0.067 (0.283 less). `s3fifo` has the lowest miss ratio on 70.83% of 4 traces (2 alone, 2 tied)"), md);
    assertTrue(md.contains("`s3fifo` beats `fifo` on 4 of 5 traces (`fifo` lower on 0, 1 tied), `lru` on 2 of 4 traces (`lru` lower on 0, 2 tied)."), md);
    assertTrue(md.contains("- `F` (d1): the sweep's task failed: F line 3: not a number; left out of every figure."), md);
    assertTrue(md.contains("- `G` (d1): the sweep skipped the size (below its smallest cache) at size 0.1 (8 frames)"), md);
    assertTrue(md.contains("- `D` (d2): the baseline's miss ratio is 0 (the reduction is undefined) at size 0.1"), md);
    assertTrue(md.contains("- `E` (d2): no row of the policy `lru` at size 0.1"), md);
    assertTrue(md.contains("Bounds, drawn but not contenders: `opt`."), md);
  }

  @Test
  void mergesFoldersKeepingRepeatsOnceAndRefusesConflicts() throws IOException {
    List<SweepRow> all = HandRows.rows();
    Path a = sweep("a", all.subList(0, 10));
    Path b = sweep("b", all.subList(5, all.size()));
    SweepFolders.Merged m = SweepFolders.read(List.of(a, b));
    assertEquals(all, m.rows());
    assertEquals(5, m.duplicates());
    SweepRow r = all.get(1);
    SweepRow changed = new SweepRow(r.configId(), r.dataset(), r.trace(), r.format(), r.requests(), r.footprint(), r.policy(), r.size(), r.frames(),
        r.fraction(), r.hits() - 1, r.misses() + 1, r.missRatio() + 0.001, r.seconds(), r.status(), r.reason());
    Path c = sweep("c", List.of(changed));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepFolders.read(List.of(a, c)));
    assertTrue(e.getMessage().contains("configuration " + r.configId()) && e.getMessage().contains("has another result"), e.getMessage());
  }

  @Test
  void neverReplacesAUsersFile() throws IOException {
    Path s = sweep("u", HandRows.rows().subList(0, 4));
    Path out = Files.createDirectories(dir.resolve("u-out"));
    Files.writeString(out.resolve("wins.png"), "mine");
    assertThrows(UncheckedIOException.class, () -> Report.run(new Report.Options(List.of(s), out, "fifo", List.of(), List.of())));
    assertEquals("mine", Files.readString(out.resolve("wins.png")));
  }

  private static double value(List<Map<String, Object>> rows, String section, String size, String policy, String statistic) {
    return rows.stream().filter(r -> section.equals(r.get("section")) && size.equals(r.get("size")) && policy.equals(r.get("policy"))
        && statistic.equals(r.get("statistic"))).map(r -> ((Number) r.get("value")).doubleValue()).findFirst().orElseThrow();
  }
}
