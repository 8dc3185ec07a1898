package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.app.experiment.Spread;
import dev.bufmgr.wal.device.PageCacheSettings;
import dev.bufmgr.workloads.support.SharedTraces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every issue-4 experiment runs in --quick mode, writes its folder, and its summary quotes its own
 * rows: each row's value, or, for an experiment that runs several seeds per cell (the cell's rows
 * named by the key fields given), each cell's mean and range over its rows.
 */
class ExperimentCommandsTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "scan-resistance, oltpHitRatio, percent, resident-rings-off.png,",
    "cache-pressure, hitRatio, percent, classes-index-fits.png, scenario|policy",
    "ghost-cap, oltpHitRatioAfterScans, percent, oltp-hit-by-cap.png,",
    "ticks, ticksMean, plain, ticks-p99.png,",
    "fpw-tax, ratio, plain, ratio.png,",
    "dirty-evictions, waitedShare, percent, waited.png, dataRatio|selector",
    "checkpoint-storm, sawtoothDepth, percent, sawtooth.png, selector|commit|fullPageWrites|bgwriter|checkpoint",
    "bgwriter, waitedShare, percent, moved-off.png, selector|bgwriter"
  })
  void quickRunWritesAFolderWhoseSummaryQuotesItsRows(String name, String field, String style, String chart, String cellKeys)
      throws IOException {
    Path out = dir.resolve(name);
    CliRun r = CliRun.of("experiment", name, "--quick", "--quiet", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    for (String f : List.of("results.jsonl", "results.csv", "summary.md", chart)) {
      assertTrue(Files.size(out.resolve(f)) > 0, f);
    }
    String summary = Files.readString(out.resolve("summary.md"));
    assertTrue(summary.contains("**Question**") && summary.contains("**Configuration**") && summary.contains("**Answer**"));
    List<String> rows = Files.readAllLines(out.resolve("results.jsonl"));
    List<String> measured = rows.stream().filter(l -> !l.contains("\"kind\":\"window\"")).toList();
    List<Double> values = values(measured, field);
    assertFalse(values.isEmpty(), "rows carry " + field);
    if (cellKeys == null) {
      for (double v : values) {
        String text = style.equals("percent") ? String.format(Locale.ROOT, "%.2f%%", v * 100) : String.format(Locale.ROOT, "%.2f", v);
        assertTrue(summary.contains(text), "summary quotes " + field + " = " + text);
      }
    } else {
      Map<String, List<String>> cells = new LinkedHashMap<>();
      for (String row : measured) {
        StringBuilder key = new StringBuilder();
        for (String k : cellKeys.split("\\|")) key.append(text(row, k)).append('/');
        cells.computeIfAbsent(key.toString(), x -> new ArrayList<>()).add(row);
      }
      for (Map.Entry<String, List<String>> cell : cells.entrySet()) {
        List<Double> v = values(cell.getValue(), field);
        assertTrue(v.size() >= 3, "cell " + cell.getKey() + " ran " + v.size() + " seeds");
        Spread spread = Spread.of(v);
        String text = style.equals("percent") ? spread.pct() : spread.num(2);
        assertTrue(summary.contains(text), "summary quotes cell " + cell.getKey() + "'s " + field + " as " + text);
      }
    }
    for (String row : rows) assertTrue(row.contains("\"seed\":"), "every row carries its seed: " + row);
    if (PAGE_CACHE_EXPERIMENTS.contains(name)) {
      String spec = PageCacheSettings.DEFAULTS.spec();
      for (String row : measured) assertEquals("\"" + spec + "\"", text(row, "pageCache"), "bufmgr pipeline's default page cache");
      assertTrue(summary.contains("`--page-cache " + spec + "`"), "the summary names the device model");
    }
    assertTrue(r.out().contains("Results in"));
  }

  /** The experiments that run the pipeline's device model and take {@code --page-cache}. */
  private static final List<String> PAGE_CACHE_EXPERIMENTS = List.of("dirty-evictions", "checkpoint-storm", "bgwriter");

  @ParameterizedTest(name = "{0}")
  @CsvSource({"dirty-evictions", "checkpoint-storm", "bgwriter"})
  void aBadPageCacheEndsWithOneLineAndNoFolder(String name) {
    Path out = dir.resolve(name);
    CliRun r = CliRun.of("experiment", name, "--quick", "--quiet", "--page-cache", "copy=soon", "--out", out.toString());
    assertEquals(2, r.status(), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().startsWith("bufmgr: ") && r.err().contains("--page-cache"), r.err());
    assertFalse(Files.exists(out));
  }

  @Test
  void sharedTraceCurvesQuoteTheirOwnRows() throws IOException {
    Path out = dir.resolve("mrc");
    Path lirs = SharedTraces.lirs("sprite.trace.gz").getParent();
    CliRun r = CliRun.of("experiment", "mrc", "--quick", "--quiet", "--traces", lirs.toString(), "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    for (String f : List.of("results.jsonl", "results.csv", "summary.md", "mrc-sprite.png", "mrc-loop.png")) {
      assertTrue(Files.size(out.resolve(f)) > 0, f);
    }
    List<String> rows = Files.readAllLines(out.resolve("results.jsonl"));
    List<String> spriteLru = rows.stream().filter(l -> l.contains("\"traceName\":\"sprite\"") && l.contains("\"policy\":\"lru\"")).toList();
    assertEquals(3, spriteLru.size(), "three sizes");
    double meanMiss = values(spriteLru, "hitRatio").stream().mapToDouble(h -> 1 - h).average().orElseThrow();
    String summary = Files.readString(out.resolve("summary.md"));
    assertTrue(summary.contains(String.format(Locale.ROOT, "%.2f%%", meanMiss * 100)), "summary quotes LRU's mean miss ratio on sprite");
  }

  @Test
  void withoutRingReadsTheGhostCapChangesNothing() throws IOException {
    Path out = dir.resolve("ghost-cap");
    assertEquals(0, CliRun.of("experiment", "ghost-cap", "--quick", "--quiet", "--out", out.toString()).status());
    List<String> rows = Files.readAllLines(out.resolve("results.jsonl"));
    List<String> ringsOff = rows.stream()
        .filter(l -> l.contains("\"rings\":false") && !l.contains("\"strategyCap\":null"))
        .toList();
    assertEquals(4, ringsOff.size());
    List<Double> hit = values(ringsOff, "oltpHitRatioAfterScans");
    assertTrue(hit.stream().distinct().count() == 1, "one hit ratio for every cap: " + hit);
    assertEquals(2, rows.stream().filter(l -> l.contains("\"policy\":\"s3fifo:small=0.1,ghost=0.0")).count(),
        "a reference row without a ghost, rings on and off");
  }

  @Test
  void aBadFlagEndsWithOneLineAndNoFolder() {
    Path out = dir.resolve("ticks");
    CliRun r = CliRun.of("experiment", "ticks", "--quick", "--bogus", "--out", out.toString());
    assertEquals(2, r.status());
    assertTrue(r.err().contains("--bogus"), r.err());
    assertFalse(Files.exists(out));
  }

  /** A row's value of {@code field} as written (a string's quotes kept). */
  private static String text(String row, String field) {
    Matcher m = Pattern.compile("\"" + Pattern.quote(field) + "\":(\"[^\"]*\"|[^,}]*)").matcher(row);
    assertTrue(m.find(), "row carries " + field + ": " + row);
    return m.group(1);
  }

  private static List<Double> values(List<String> rows, String field) {
    Pattern p = Pattern.compile("\"" + Pattern.quote(field) + "\":(-?[0-9.eE+-]+)");
    List<Double> out = new ArrayList<>();
    for (String row : rows) {
      Matcher m = p.matcher(row);
      if (m.find()) out.add(Double.parseDouble(m.group(1)));
    }
    return out;
  }
}
