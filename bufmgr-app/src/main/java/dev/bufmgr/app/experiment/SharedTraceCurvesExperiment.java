package dev.bufmgr.app.experiment;

import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.Tables;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.replay.baseline.OptBounds;
import dev.bufmgr.results.plot.AxisScale;
import dev.bufmgr.results.plot.MissRatioChart;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.replay.PolicyLabels;
import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayRunner;
import dev.bufmgr.results.report.ResultRow;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * {@code mrc}: miss-ratio curves of every registered selector and every baseline (LRU,
 * Caffeine, OPT) on every shared LIRS trace, at pool sizes spaced logarithmically between 0.5% and
 * 50% of each trace's distinct pages. The summary gives each policy's mean miss ratio over the
 * sizes and its mean gap to its bound: the demand-paging OPT ({@code opt:bypass=false}) for a
 * policy that admits every miss, the OPT with bypass for one that may decline a page ({@link
 * OptBounds}).
 */
public final class SharedTraceCurvesExperiment {
  private static final List<String> QUICK_TRACES = List.of("sprite.trace.gz", "loop.trace.gz");

  private SharedTraceCurvesExperiment() {}

  /** Runs every policy on every {@code *.trace.gz} in {@code lirsFolder} (two of them when quick). */
  public static ExperimentReport run(boolean quick, SelectorRegistry registry, Path lirsFolder, PrintStream progress) {
    List<Path> traces = traces(lirsFolder, quick);
    if (traces.isEmpty()) throw new IllegalArgumentException("no *.trace.gz LIRS traces in " + lirsFolder);
    int points = quick ? 3 : 10;
    double minPercent = 0.5;
    double maxPercent = 50;
    PolicyCatalog catalog = new PolicyCatalog(registry, true);
    List<ReplayPolicy> policies = catalog.defaults();
    OptBounds bounds = OptBounds.of(policies);
    ReplayRunner runner = new ReplayRunner(progress);
    ExperimentReport report = new ExperimentReport();
    report.summary("# mrc\n\n"
        + "**Question**: how does each selector's miss ratio compare with LRU, Caffeine's W-TinyLFU and OPT "
        + "(Belady) across the shared LIRS traces and pool sizes?\n\n"
        + "**Configuration**: " + points + " pool sizes per trace, log-spaced from " + minPercent + "% to "
        + maxPercent + "% of the trace's distinct pages; one thread; rings on (LIRS traces carry no strategies); "
        + "traces from " + lirsFolder + ".\n\n"
        + "**Answer** (numbers from this run): mean miss ratio over the sizes, and in brackets the mean gap to the "
        + "policy's bound in percentage points. " + bounds.sentence(policies.stream().map(ReplayPolicy::name).toList())
        + "\n\n");
    List<List<String>> table = new ArrayList<>();
    List<String> header = new ArrayList<>();
    header.add("trace");
    Map<String, String> labels = PolicyLabels.shortLabels(policies.stream().map(ReplayPolicy::name).toList());
    for (ReplayPolicy p : policies) header.add(labels.get(p.name()));
    for (Path file : traces) {
      String name = file.getFileName().toString().replace(".trace.gz", "");
      ReplayInput in = ReplayInput.ofFile(file, "lirs");
      int distinct = in.facts().distinctPages();
      TreeSet<Integer> sizes = new TreeSet<>();
      for (int i = 0; i < points; i++) {
        double pct = minPercent * Math.pow(maxPercent / minPercent, i / (double) (points - 1));
        sizes.add((int) Math.max(1, Math.round(distinct * pct / 100)));
      }
      List<ResultRow> rows = runner.run(in, policies, new ArrayList<>(sizes), 1);
      Map<String, double[]> missSum = new LinkedHashMap<>();
      Map<String, Double> missByPolicyAndSize = new LinkedHashMap<>();
      for (ResultRow r : rows) {
        report.row(new ResultRow().put("experiment", "mrc").put("traceName", name).putAll(r));
        missByPolicyAndSize.put(r.get("policy") + "@" + (int) r.number("frames"), 1 - r.number("hitRatio"));
      }
      for (ResultRow r : rows) {
        double miss = 1 - r.number("hitRatio");
        String policy = String.valueOf(r.get("policy"));
        String bound = bounds.boundOf(policy);
        double[] acc = missSum.computeIfAbsent(policy, k -> new double[3]);
        acc[0] += miss;
        acc[1] += miss - (bound == null ? miss : missByPolicyAndSize.getOrDefault(bound + "@" + (int) r.number("frames"), miss));
        acc[2]++;
      }
      List<String> line = new ArrayList<>();
      line.add(name);
      for (ReplayPolicy p : policies) {
        double[] acc = missSum.get(p.name());
        line.add(Tables.pct(acc[0] / acc[2]) + " (+" + Tables.num(100 * acc[1] / acc[2], 2) + ")");
      }
      table.add(line);
      report.chart("mrc-" + name + ".png", MissRatioChart.figure("Miss ratio: LIRS " + name, rows, AxisScale.LOG));
    }
    report.summary(Tables.markdown(header, table));
    return report;
  }

  private static List<Path> traces(Path folder, boolean quick) {
    if (quick) {
      List<Path> out = new ArrayList<>();
      for (String n : QUICK_TRACES) if (Files.isRegularFile(folder.resolve(n))) out.add(folder.resolve(n));
      return out;
    }
    try (Stream<Path> s = Files.list(folder)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".trace.gz")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + folder + ": " + IoReasons.of(e), e);
    }
  }
}
