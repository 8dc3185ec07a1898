package dev.bufmgr.workloads.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        + "`opt:bypass=false` (demand paging, as libCacheSim's Belady); the policies that may decline a page (caffeine) against "
        + "`opt:bypass=true` (MIN with bypass); `opt:bypass=false` against `opt:bypass=true`."), summary);
    assertTrue(summary.contains("Check: every policy's hit ratio is at most its bound's at every size, and `opt:bypass=false` at most "
        + "`opt:bypass=true`'s.") && !summary.contains("FAILED"), summary);
    assertTrue(r.out().contains("pgbench-select") && r.out().contains("Results in"));
    try (var s = Files.list(dir)) {
      assertEquals(1, s.count(), "only the published folder");
    }
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
