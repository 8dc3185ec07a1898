package dev.bufmgr.app.cli;

import dev.bufmgr.replay.baseline.OptBounds;
import dev.bufmgr.replay.compare.ComparisonCase;
import dev.bufmgr.replay.compare.ComparisonSummary;
import dev.bufmgr.replay.compare.DefaultComparison;
import dev.bufmgr.results.plot.MissRatioChart;
import dev.bufmgr.replay.FrameSizes;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayRunner;
import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.report.OutputFormat;
import dev.bufmgr.results.report.OutputTarget;
import dev.bufmgr.results.report.ResultRow;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code bufmgr compare}: the main job. With no arguments, every registered selector and every
 * baseline (OPT with and without bypass, so each policy has its bound) on the built-in workloads ({@link DefaultComparison}) at several pool sizes; prints a
 * compact table ({@link CompareTable}) and writes a results folder (results.jsonl, results.csv,
 * one miss-ratio chart per workload, summary.md, index.html), published only when every run succeeded.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Compare every selector and the baselines on built-in workloads.",
      "Baselines: lru, opt:bypass=false, opt:bypass=true, caffeine. Workloads: pgbench -S under cache pressure,",
      "Zipf OLTP with bulk scans, and the LIRS sprite trace.",
      "Prints a table; writes results.jsonl, results.csv, mrc-*.png, summary.md and index.html to --out."
    })
public final class CompareCommand implements Runnable, WritesOutputs {
  @Mixin ForceOption force;

  @Mixin ChartFormatOption charts;

