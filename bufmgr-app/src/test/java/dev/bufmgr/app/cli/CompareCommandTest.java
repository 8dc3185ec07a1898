package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.replay.compare.DefaultComparison;
import dev.bufmgr.workloads.support.SharedTraces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {
  @TempDir Path dir;

  @Test
  void writesTheResultsFolder() throws IOException {
    Path out = dir.resolve("cmp");
    Path lirs = SharedTraces.lirs("sprite.trace.gz").getParent();
    CliRun r = CliRun.of("compare", "--out", out.toString(), "--traces", lirs.toString(), "--requests", "20000",
        "--policy", "gclock", "--policy", "lru", "--policy", "opt", "--policy", "opt:bypass=false", "--policy", "caffeine");
    assertEquals(0, r.status(), r.err());
    for (String f : List.of("results.jsonl", "results.csv", "summary.md", "mrc-pgbench-select.png", "mrc-zipf-with-scans.png", "mrc-lirs-sprite.png")) {
      assertTrue(Files.size(out.resolve(f)) > 0, f);
    }
    // With 20000 requests the synthetic inputs have fewer distinct pages than the largest sizes,
    // which are dropped; the LIRS trace keeps its 6 sizes. 5 policies each.
    List<String> rows = Files.readAllLines(out.resolve("results.jsonl"));
    assertEquals(30, rows.stream().filter(l -> l.contains("\"case\":\"lirs-sprite\"")).count());
    for (String opt : List.of("opt:bypass=true", "opt:bypass=false")) {
      assertEquals(6, rows.stream().filter(l -> l.contains("\"case\":\"lirs-sprite\"") && l.contains("\"policy\":\"" + opt + "\"")).count(), opt);
    }
    assertTrue(rows.stream().anyMatch(l -> l.contains("\"case\":\"pgbench-select\"")));
    assertTrue(rows.stream().anyMatch(l -> l.contains("\"case\":\"zipf-with-scans\"")));
    assertEquals(0, rows.size() % 5);
    String summary = Files.readString(out.resolve("summary.md"));
    assertTrue(summary.contains("index-leaf") && summary.contains("| best online | its bound | gap to its bound |"));
    assertTrue(summary.contains("Bounds: the policies that admit every miss (gclock:maxUsage=5,batch=1,hand=global, lru) against "
        + "`opt:bypass=false` (demand paging, as libCacheSim's Belady); the policies that may decline a page (caffeine:runs=5) against "
        + "`opt:bypass=true` (MIN with bypass); `opt:bypass=false` against `opt:bypass=true`."), summary);
    assertTrue(summary.contains("Check: every policy's hit ratio is at most its bound's at every size, and `opt:bypass=false` at most "
        + "`opt:bypass=true`'s.") && !summary.contains("FAILED"), summary);
    assertTrue(r.out().contains("pgbench-select") && r.out().contains("Results in"));

    // Sizes above a shortened input's distinct pages are left out, and named on stderr and in the summary.
    assertTrue(r.err().contains("bufmgr: left out: pgbench-select: pool sizes "), r.err());
    assertTrue(summary.contains("Left out:\n\n- pgbench-select: pool sizes "), summary);

    // Baselines ignore access strategies, the selectors run them through rings: every row says which,
    // and the summary of the input with bulk reads says they are not on equal terms.
    List<String> scans = rows.stream().filter(l -> l.contains("\"case\":\"zipf-with-scans\"")).toList();
    for (String l : scans) {
      boolean selector = l.contains("\"policy\":\"gclock");
      assertTrue(l.contains(selector ? "\"rings\":true,\"strategies\":\"rings\"" : "\"rings\":false,\"strategies\":\"ignored\""), l);
      assertTrue(!l.contains("\"strategyRequests\":0,"), l);
    }
    String share = String.format(java.util.Locale.ROOT, "%.1f%%",
        100 * number(scans.getFirst(), "strategyRequests") / number(scans.getFirst(), "requests"));
    assertTrue(summary.contains("Not on equal terms: " + share + " of this input's requests carry an access strategy (bulk reads). "
        + "`gclock` run them through PostgreSQL's buffer rings"), summary);
    assertTrue(summary.contains("`lru`, `opt`, `opt:bypass=false`, `caffeine` ignore access strategies"), summary);

    // Caffeine is not reproducible: its rows give the mean of its runs and their range.
    for (String l : rows.stream().filter(l -> l.contains("\"policy\":\"caffeine")).toList()) {
      double mean = number(l, "hitRatio");
      assertTrue(number(l, "hitRatioMin") <= mean && mean <= number(l, "hitRatioMax") && number(l, "runs") == 5, l);
    }
    assertTrue(summary.contains("`caffeine:runs=5` is not reproducible (random admission): its column is the mean of 5 runs"), summary);
    try (var s = Files.list(dir)) {
      assertEquals(1, s.count(), "only the published folder");
    }
  }

  private static double number(String json, String field) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"" + field + "\":([-0-9.eE]+)").matcher(json);
    assertTrue(m.find(), field + " in " + json);
    return Double.parseDouble(m.group(1));
  }

  @Test
  void requestCountsThatLeaveCasesOutAreNamed() {
    Path out = dir.resolve("cmp");
    CliRun zero = CliRun.of("compare", "--out", out.toString(), "--requests", "0", "--quiet");
    assertEquals(2, zero.status());
    assertEquals("bufmgr: --requests must be at least 1, got 0", zero.err().strip());
    CliRun tiny = CliRun.of("compare", "--out", out.toString(), "--requests", "300", "--policy", "lru");
    assertFalse(tiny.err().contains("no size given"), tiny.err());
    for (String c : List.of("pgbench-select: its ", "zipf-with-scans: its ")) assertTrue(tiny.err().contains(c), tiny.err());
    assertTrue(tiny.err().contains("distinct pages are fewer than its smallest pool size 1000 (--requests 300)"), tiny.err());
    if (DefaultComparison.findLirsFolder(Path.of("")) == null) {
      // Without the shared traces nothing is left to compare: one line naming every case left out.
      assertEquals(2, tiny.status(), tiny.err());
      assertTrue(tiny.err().strip().lines().toList().getLast().startsWith("bufmgr: every case was left out: "), tiny.err());
      assertTrue(tiny.err().contains("lirs-sprite: sprite.trace.gz not found"), tiny.err());
      assertFalse(Files.exists(out));
      return;
    }
    assertEquals(0, tiny.status(), tiny.err());
    for (String c : List.of("pgbench-select: its ", "zipf-with-scans: its ")) {
      assertTrue(tiny.err().contains("bufmgr: left out: " + c), tiny.err());
    }
    String summary;
    try {
      summary = Files.readString(out.resolve("summary.md"));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    assertTrue(summary.contains("- zipf-with-scans: its ") && summary.contains("smallest pool size 2000 (--requests 300)"), summary);
    assertFalse(summary.contains("## pgbench -S"), summary);
    assertTrue(summary.contains("## LIRS trace sprite"), summary);
  }

  @Test
  void badPolicyLeavesNoFolder() {
    Path out = dir.resolve("cmp");
    CliRun r = CliRun.of("compare", "--out", out.toString(), "--policy", "nosuch");
    assertEquals(2, r.status());
    assertTrue(r.err().contains("unknown policy 'nosuch'"));
    assertFalse(Files.exists(out));
  }
}
