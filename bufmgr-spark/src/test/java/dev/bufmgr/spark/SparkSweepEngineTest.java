package dev.bufmgr.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.sweep.LocalSweepEngine;
import dev.bufmgr.sweep.ParquetRows;
import dev.bufmgr.sweep.Sweep;
import dev.bufmgr.sweep.SweepPlan;
import dev.bufmgr.sweep.SweepRow;
import dev.bufmgr.sweep.SweepSize;
import dev.bufmgr.sweep.TraceDiscovery;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SparkSweepEngineTest {
  @TempDir Path dir;

  private static final List<String> POLICIES = List.of("lru", "gclock", "s3fifo", "opt:bypass=false");
  private static final List<SweepSize> SIZES = SweepSize.parseList("0.001,0.05,0.2,300");
  private static final Map<String, String> LOCAL2 = Map.of("master", "local[2]", "spark.ui.enabled", "false",
      "spark.driver.host", "127.0.0.1", "spark.driver.bindAddress", "127.0.0.1");

  /** A LIRS-format trace of {@code n} requests: a skewed mix of pages and a loop, from {@code seed}. */
  private void trace(String rel, int n, int pages, long seed) throws IOException {
    Path p = dir.resolve("traces").resolve(rel);
    Files.createDirectories(p.getParent());
    Random r = new Random(seed);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) sb.append(r.nextInt(4) == 0 ? i % (pages / 2) : (int) (pages * Math.pow(r.nextDouble(), 3))).append('\n');
    Files.writeString(p, sb);
  }

  private SweepPlan plan() {
    return SweepPlan.of(TraceDiscovery.find(List.of(dir.resolve("traces").toString()), null), POLICIES, SIZES);
  }

  @Test
  void rowsEqualTheLocalEnginesHitForHitParquetHoldsThemAndARerunResumes() throws IOException {
    trace("ds1/a.trace", 20_000, 3000, 1);
    trace("ds1/b.trace", 12_000, 900, 2);
    trace("ds 2/c.trace", 15_000, 1200, 3);
    Files.writeString(dir.resolve("traces/ds1/bad.trace"), "1\n2\nthree\n");
    SweepPlan plan = plan();
    Sweep.Outcome local = Sweep.run(plan, dir.resolve("local"), false, new LocalSweepEngine(), Map.of(), null);

    SparkSession spark = SparkSession.builder().master("local[2]").config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false").getOrCreate();
    try {
      // With a session already made (as spark-submit's), the engine runs on it and leaves it running.
      Sweep.Outcome onSpark = Sweep.run(plan, dir.resolve("spark"), false, new SparkSweepEngine(), Map.of(), null);
      assertEquals(withoutTimes(local.rows()), withoutTimes(onSpark.rows()));
      assertEquals(1, onSpark.failures().size());
      assertTrue(onSpark.failures().getFirst().reason().contains("line 3"), onSpark.failures().getFirst().reason());
      assertEquals(Files.readAllLines(dir.resolve("local/results.jsonl")).size(),
          Files.readAllLines(dir.resolve("spark/results.jsonl")).size());

      Dataset<Row> parquet = spark.read().parquet(dir.resolve("spark").resolve(ParquetRows.FOLDER).toString());
      List<String> fromParquet = new ArrayList<>();
      for (Row r : parquet.select("configId", "dataset", "policy", "frames", "hits", "misses", "status").collectAsList()) {
        fromParquet.add(r.mkString("|"));
      }
      List<String> fromRows = new ArrayList<>();
      for (SweepRow r : local.rows()) {
        fromRows.add(String.join("|", r.configId(), r.dataset(), String.valueOf(r.policy()), "" + r.frames(), "" + r.hits(),
            "" + r.misses(), r.status()));
      }
      fromParquet.sort(Comparator.naturalOrder());
      fromRows.sort(Comparator.naturalOrder());
      assertEquals(fromRows, fromParquet);
    } finally {
      spark.stop();
    }

    // A rerun with its own session (named master) does no task again.
    Sweep.Outcome again = Sweep.run(plan, dir.resolve("spark"), false, new SparkSweepEngine(), LOCAL2, null);
    assertEquals(3, again.skipped());
    assertEquals(withoutTimes(local.rows()), withoutTimes(again.rows()));
  }

  @Test
  void anUnreachableMasterIsOneLineNamingIt() throws IOException {
    trace("ds/a.trace", 1000, 100, 1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sweep.run(plan(), dir.resolve("out"), false,
        new SparkSweepEngine(), Map.of("master", "spark://127.0.0.1:1"), null));
    assertTrue(e.getMessage().startsWith("--master spark://127.0.0.1:1: no Spark master answers at 127.0.0.1:1"), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void anUnknownOptionIsRefused() throws IOException {
    trace("ds/a.trace", 1000, 100, 1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sweep.run(plan(), dir.resolve("out"), false,
        new SparkSweepEngine(), Map.of("jobs", "2"), null));
    assertTrue(e.getMessage().contains("no option 'jobs'"), e.getMessage());
  }

  /** The rows with their replay times zeroed: the one field two runs of the same configuration may differ in. */
  static List<SweepRow> withoutTimes(List<SweepRow> rows) {
    List<SweepRow> out = new ArrayList<>();
    for (SweepRow r : rows) {
      out.add(new SweepRow(r.configId(), r.dataset(), r.trace(), r.format(), r.requests(), r.footprint(), r.policy(), r.size(),
          r.frames(), r.fraction(), r.hits(), r.misses(), r.missRatio(), 0, r.status(), r.reason()));
    }
    return out;
  }
}