  @Spec CommandSpec spec;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/compare",
      description = "Results folder, written when the run succeeds (default: ${DEFAULT-VALUE}); a folder holding other files needs --force.")
  Path out;

  @Option(names = "--traces", paramLabel = "DIR",
      description = "Folder of the LIRS traces (default: shared/traces/lirs here or in a folder above).")
  Path traces;

  @Option(names = Flags.POLICY, paramLabel = Flags.SPEC_LABEL, description = {Flags.POLICY_HELP, "Repeatable; restricts the comparison to these. Default: all."})
  List<String> policies = new ArrayList<>();

  @Option(names = "--requests", paramLabel = "N",
      description = "Requests per synthetic workload instead of 1000000 (a quicker, rougher look); pool sizes above a "
          + "shortened input's distinct pages are left out, and named.")
  Long requests;

  @Option(names = "--quiet", description = "No progress lines on stderr.")
  boolean quiet;

  @Override
  public List<OutputTarget> outputTargets() {
    return List.of(OutputTarget.folder("--out", out, force.force()));
  }

  @Override
  public void run() {
    long start = System.nanoTime();
    charts.formats();
    PolicyCatalog catalog = new PolicyCatalog(true);
    List<ReplayPolicy> chosen = new ArrayList<>();
    if (policies.isEmpty()) chosen.addAll(catalog.defaults());
    for (String p : policies) chosen.add(catalog.resolve(p));
    Path lirs = traces != null ? traces : DefaultComparison.findLirsFolder(Path.of(""));
    if (traces != null && !Files.isDirectory(traces)) throw new CliFailure("--traces: " + traces + " is not a folder");
    if (lirs != null && !Files.isRegularFile(lirs.resolve(DefaultComparison.LIRS_TRACE)) && traces != null) {
      throw new CliFailure("--traces: " + traces + " holds no " + DefaultComparison.LIRS_TRACE);
    }
    if (requests != null && requests < 1) throw new CliFailure("--requests must be at least 1, got " + requests);
    List<ComparisonCase> cases = DefaultComparison.cases(lirs, requests == null ? 0 : requests);
    List<String> leftOut = new ArrayList<>();
    if (cases.stream().noneMatch(c -> c.slug().equals(DefaultComparison.LIRS_SLUG))) {
      leftOut.add(DefaultComparison.LIRS_SLUG + ": " + DefaultComparison.LIRS_TRACE
          + " not found (looked for shared/traces/lirs here and in every folder above; give --traces DIR)");
    }
    ReplayRunner runner = new ReplayRunner(quiet ? null : System.err);
    Map<ComparisonCase, List<ResultRow>> results = new LinkedHashMap<>();
    List<ResultRow> all = new ArrayList<>();
    for (ComparisonCase c : cases) {
      if (!quiet) System.err.println("bufmgr: workload " + c.slug() + ": loading");
      ReplayInput in = c.input().get();
      int distinct = in.facts().distinctPages();
      FrameSizes.Fitted fitted = FrameSizes.fit(c.frames(), distinct, in.label());
      if (fitted.sizes().isEmpty()) {
        leftOut.add(c.slug() + ": its " + distinct + " distinct pages are fewer than its smallest pool size "
            + fitted.dropped().getFirst() + (requests == null ? "" : " (--requests " + requests + ")"));
        continue;
      }
      if (!fitted.dropped().isEmpty()) {
        leftOut.add(c.slug() + ": pool sizes " + String.join(", ", fitted.dropped()) + " exceed its " + distinct
            + " distinct pages" + (requests == null ? "" : " (--requests " + requests + ")"));
      }
      List<ResultRow> rows = runner.run(in, chosen, fitted.sizes(), 1);
      for (ResultRow r : rows) {
        ResultRow tagged = new ResultRow().put("case", c.slug());
        tagged.putAll(r);
        all.add(tagged);
      }
      results.put(c, rows);
    }
    for (String l : leftOut) System.err.println("bufmgr: left out: " + l);
    if (results.isEmpty()) throw new CliFailure("every case was left out: " + String.join("; ", leftOut));
    double seconds = (System.nanoTime() - start) / 1e9;
    writeFolder(results, all, seconds, OptBounds.of(chosen), leftOut);
    PrintWriter stdout = spec.commandLine().getOut();
    Map<String, String> titles = new LinkedHashMap<>();
    for (ComparisonCase c : results.keySet()) titles.put(c.slug(), c.title());
    stdout.print(CompareTable.render(all, titles));
    stdout.printf(Locale.ROOT, "%nResults in %s (%d runs, %.1f s): read %s, or open %s in a browser.%n",
        out, all.size(), seconds, out.resolve("summary.md"), out.resolve("index.html"));
    stdout.flush();
  }

  private void writeFolder(
      Map<ComparisonCase, List<ResultRow>> results, List<ResultRow> all, double seconds, OptBounds bounds, List<String> leftOut) {
    ExperimentReport report = new ExperimentReport();
    all.forEach(report::row);
    for (ComparisonCase c : results.keySet()) report.chart("mrc-" + c.slug() + ".png", MissRatioChart.figure(c.title(), results.get(c)));
    String header = String.format(Locale.ROOT,
        "# bufmgr compare%n%nCommand: `%s`; %s; %d cores; Java %s; %.1f s.%n"
            + "Hit ratio = hits / requests. OPT (Belady) in two forms: `opt:bypass=false` pages on demand (every miss admitted, "
            + "as libCacheSim's Belady), the bound of policies that admit every miss; `opt:bypass=true` may decline a page, "
            + "the bound of policies that may decline one, and of every policy.%n"
            + "Every row of results.jsonl carries its workload spec (with seed) or trace, policy with parameters, and pool size.%n"
            + "requestsPerSecond: requests over the time the run spent replaying them (the input is generated or decoded on a reader thread "
            + "and OPT's next accesses computed before the pass, neither counted), after unmeasured "
            + "warm-up replays of the first %,d requests per policy (until two agree within 10%%).%n%s",
        String.join(" ", commandLine()), Instant.now(), Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), seconds,
        ReplayRunner.WARMUP_REQUESTS, leftOut.isEmpty() ? "" : "\nLeft out:\n\n" + leftOut.stream().map(l -> "- " + l + "\n").collect(Collectors.joining()));
    report.summary(ComparisonSummary.markdown(header, results, bounds));
    report.chartFormats(charts.formats()).writeTo(out);
  }


  private List<String> commandLine() {
    List<String> words = new ArrayList<>(List.of("bufmgr"));
    words.addAll(spec.commandLine().getParseResult().originalArgs());
    return words;
  }

}
