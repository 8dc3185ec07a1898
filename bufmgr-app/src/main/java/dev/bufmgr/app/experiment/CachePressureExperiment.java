package dev.bufmgr.app.experiment;

import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.Tables;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.replay.baseline.OptBounds;
import dev.bufmgr.results.plot.BarChart;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.replay.PolicyLabels;
import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayRunner;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.synth.PageClasses;
import dev.bufmgr.workloads.synth.Workloads;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code cache-pressure} (Andres Freund in seeds/002: HOT/COOL will fail "with something like
 * pgbench -S where the index fits comfortably in s_b, but the table data does not"): the
 * pgbench-select shaped workload (B-tree root, inner, leaf, then a heap page per lookup) at a
 * scale whose index fills half the pool while the heap is about six pools, and at one whose index
 * is twice the pool. Hit ratio per page class for every registered selector, LRU, Caffeine's
 * W-TinyLFU and OPT (both variants): which pages does each selector protect?
 */
public final class CachePressureExperiment {
  private static final List<Integer> CLASSES =
      List.of(PageClasses.INDEX_ROOT, PageClasses.INDEX_INNER, PageClasses.INDEX_LEAF, PageClasses.HEAP);

  private CachePressureExperiment() {}

  /** One scale of the workload; {@code spec} takes the seed with {@code String.formatted}. */
  private record Scenario(String slug, String title, String spec) {}

  /** Runs every registered selector and baseline on both scales. */
  public static ExperimentReport run(boolean quick, SelectorRegistry registry, PrintStream progress) {
    int frames = quick ? 400 : 4000;
    long requests = quick ? 60_000 : 4_000_000;
    int seeds = Spread.seeds(quick);
    List<Scenario> scenarios = List.of(
        new Scenario("index-fits", "index fits (half the pool), heap does not",
            "pgbench-select:requests=" + requests + ",seed=%d,frames=" + frames + ",indexShare=0.5"),
        new Scenario("neither-fits", "index twice the pool, heap far larger",
            "pgbench-select:requests=" + requests + ",seed=%d,frames=" + (frames * 4) + ",indexShare=0.5"));
    PolicyCatalog catalog = new PolicyCatalog(registry, true);
    List<ReplayPolicy> policies = catalog.defaults();
    Map<String, String> labels = PolicyLabels.shortLabels(policies.stream().map(ReplayPolicy::name).toList());
    ReplayRunner runner = new ReplayRunner(progress);
    ExperimentReport report = new ExperimentReport();
    report.summary("# cache-pressure\n\n"
        + "**Question** (seeds/002): under cache pressure, which pages does each selector protect? Andres "
        + "Freund expects HOT/COOL to protect little beyond the inner index pages when the index fits the "
        + "pool and the heap does not; G-CLOCK's counter should keep the working set.\n\n"
        + "**Configuration**: pool " + frames + " frames, one thread, rings on, page classes from the "
        + "pgbench-select generator; OPT is Belady's MIN, `opt:bypass=false` paging on demand and "
        + "`opt:bypass=true` with bypass. " + OptBounds.of(policies).sentence(labels.keySet()) + " Hit ratio = hits / requests of that "
        + "class. Each cell is the mean over the workload's seeds 1.." + seeds + " with the range in brackets; a policy is "
        + "named only when its range clears every other's.\n\n**Answer** (numbers from this run):\n\n");
    List<String> categories = new ArrayList<>();
    categories.add("all");
    for (int c : CLASSES) categories.add(PageClasses.name(c));
    for (Scenario sc : scenarios) {
      // policy -> column (all, then each class) -> one hit ratio per seed
      Map<String, List<List<Double>>> cells = new LinkedHashMap<>();
      for (int seed = 1; seed <= seeds; seed++) {
        ReplayInput input = ReplayInput.ofWorkload(Workloads.parse(sc.spec().formatted(seed)));
        for (ResultRow r : runner.run(input, policies, List.of(frames), 1)) {
          ResultRow tagged = new ResultRow().put("experiment", "cache-pressure").put("scenario", sc.slug()).put("seed", seed);
          tagged.putAll(r);
          report.row(tagged);
          List<List<Double>> columns = cells.computeIfAbsent(String.valueOf(r.get("policy")), k -> {
            List<List<Double>> c = new ArrayList<>();
            for (int i = 0; i <= CLASSES.size(); i++) c.add(new ArrayList<>());
            return c;
          });
          columns.get(0).add(r.number("hitRatio"));
          for (int i = 0; i < CLASSES.size(); i++) {
            Object v = r.get("hitRatio." + PageClasses.name(CLASSES.get(i)));
            columns.get(i + 1).add(v == null ? Double.NaN : ((Number) v).doubleValue());
          }
        }
      }
      Map<String, List<Double>> bars = new LinkedHashMap<>();
      List<List<String>> table = new ArrayList<>();
      StringBuilder leaf = new StringBuilder();
      StringBuilder heap = new StringBuilder();
      Map<String, Spread> overall = new LinkedHashMap<>();
      for (Map.Entry<String, List<List<Double>>> e : cells.entrySet()) {
        String shortName = labels.get(e.getKey());
        List<Double> values = new ArrayList<>();
        List<String> line = new ArrayList<>();
        line.add(e.getKey());
        for (List<Double> column : e.getValue()) {
          Spread sp = Spread.of(column);
          values.add(Double.isNaN(sp.mean()) ? 0.0 : sp.mean());
          line.add(sp.pct());
        }
        if (!e.getKey().startsWith("opt")) overall.put(shortName, Spread.of(e.getValue().get(0)));
        bars.put(shortName, values);
        leaf.append(leaf.isEmpty() ? "" : ", ").append(shortName).append(' ').append(line.get(4));
        heap.append(heap.isEmpty() ? "" : ", ").append(shortName).append(' ').append(line.get(5));
        table.add(line);
      }
      report.chart("classes-" + sc.slug() + ".png",
          BarChart.figure("Hit ratio per page class: " + sc.title(), "hit ratio", categories, bars));
      report.summary("## " + sc.title() + "\n\nWorkload `" + sc.spec().formatted(1) + "` and its seeds 2.." + seeds
          + ". Best overall hit ratio (OPT aside): " + Spread.judge(overall, true, Tables::pct) + ". Index-leaf hit ratio: "
          + leaf + ". Heap: " + heap + ".\n\n"
          + Tables.markdown(List.of("policy", "all", "index-root", "index-inner", "index-leaf", "heap"), table));
    }
    return report;
  }
}
