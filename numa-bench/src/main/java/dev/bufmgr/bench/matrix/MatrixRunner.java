package dev.bufmgr.bench.matrix;

import dev.bufmgr.bench.LatencyLog;
import dev.bufmgr.bench.placement.Topology;
import dev.bufmgr.bench.placement.PinPolicy;
import dev.bufmgr.bench.placement.Pinning;
import dev.bufmgr.core.resource.TemporaryPaths;
import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.report.OutputTarget;
import dev.bufmgr.results.report.ResultRow;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.RunnerException;

/**
 * {@code numa-bench/run MATRIX [--budget 30m] ...}: runs a named matrix ({@link Matrices}) within a
 * time budget ({@link BudgetPlan}) and writes one folder: {@code jmh.json} (JMH's JSON of every
 * point), {@code results.jsonl} and {@code results.csv} (one row per point and method, one per
 * thread's latency histogram; {@link MatrixRows}), {@code latency.hlog} (every thread's
 * victim-search histogram, HdrHistogram log format), {@code machine.json} ({@link MachineRecord}),
 * the charts ({@link MatrixCharts}; PNG, and SVG or PDF with {@code --chart-format}), {@code jmh.log} (JMH's own output) and {@code summary.md}
 * ({@link MatrixSummary}). The folder appears only when the whole run succeeded.
 *
 * <p>Refused with one line and exit status 2, before anything runs or is created: an unknown
 * matrix or option, a budget below one point, a thread count above the machine's CPUs with
 * pinning on, a results folder that {@code OutputTarget.check} refuses (the working, home or root
 * folder; one holding files this program did not write, unless {@code --force}, and even then
 * only the program's own files are replaced). A benchmark failure ends with exit status 1 and no
 * folder.
 */
public final class MatrixRunner {
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

