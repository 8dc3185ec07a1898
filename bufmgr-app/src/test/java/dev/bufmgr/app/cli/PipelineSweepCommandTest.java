package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.sweep.FlatJson;
import dev.bufmgr.sweep.PipelineRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bufmgr sweep --pipeline}: each row equals the row {@code bufmgr pipeline} prints for the
 * same configuration run alone (the peer: the command's own output, field for field but the wall
 * clock's), and bad specs are refused in one line naming the flag.
 */
class PipelineSweepCommandTest {
  @TempDir Path dir;

  /** A row's fields but those of the wall clock and those only a sweep's row has. */
  private static Map<String, Object> comparable(Map<String, Object> row) {
    Map<String, Object> m = new HashMap<>(row);
    for (String k : List.of("wallSeconds", "transactionsPerWallSecond", "configId", "status", "reason")) m.remove(k);
    return m;
  }

  @Test
  void eachRowEqualsTheSameConfigurationRunAloneByBufmgrPipeline() throws IOException {
    Path out = dir.resolve("out");
    CliRun sweep = CliRun.of("sweep", "--pipeline", "workload=tpcb:scale=1;selector=gclock|s3fifo;frames=256;clients=4;"
        + "transactions=300;seed=1..2", "--out", out.toString(), "--quiet");
    assertEquals(0, sweep.status(), sweep.err());
    assertTrue(sweep.out().contains("4 done (0 by an earlier run), 0 failed"), sweep.out());
    List<PipelineRow> rows = Files.readAllLines(out.resolve("results.jsonl")).stream().map(PipelineRow::fromJson).toList();
    assertEquals(4, rows.size());
    int i = 0;
    for (String selector : List.of("gclock", "s3fifo")) {
      for (int seed = 1; seed <= 2; seed++) {
        CliRun alone = CliRun.of("pipeline", "--workload", "tpcb:scale=1,seed=" + seed, "--selector", selector, "--frames", "256",
            "--clients", "4", "--transactions", "300", "--seed", Integer.toString(seed), "--output", "jsonl", "--quiet");
        assertEquals(0, alone.status(), alone.err());
        Map<String, Object> expected = comparable(FlatJson.parse(alone.out().strip()));
        assertEquals(expected, comparable(rows.get(i).values()), selector + " seed " + seed);
        i++;
      }
    }
    CliRun again = CliRun.of("sweep", "--pipeline", "seed=1..2;selector=gclock|s3fifo;workload=tpcb:scale=1;frames=256;clients=4;"
        + "transactions=300", "--out", out.toString(), "--quiet");
    assertEquals(0, again.status(), again.err());
    assertTrue(again.out().contains("4 done (4 by an earlier run)"), again.out());
  }

  @Test
  void badSpecsAndTraceOptionsAreRefusedInOneLine() throws IOException {
    String out = dir.resolve("out").toString();
    for (String[] c : new String[][] {
        {"selector=nosuch", "--pipeline 'selector=nosuch': selector 'nosuch'"},
        {"seed=3..1", "--pipeline 'seed=3..1': seed=3..1: an empty range"},
        {"seed=0..0", "--pipeline 'seed=0..0': seed=0: must lie in 1.."},
        {"clients=-1", "--pipeline 'clients=-1': clients=-1: must lie in 1.."}}) {
      String line = CliRun.refused(dir, "sweep", "--pipeline", c[0], "--out", out);
      assertTrue(line.contains(c[1]), line);
    }
    String line = CliRun.refused(dir, "sweep", "--pipeline", "seed=1", "--policy", "lru", "--out", out);
    assertTrue(line.contains("--policy: applies to a sweep of traces"), line);
  }
}
