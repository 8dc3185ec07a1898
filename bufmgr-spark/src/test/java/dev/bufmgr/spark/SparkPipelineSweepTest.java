package dev.bufmgr.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.sweep.LocalSweepEngine;
import dev.bufmgr.sweep.ParquetRows;
import dev.bufmgr.sweep.PipelinePlan;
import dev.bufmgr.sweep.PipelineRow;
import dev.bufmgr.sweep.PipelineSpecs;
import dev.bufmgr.sweep.Sweep;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pipeline configurations on Spark {@code local[2]}: the local engine's rows, once each, and Parquet that Spark reads back. */
class SparkPipelineSweepTest {
  @TempDir Path dir;

  private static List<Map<String, Object>> withoutWallClock(List<PipelineRow> rows) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (PipelineRow r : rows) {
      Map<String, Object> m = new HashMap<>(r.values());
      m.remove("wallSeconds");
      m.remove("transactionsPerWallSecond");
      out.add(m);
    }
    return out;
  }

  @Test
  void twoPipelineTasksOnLocal2GiveTheLocalEnginesRowsAndParquet() {
    List<String> specs = List.of("selector=gclock|s3fifo;frames=256;clients=4;transactions=300;seed=3");
    PipelinePlan plan = new PipelinePlan(PipelineSpecs.parse(specs, SelectorRegistry.load()), specs);
    Sweep.PipelineOutcome local = Sweep.run(plan, dir.resolve("local"), false, new LocalSweepEngine(), Map.of(), null);
    // One session for the sweep (the engine runs on the session it finds, as under spark-submit) and for reading its Parquet.
    SparkSession session = SparkSession.builder().master("local[2]").config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    try {
      Sweep.PipelineOutcome spark = Sweep.run(plan, dir.resolve("spark"), false, new SparkSweepEngine(), Map.of(), null);
      assertEquals(2, spark.rows().size());
      assertTrue(spark.failures().isEmpty(), spark.summary());
      assertEquals(withoutWallClock(local.rows()), withoutWallClock(spark.rows()));

      List<String> fromParquet = new ArrayList<>();
      for (Row r : session.read().parquet(dir.resolve("spark").resolve(ParquetRows.FOLDER).toString())
          .select("configId", "selector", "seed", "dirtyEvictions", "tps", "status").collectAsList()) {
        fromParquet.add(r.mkString("|"));
      }
      List<String> fromRows = new ArrayList<>();
      for (PipelineRow r : local.rows()) {
        fromRows.add(String.join("|", r.configId(), (String) r.values().get("selector"), "" + r.values().get("seed"),
            "" + r.values().get("dirtyEvictions"), "" + r.values().get("tps"), r.status()));
      }
      fromParquet.sort(Comparator.naturalOrder());
      fromRows.sort(Comparator.naturalOrder());
      assertEquals(fromRows, fromParquet);
    } finally {
      session.stop();
    }
  }
}
