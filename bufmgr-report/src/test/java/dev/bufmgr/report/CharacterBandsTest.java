package dev.bufmgr.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.replay.facts.TraceCharacter;
import dev.bufmgr.sweep.FlatJson;
import dev.bufmgr.sweep.SweepRow;
import dev.bufmgr.sweep.SweepStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reduction split by trace character, from hand-made rows whose band means are worked out
 * here: four traces of known skew and one-hit share (one without a Zipf fit), fifo, lru and
 * s3fifo at one size.
 */
class CharacterBandsTest {
  @TempDir Path dir;

  private static TraceCharacter character(double alpha, long oneHit) {
    return new TraceCharacter(1000, 100, oneHit, -1, new long[] {1, 2, 3, 4, 5, 6}, alpha, Double.isNaN(alpha) ? Double.NaN : 0.9);
  }

  private static void add(List<SweepRow> rows, String trace, TraceCharacter c, String policy, double mr) {
    long misses = Math.round(mr * 1000);
    rows.add(new SweepRow(trace + "-" + policy, "d", "/traces/" + trace + ".trace", "lirs", 1000, 100, policy, "0.1", 10, 0.1,
        1000 - misses, misses, mr, 0.01, SweepRow.OK, null, Double.NaN, c));
  }

  @Test
  void bandMeansEqualTheHandWorkedOnesAndTheSummarySaysThem() throws IOException {
    // trace: alpha, one-hit pages of 100; fifo, lru, s3fifo miss ratios. Reductions (fifo - x) / fifo:
    // t1 (0.5, 5):    lru 0.1,    s3fifo 0.2    -> skew < 0.6,       1-hit < 10%
    // t2 (0.7, 20):   lru 0,      s3fifo 0.25   -> skew 0.6 to 0.8,  10 to 30%
    // t3 (0.75, 50):  lru 0.125,  s3fifo 0.25   -> skew 0.6 to 0.8,  30 to 60%
    // t4 (no fit, 70): lru -0.1,  s3fifo 0      -> no skew band,     >= 60%
    Object[][] traces = {{"t1", 0.5, 5L, 0.5, 0.45, 0.4}, {"t2", 0.7, 20L, 0.4, 0.4, 0.3}, {"t3", 0.75, 50L, 0.8, 0.7, 0.6},
        {"t4", Double.NaN, 70L, 0.5, 0.55, 0.5}};
    List<SweepRow> rows = new ArrayList<>();
    for (Object[] t : traces) {
      TraceCharacter c = character((double) t[1], (long) t[2]);
      add(rows, (String) t[0], c, "fifo", (double) t[3]);
      add(rows, (String) t[0], c, "lru", (double) t[4]);
      add(rows, (String) t[0], c, "s3fifo", (double) t[5]);
    }
    Path s = Files.createDirectories(dir.resolve("s"));
    StringBuilder sb = new StringBuilder();
    for (SweepRow r : rows) sb.append(r.toJson()).append('\n');
    Files.writeString(s.resolve(SweepStore.RESULTS_FILE), sb);
    Report.Outcome o = Report.run(new Report.Options(List.of(s), s.resolve("report"), "fifo", List.of(), List.of()));

    List<Map<String, Object>> table = new ArrayList<>();
    for (String line : Files.readAllLines(o.dir().resolve("report.jsonl"))) table.add(FlatJson.parse(line));
    assertEquals(0.2, value(table, "zipf_alpha", "alpha < 0.6", "s3fifo", "mean"), 1e-12);
    assertEquals(0.25, value(table, "zipf_alpha", "0.6 to 0.8", "s3fifo", "mean"), 1e-12);
    assertEquals(0.0625, value(table, "zipf_alpha", "0.6 to 0.8", "lru", "mean"), 1e-12);
    assertEquals(0.0625, value(table, "zipf_alpha", "0.6 to 0.8", "lru", "median"), 1e-12);
    assertEquals(-0.1, value(table, "one_hit_wonders", "1-hit >= 60%", "lru", "mean"), 1e-12);
    assertEquals(0.25, value(table, "one_hit_wonders", "30 to 60%", "s3fifo", "mean"), 1e-12);
    assertEquals(2L, table.stream().filter(r -> "0.6 to 0.8".equals(r.get("band")) && "s3fifo".equals(r.get("policy"))).findFirst()
        .orElseThrow().get("traces"));
    assertTrue(table.stream().noneMatch(r -> "zipf_alpha".equals(r.get("character")) && "alpha >= 1.0".equals(r.get("band"))),
        "an empty band has no row");

    String summary = o.summary();
    assertTrue(summary.contains("- Size 0.1, by Zipf skew, the largest mean reduction from `fifo` per band: "
        + "alpha < 0.6 (1 trace): `s3fifo` 0.200; 0.6 to 0.8 (2 traces): `s3fifo` 0.250."), summary);
    assertTrue(summary.contains("- Left out of the Zipf skew bands, 1 trace without the figure: t4"), summary);
    assertTrue(Files.size(o.dir().resolve("bands-zipf_alpha-0.1.png")) > 0);
    assertTrue(Files.size(o.dir().resolve("bands-one_hit_wonders-0.1.png")) > 0);
  }

  private static double value(List<Map<String, Object>> table, String character, String band, String policy, String statistic) {
    return table.stream().filter(r -> "by_character".equals(r.get("section")) && character.equals(r.get("character"))
        && band.equals(r.get("band")) && policy.equals(r.get("policy")) && statistic.equals(r.get("statistic")))
        .map(r -> ((Number) r.get("value")).doubleValue()).findFirst().orElseThrow(() -> new AssertionError(character + " " + band + " " + policy));
  }
}