  private MatrixRunner() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs as {@link #main} does and returns the exit status. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 1 && (args[0].equals("-h") || args[0].equals("--help"))) {
      out.println(MatrixOptions.usage());
      return 0;
    }
    Prepared prepared;
    try {
      prepared = prepare(args, Topology.detect());
    } catch (UsageException e) {
      err.println("numa-bench: " + e.getMessage());
      return 2;
    }
    try {
      Path folder = execute(prepared, args, err);
      out.println("numa-bench: " + prepared.matrix.name() + " results in " + folder);
      return 0;
    } catch (RunnerException | IOException | RuntimeException e) {
      err.println("numa-bench: the run failed, no results folder written: " + e.getMessage());
      return 1;
    }
  }

  /** A checked command line: the matrix, its plan, the folder. */
  record Prepared(MatrixOptions options, Matrix matrix, BudgetPlan plan, Path folder, Topology topology) {}

  /**
   * Checks the command line against the machine and plans the run; nothing is created.
   *
   * @throws UsageException for any refusal of the class comment
   */
  static Prepared prepare(String[] args, Topology topology) {
    MatrixOptions o = MatrixOptions.parse(args);
    Matrix m = Matrices.build(o.matrix(), topology.cores(), o.threads(), o.pinning());
    for (Point p : m.points()) {
      PinPolicy policy = PinPolicy.parse(p.pinning());
      if (policy == PinPolicy.NONE) continue;
      try {
        Pinning.checkFits(policy, p.threads(), topology);
      } catch (IllegalArgumentException e) {
        throw new UsageException("matrix " + m.name() + ", " + p.threads() + " threads with pinning " + policy.label()
            + ": more threads than the machine's " + Pinning.slotCount(policy, topology) + " CPUs (" + e.getMessage() + ")");
      }
    }
    Path folder = o.out() != null ? o.out() : Path.of("results", "bench-" + m.name() + "-" + STAMP.format(Instant.now()));
    try {
      OutputTarget.folder("--out", folder, o.force()).check();
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    BudgetPlan plan = BudgetPlan.fit(m, o.budget(), o.quick() ? JmhSettings.QUICK : null);
    return new Prepared(o, m, plan, folder, topology);
  }

  private static Path execute(Prepared p, String[] args, PrintStream err) throws RunnerException, IOException {
    long start = System.nanoTime();
    double budgetSeconds = p.options.budget().toMillis() / 1000.0;
    List<String> forkFlags = MachineRecord.forkFlags(List.of());
    MachineRecord machine = MachineRecord.collect(p.topology, forkFlags);
    Path scratch = TemporaryPaths.track(Files.createTempDirectory("numa-bench-run"));
    try {
      PointRunner runner = new PointRunner(forkFlags, scratch);
      List<ResultRow> rows = new ArrayList<>();
      List<RunResult> all = new ArrayList<>();
      List<LatencyLog.Tagged> tagged = new ArrayList<>();
      Map<String, Histogram> latencyByPoint = new LinkedHashMap<>();
      StringBuilder log = new StringBuilder();
      List<String> notRun = new ArrayList<>();
      List<Point> points = p.plan.points();
      err.printf(Locale.ROOT, "numa-bench: %s, %d points, %s, estimated %.0f s of a %s budget%s%n", p.matrix.name(),
          points.size(), p.plan.settings().describe(), p.plan.estimatedSeconds(), Budget.format(p.options.budget()),
          p.plan.trimmed().isEmpty() ? "" : " (" + p.plan.trimmed() + ")");
      for (int i = 0; i < points.size(); i++) {
        Point point = points.get(i);
        double elapsed = (System.nanoTime() - start) / 1e9;
        if (elapsed + p.plan.settings().seconds(point.methods()) > budgetSeconds) {
          notRun.add(point.describe());
          continue;
        }
        String id = String.format(Locale.ROOT, "p%02d", i + 1);
        PointRunner.Outcome outcome = runner.run(point, p.plan.settings(), i + 1);
        List<ResultRow> pointRows = MatrixRows.of(p.matrix.name(), id, point, p.plan.settings(), outcome);
        rows.addAll(pointRows);
        all.addAll(outcome.results());
        for (LatencyLog.Tagged t : outcome.latency()) tagged.add(new LatencyLog.Tagged(id + "-" + t.tag(), t.histogram()));
        latencyByPoint.put(id, MatrixRows.merged(outcome.latency()));
        log.append("# ").append(id).append(' ').append(point.describe()).append('\n').append(outcome.log());
        err.printf(Locale.ROOT, "[%d/%d] %s: %s (%.1f s)%n", i + 1, points.size(), point.describe(), headline(pointRows),
            outcome.wallSeconds());
      }
      double wall = (System.nanoTime() - start) / 1e9;
      String command = "numa-bench/run " + String.join(" ", args);
      ExperimentReport report = new ExperimentReport().chartFormats(p.options.chartFormats());
      rows.forEach(report::row);
      MatrixCharts.render(rows, latencyByPoint).forEach(report::chart);
      report.file("jmh.json", jmhJson(all));
      report.file("machine.json", machine.json());
      report.file("latency.hlog", LatencyLog.render(tagged));
      report.file("jmh.log", log.toString());
      report.summary(MatrixSummary.render(p.matrix, p.plan, machine, rows, command, wall,
          Budget.format(p.options.budget()), notRun));
      report.writeTo(p.folder);
      return p.folder;
    } finally {
      TemporaryPaths.delete(scratch);
    }
  }

  private static String headline(List<ResultRow> rows) {
    StringBuilder sb = new StringBuilder();
    for (ResultRow r : rows) {
      if (!"point".equals(r.get("kind"))) continue;
      if (!sb.isEmpty()) sb.append(", ");
      if (r.get("evictionsPerSecond") != null) {
        sb.append(String.format(Locale.ROOT, "%.0f evictions/s, %.3f ticks/victim, p99 %.0f ns",
            r.number("evictionsPerSecond"), r.number("ticksPerVictim"), r.number("latencyP99Nanos")));
      } else {
        sb.append(String.format(Locale.ROOT, "%s %.0f ops/s", r.get("method"), r.number("opsPerSecond")));
      }
    }
    return sb.toString();
  }

  private static String jmhJson(List<RunResult> results) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      ResultFormatFactory.getInstance(ResultFormatType.JSON, ps).writeOut(results);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
