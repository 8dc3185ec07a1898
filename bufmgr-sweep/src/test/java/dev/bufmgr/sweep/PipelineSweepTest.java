package dev.bufmgr.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.evict.SelectorRegistry;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pipeline sweeps: the cross product of a spec, one row per configuration keyed by its id, a
 * resumed folder, and specs refused in one line. That a row equals {@code bufmgr pipeline}'s own
 * run of the configuration is bufmgr-app's test (the command is the peer); equality on Spark is
 * bufmgr-spark's.
 */
class PipelineSweepTest {
  @TempDir Path dir;

  private static final SelectorRegistry REGISTRY = SelectorRegistry.load();
  /** Small runs: a few hundred transactions on a pool a quarter of the data. */
  private static final String SMALL = "frames=256;clients=4;transactions=300";

  private static PipelinePlan plan(String... specs) {
    return new PipelinePlan(PipelineSpecs.parse(List.of(specs), REGISTRY), List.of(specs));
  }

  /** A row's fields but the wall-clock ones, which no two runs share. */
  static Map<String, Object> measured(PipelineRow r) {
    Map<String, Object> m = new HashMap<>(r.values());
    m.remove("wallSeconds");
    m.remove("transactionsPerWallSecond");
    return m;
  }

  @Test
  void theCrossProductInOrderEachConfigurationOnceWithCanonicalSpecs() {
    List<PipelineTask> tasks = PipelineSpecs.parse(List.of("selector=gclock|s3fifo;seed=1..3;" + SMALL,
        "seed=3|2;selector=gclock:maxUsage=5;" + SMALL), REGISTRY);
    assertEquals(6, tasks.size());
    assertEquals(List.of(1L, 2L, 3L, 1L, 2L, 3L), tasks.stream().map(PipelineTask::seed).toList());
    assertTrue(tasks.get(0).selector().startsWith("gclock:maxUsage=5,"), tasks.get(0).selector());
    assertTrue(tasks.get(3).selector().startsWith("s3fifo:"), tasks.get(3).selector());
    assertEquals("tpcb:seed=2,frames=256,ratio=4.0", tasks.get(1).workload().replaceAll(",scale=[^,]*|,mode=.*", ""),
        "the run's seed seeds the default workload");
    assertEquals(6, tasks.stream().map(PipelineTask::key).collect(Collectors.toSet()).size());
    PipelineTask own = PipelineSpecs.parse(List.of("workload=tpcb:scale=1,seed=9;seed=4;" + SMALL), REGISTRY).getFirst();
    assertTrue(own.workload().startsWith("tpcb:seed=9,"), "a workload's own seed is kept: " + own.workload());
  }

  @Test
  void badSpecsAreRefusedInOneLineNamingTheFlag() {
    for (String[] c : new String[][] {
        {"selector=gclock|nosuch", "nosuch"},
        {"seed=5..1", "empty range"},
        {"seed=0..0", "seed=0"},
        {"seed=1..x", "FROM..TO"},
        {"clients=-2", "clients=-2"},
        {"frames=-1", "frames=-1"},
        {"transactions=-5", "transactions=-5"},
        {"colour=red", "unknown key 'colour'"},
        {"seed=1;seed=2", "seed given twice"},
        {"clock=real", "simulation only"},
        {"device=file:/tmp/x", "--clock real"},
        {"commit=nosuch", "nosuch"},
        {"seed=1..1000000000", "more than"}}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PipelineSpecs.parse(List.of(c[0]), REGISTRY), c[0]);
      assertTrue(e.getMessage().startsWith("--pipeline '" + c[0] + "': "), e.getMessage());
      assertTrue(e.getMessage().contains(c[1]), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  @Test
  void rowsKeyedByConfigurationSeedsDifferAndARerunSkipsTheDoneTasks() throws IOException {
    PipelinePlan plan = plan("selector=gclock|s3fifo;seed=1..2;" + SMALL);
    Path out = dir.resolve("out");
    Sweep.PipelineOutcome first = Sweep.run(plan, out, false, new LocalSweepEngine(), Map.of(), null);
    assertEquals(4, first.rows().size());
    assertEquals(0, first.skipped());
    assertEquals(plan.tasks().stream().map(PipelineTask::key).toList(), first.rows().stream().map(PipelineRow::configId).toList());
    for (PipelineRow r : first.rows()) {
      assertTrue(r.ok(), r.toString());
      assertEquals(300.0, r.number("runTransactions"), r.toString());
    }
    assertFalse(measured(first.rows().get(0)).equals(measured(first.rows().get(1))), "seeds 1 and 2 ran alike");
    assertEquals(4, Files.readAllLines(out.resolve(SweepStore.RESULTS_FILE)).size());

    Files.delete(out.resolve("tasks").resolve(plan.tasks().get(2).key() + ".jsonl"));
    Sweep.PipelineOutcome second = Sweep.run(plan(SMALL + ";seed=1|2;selector=gclock|s3fifo"), out, false, new LocalSweepEngine(),
        Map.of(), null);
    assertEquals(3, second.skipped(), "the same configurations spelled otherwise resume the sweep");
    assertEquals(first.rows().stream().map(PipelineSweepTest::measured).toList(),
        second.rows().stream().map(PipelineSweepTest::measured).toList());
    assertEquals(4, Files.readAllLines(out.resolve(SweepStore.RESULTS_FILE)).size());
  }

  @Test
  void aRunThatCannotFinishIsItsFailureRowAndParquetHoldsEveryRowsColumns() throws IOException {
    PipelinePlan plan = plan("commit=greedy|batch:k=2;checkpoint=off;bgwriter=off;frames=256;clients=1;transactions=300");
    Sweep.PipelineOutcome out = Sweep.run(plan, dir.resolve("out"), false, new LocalSweepEngine(), Map.of(), null);
    assertEquals(2, out.rows().size());
    assertTrue(out.rows().get(0).ok());
    PipelineRow failed = out.rows().get(1);
    assertEquals(SweepRow.FAILED, failed.status());
    assertTrue(failed.reason().contains("never releases"), "batch:k=2 with 1 client: " + failed.reason());
    assertEquals(List.of(failed), out.failures());
    assertTrue(out.summary().contains("1 failed"), out.summary());

    FileMetaData f = footer(dir.resolve("out/results.parquet/part-00000.parquet"));
    assertEquals(2, f.getNum_rows());
    List<String> names = new ArrayList<>();
    for (SchemaElement e : f.getSchema().subList(1, f.getSchemaSize())) names.add(e.getName());
    assertEquals(new ArrayList<>(out.rows().get(0).values().keySet()), names);
    assertTrue(names.containsAll(Set.of("tps", "latencyP99Ms", "walBytesPerTransaction", "fullPageImageShare", "dirtyEvictions",
        "backendWrites", "checkpointWrites", "bgwriterWrites", "hitRatio", "status", "reason")));
  }

  private static FileMetaData footer(Path file) throws IOException {
    byte[] all = Files.readAllBytes(file);
    int len = ByteBuffer.wrap(all, all.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    return Util.readFileMetaData(new ByteArrayInputStream(Arrays.copyOfRange(all, all.length - 8 - len, all.length - 8)));
  }
}
