package dev.bufmgr.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.replay.ReplayRunner;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.results.report.ResultRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepTest {
  @TempDir Path dir;

  private static final List<String> POLICIES = List.of("lru", "gclock", "s3fifo", "opt:bypass=false");
  private static final List<SweepSize> SIZES = SweepSize.parseList("0.001,0.05,0.2,300");

  /** A LIRS-format trace of {@code n} requests: a skewed mix of pages and a loop, from {@code seed}. */
  private Path trace(String rel, int n, int pages, long seed) throws IOException {
    Path p = dir.resolve("traces").resolve(rel);
    Files.createDirectories(p.getParent());
    Random r = new Random(seed);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      int page = r.nextInt(4) == 0 ? i % (pages / 2) : (int) (pages * Math.pow(r.nextDouble(), 3));
      sb.append(page).append('\n');
    }
    Files.writeString(p, sb);
    return p;
  }

  private SweepPlan plan(List<String> policies) {
    return SweepPlan.of(TraceDiscovery.find(List.of(dir.resolve("traces").toString()), null), policies, SIZES);
  }

  private Sweep.Outcome sweep(SweepPlan plan, Path out) {
    return Sweep.run(plan, out, false, new LocalSweepEngine(), Map.of(), null);
  }

  @Test
  void rowsEqualSingleReplaysOfTheSameConfigurationsAndLruEqualsAnIndependentModel() throws IOException {
    Path a = trace("ds1/a.trace", 20_000, 3000, 1);
    trace("ds2/b.trace", 15_000, 1200, 2);
    Sweep.Outcome out = sweep(plan(POLICIES), dir.resolve("out"));
    assertEquals(2 * POLICIES.size() * SIZES.size(), out.rows().size());
    assertTrue(out.failures().isEmpty());
    for (SweepRow row : out.rows()) {
      if (!row.ok()) {
        assertEquals(SweepRow.SKIPPED, row.status());
        assertTrue(row.frames() < SweepSize.MIN_FRAMES, row.toString());
        continue;
      }
      ReplayInput input = ReplayInput.ofFile(Path.of(row.trace()), row.format());
      List<ResultRow> single = new ReplayRunner(null, false).run(input, List.of(new PolicyCatalog(true).resolve(row.policy())),
          List.of((int) row.frames()), 1);
      assertEquals(single.getFirst().get("hits"), row.hits(), row.toString());
      assertEquals(row.requests(), row.hits() + row.misses());
    }
    SweepRow lru = out.rows().stream().filter(r -> r.trace().equals(a.toString()) && r.policy().equals("lru") && r.size().equals("0.05"))
        .findFirst().orElseThrow();
    assertEquals(lruHits(Files.readAllLines(a), (int) lru.frames()), lru.hits());
    assertEquals((long) (0.05 * distinct(Files.readAllLines(a))), lru.frames());
    assertEquals("ds1", lru.dataset());
  }

  private static long lruHits(List<String> pages, int frames) {
    LinkedHashMap<String, Boolean> cache = new LinkedHashMap<>(16, 0.75f, true);
    long hits = 0;
    for (String p : pages) {
      if (cache.get(p) != null) {
        hits++;
        continue;
      }
      if (cache.size() == frames) cache.remove(cache.keySet().iterator().next());
      cache.put(p, true);
    }
    return hits;
  }

  private static int distinct(List<String> pages) {
    return new HashSet<>(pages).size();
  }

  @Test
  void configurationIdsDependOnContentNotOnTheFilesName() throws IOException {
    Path a = trace("ds/a.trace", 5000, 800, 7);
    Sweep.Outcome first = sweep(plan(List.of("lru")), dir.resolve("out1"));
    Files.move(a, dir.resolve("traces/ds/renamed.trace"));
    Sweep.Outcome second = sweep(plan(List.of("lru")), dir.resolve("out2"));
    assertEquals(first.rows().stream().map(SweepRow::configId).toList(), second.rows().stream().map(SweepRow::configId).toList());
    assertEquals(first.rows().size(), Set.copyOf(first.rows().stream().map(SweepRow::configId).toList()).size());
  }

  @Test
  void aRerunDoesOnlyTheTasksNotYetDoneAndEveryRowIsThereOnce() throws IOException {
    trace("ds/a.trace", 5000, 800, 1);
    trace("ds/b.trace", 5000, 800, 2);
    trace("ds/c.trace", 5000, 800, 3);
    SweepPlan plan = plan(List.of("lru", "sieve"));
    Path out = dir.resolve("out");
    Sweep.Outcome first = sweep(plan, out);
    try (var tasks = Files.list(out.resolve("tasks"))) {
      Files.delete(tasks.sorted().findFirst().orElseThrow());
    }
    Sweep.Outcome second = sweep(plan, out);
    assertEquals(2, second.skipped());
    assertEquals(first.rows(), withSameTimes(second.rows(), first.rows()));
    assertEquals(first.rows().size(), Set.copyOf(second.rows().stream().map(SweepRow::configId).toList()).size());
    assertEquals(second.rows().size(), Files.readAllLines(out.resolve("results.jsonl")).size());
    assertTrue(second.summary().contains("3 done (2 by an earlier run)"), second.summary());
  }

  /** {@code rows} with the replay times of {@code like} (times differ between two runs; nothing else may). */
  private static List<SweepRow> withSameTimes(List<SweepRow> rows, List<SweepRow> like) {
    List<SweepRow> out = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      SweepRow r = rows.get(i);
      out.add(new SweepRow(r.configId(), r.dataset(), r.trace(), r.format(), r.requests(), r.footprint(), r.policy(), r.size(),
          r.frames(), r.fraction(), r.hits(), r.misses(), r.missRatio(), like.get(i).seconds(), r.status(), r.reason(),
          r.sampleRate(), r.character()));
    }
    return out;
  }

  @Test
  void aCorruptTraceAmongGoodOnesIsOneFailedRowNamingItsRecordAndARerunTriesItAgain() throws IOException {
    trace("ds/a.trace", 5000, 800, 1);
    Path bad = dir.resolve("traces/ds/bad.trace");
    Files.writeString(bad, "1\n2\nthree\n");
    SweepPlan plan = plan(List.of("lru"));
    Sweep.Outcome out = sweep(plan, dir.resolve("out"));
    assertEquals(1, out.failures().size());
    SweepRow f = out.failures().getFirst();
    assertTrue(f.reason().contains(bad.toString()) && f.reason().contains("line 3"), f.reason());
    assertEquals(SIZES.size(), out.rows().stream().filter(r -> !SweepRow.FAILED.equals(r.status())).count());
    assertTrue(out.summary().contains("failed: " + bad), out.summary());
    Files.writeString(bad, "1\n2\n3\n");
    Sweep.Outcome again = sweep(plan, dir.resolve("out"));
    assertTrue(again.failures().isEmpty());
    assertEquals(1, again.skipped());
    assertFalse(Files.exists(dir.resolve("out/tasks/" + plan.tasks().get(0).key() + ".failed.jsonl")));
  }

  @Test
  void aTaskWhoseMemoryEstimateExceedsTheHeapFailsWithItsEstimate() throws IOException {
    trace("ds/a.trace", 2000, 500, 1);
    SweepPlan plan = SweepPlan.of(TraceDiscovery.find(List.of(dir.resolve("traces").toString()), null), List.of("lru"),
        SweepSize.parseList("2000000000"));
    Sweep.Outcome out = sweep(plan, dir.resolve("out"));
    assertEquals(1, out.failures().size());
    assertTrue(out.failures().getFirst().reason().contains("MiB of heap"), out.failures().getFirst().reason());
  }

  @Test
  void anotherSweepsFolderIsRefusedUnlessForcedAndAUsersFileSurvivesForce() throws IOException {
    trace("ds/a.trace", 3000, 500, 1);
    Path out = dir.resolve("out");
    sweep(plan(List.of("lru")), out);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sweep(plan(List.of("sieve")), out));
    assertTrue(e.getMessage().contains("another sweep"), e.getMessage());
    Files.writeString(out.resolve("notes.txt"), "mine");
    Sweep.Outcome forced = Sweep.run(plan(List.of("sieve")), out, true, new LocalSweepEngine(), Map.of(), null);
    assertEquals("sieve", forced.rows().getFirst().policy().split(":")[0]);
    assertEquals("mine", Files.readString(out.resolve("notes.txt")));
    Path foreign = dir.resolve("foreign");
    Files.createDirectories(foreign);
    Files.writeString(foreign.resolve("data.csv"), "x");
    IllegalArgumentException f = assertThrows(IllegalArgumentException.class, () -> sweep(plan(List.of("lru")), foreign));
    assertTrue(f.getMessage().contains("data.csv"), f.getMessage());
  }

  @Test
  void theLocalEngineRefusesAnUnknownOptionAndARemoteTraceBecomesAFailedRow() {
    SweepPlan plan = SweepPlan.of(TraceDiscovery.find(List.of("hdfs://nn/x/ds/a.trace"), null), List.of("lru"), SIZES);
    assertThrows(IllegalArgumentException.class,
        () -> Sweep.run(plan, dir.resolve("o1"), false, new LocalSweepEngine(), Map.of("master", "local[2]"), null));
    Sweep.Outcome out = sweep(plan, dir.resolve("o2"));
    assertTrue(out.failures().getFirst().reason().contains("not a local file"), out.failures().getFirst().reason());
  }

  @Test
  void aSampledSweepAtRateOneEqualsTheExactOneAndItsRowsCarryTheRateAndTheirOwnIds() throws IOException {
    trace("ds/a.trace", 30_000, 5000, 3);
    List<TraceDiscovery.Found> found = TraceDiscovery.find(List.of(dir.resolve("traces").toString()), null);
    List<SweepSize> sizes = SweepSize.parseList("0.05,0.2");
    Sweep.Outcome exact = sweep(SweepPlan.of(found, List.of("lru", "sieve"), sizes), dir.resolve("exact"));
    Sweep.Outcome full = sweep(SweepPlan.of(found, List.of("lru", "sieve"), sizes, "1.0"), dir.resolve("full"));
    for (int i = 0; i < exact.rows().size(); i++) {
      assertEquals(exact.rows().get(i).hits(), full.rows().get(i).hits(), full.rows().get(i).toString());
      assertEquals(1.0, full.rows().get(i).sampleRate());
      assertTrue(Double.isNaN(exact.rows().get(i).sampleRate()));
      assertFalse(exact.rows().get(i).configId().equals(full.rows().get(i).configId()));
    }
    Sweep.Outcome tenth = sweep(SweepPlan.of(found, List.of("lru"), sizes, "0.1"), dir.resolve("tenth"));
    assertEquals(1, tenth.failures().size(), "a 10% sample of 5,000 pages holds fewer than 1,000");
    assertTrue(tenth.failures().getFirst().reason().contains("fewer than the 1000"), tenth.failures().getFirst().reason());
    assertEquals(full.rows(), Files.readAllLines(dir.resolve("full/results.jsonl")).stream().map(SweepRow::fromJson)
        .map(r -> withTime(r, full.rows())).toList());
  }

  private static SweepRow withTime(SweepRow r, List<SweepRow> like) {
    SweepRow same = like.stream().filter(x -> x.configId().equals(r.configId())).findFirst().orElseThrow();
    return new SweepRow(r.configId(), r.dataset(), r.trace(), r.format(), r.requests(), r.footprint(), r.policy(), r.size(),
        r.frames(), r.fraction(), r.hits(), r.misses(), r.missRatio(), same.seconds(), r.status(), r.reason(), r.sampleRate(), r.character());
  }

  @Test
  @org.junit.jupiter.api.Timeout(60)
  void anErrorOnASweepThreadStopsTheSweepNamingTheThreadAndTheFinishedTasksStay() throws IOException {
    trace("ds/a.trace", 3000, 500, 1);
    trace("ds/b.trace", 3000, 500, 2);
    trace("ds/c.trace", 3000, 500, 3);
    SweepPlan plan = plan(List.of("lru"));
    String failing = plan.tasks().get(1).trace();
    LocalSweepEngine planted = new LocalSweepEngine((task, counted, workers) -> {
      if (task.trace().equals(failing)) throw new OutOfMemoryError("planted");
      return TraceReplays.run(task, counted, workers);
    });
    Path out = dir.resolve("out");
    dev.bufmgr.core.resource.ThreadFailure f = assertThrows(dev.bufmgr.core.resource.ThreadFailure.class,
        () -> Sweep.run(plan, out, false, planted, Map.of("jobs", "1"), null));
    assertTrue(f.thread().startsWith("sweep-") && f.getMessage().contains("planted"), f.getMessage());
    Sweep.Outcome resumed = sweep(plan, out);
    assertTrue(resumed.skipped() >= 1, "the task before the fault stays recorded");
    assertEquals(3 * SIZES.size(), resumed.rows().size());
  }
}
