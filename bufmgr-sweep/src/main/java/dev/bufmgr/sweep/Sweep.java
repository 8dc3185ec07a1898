package dev.bufmgr.sweep;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs a sweep into its results folder: opens the folder ({@link SweepStore#open}: new, resumed,
 * or refused), runs the tasks not yet done on the engine, then writes every row ({@code
 * results.jsonl}, and {@code results.parquet/} partitioned by dataset, {@link ParquetRows}) and
 * {@code summary.txt}, whose every line is counted from the rows.
 */
public final class Sweep {
  /** The summary's file in the results folder. */
  public static final String SUMMARY_FILE = "summary.txt";

  private Sweep() {}

  /**
   * What a sweep did.
   *
   * @param store the results folder
   * @param tasks the plan's tasks
   * @param skipped tasks already done by an earlier run, not run again
   * @param rows every row now in the folder
   * @param summary the summary's text
   */
  public record Outcome(SweepStore store, int tasks, int skipped, List<SweepRow> rows, String summary) {
    /** The rows of failed tasks. */
    public List<SweepRow> failures() {
      return rows.stream().filter(r -> SweepRow.FAILED.equals(r.status())).toList();
    }
  }

  /**
   * Runs {@code plan} on {@code engine} into {@code out}.
   *
   * @param force whether to replace another sweep's results in {@code out} or write beside files bufmgr did not write
   * @param progress where progress lines go (stderr), or null
   */
  public static Outcome run(SweepPlan plan, Path out, boolean force, SweepEngine engine, Map<String, String> options,
      PrintStream progress) {
    String what = String.format(Locale.ROOT, "%d traces x %d policies x %d sizes", plan.tasks().size(), plan.policies().size(),
        plan.sizes().size());
    Executed e = execute(plan, what, out, force, engine, options, progress);
    SweepStore store = e.store();
    int skipped = e.skipped();
    List<SweepRow> rows = store.rows();
    store.publish(rows);
    ParquetRows.writePartitioned(store, rows);
    String summary = summary(plan, skipped, rows);
    store.write(SUMMARY_FILE, summary);
    return new Outcome(store, plan.tasks().size(), skipped, rows, summary);
  }

  /**
   * What a pipeline sweep did.
   *
   * @param store the results folder
   * @param tasks the plan's configurations
   * @param skipped configurations already done by an earlier run, not run again
   * @param rows every row now in the folder, one per configuration
   * @param summary the summary's text
   */
  public record PipelineOutcome(SweepStore store, int tasks, int skipped, List<PipelineRow> rows, String summary) {
    /** The rows of failed configurations. */
    public List<PipelineRow> failures() {
      return rows.stream().filter(PipelineRow::failed).toList();
    }
  }

  /**
   * Runs the pipeline sweep {@code plan} on {@code engine} into {@code out}: the same folder,
   * resume and failure rows as a trace sweep's; {@code results.parquet/} holds one file
   * ({@link ParquetRows#writeAll}), its columns the rows' own.
   */
  public static PipelineOutcome run(PipelinePlan plan, Path out, boolean force, SweepEngine engine, Map<String, String> options,
      PrintStream progress) {
    Executed e = execute(plan, plan.tasks().size() + " pipeline configurations (simulated)", out, force, engine, options,
        progress);
    SweepStore store = e.store();
    List<PipelineRow> rows = store.results().stream().map(PipelineRow.class::cast).toList();
    store.publish(rows);
    ParquetRows.writeAll(store, rows);
    List<PipelineRow> failed = rows.stream().filter(PipelineRow::failed).toList();
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "sweep %s: %d pipeline configurations, simulated%n", plan.id(), plan.tasks().size()));
    sb.append(String.format(Locale.ROOT, "tasks: %d done (%d by an earlier run), %d failed%n", plan.tasks().size() - failed.size(),
        e.skipped(), failed.size()));
    for (PipelineRow f : failed) sb.append("failed: ").append(f.configId()).append(": ").append(f.reason()).append('\n');
    String summary = sb.toString();
    store.write(SUMMARY_FILE, summary);
    return new PipelineOutcome(store, plan.tasks().size(), e.skipped(), rows, summary);
  }

  /** A folder whose pending tasks ran, and how many tasks an earlier run had done. */
  private record Executed(SweepStore store, int skipped) {}

  /** Opens the folder for {@code plan} and runs its pending tasks on {@code engine}. */
  private static Executed execute(Plan plan, String what, Path out, boolean force, SweepEngine engine, Map<String, String> options,
      PrintStream progress) {
    engine.check(options);
    SweepStore store = SweepStore.open(out, plan, force);
    List<SweepTask> pending = store.pending();
    int skipped = plan.tasks().size() - pending.size();
    if (progress != null) {
      progress.printf(Locale.ROOT, "bufmgr: sweep %s: %s into %s%s%n", plan.id(), what, store.dir(),
          skipped == 0 ? "" : String.format(Locale.ROOT, "; %d of %d tasks already done there, skipped", skipped, plan.tasks().size()));
    }
    engine.run(store, pending, options, progress);
    return new Executed(store, skipped);
  }

  /** The summary: counts of tasks and rows by status, and every failure and skipped size named. */
  static String summary(SweepPlan plan, int skipped, List<SweepRow> rows) {
    long ok = rows.stream().filter(SweepRow::ok).count();
    List<SweepRow> failed = rows.stream().filter(r -> SweepRow.FAILED.equals(r.status())).toList();
    Map<String, List<String>> skippedSizes = new LinkedHashMap<>();
    for (SweepRow r : rows) {
      if (!SweepRow.SKIPPED.equals(r.status())) continue;
      List<String> l = skippedSizes.computeIfAbsent(r.trace(), k -> new ArrayList<>());
      String s = r.size() + " (" + r.frames() + " frames)";
      if (!l.contains(s)) l.add(s);
    }
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "sweep %s: %d traces, %d policies, %d sizes%s%n", plan.id(), plan.tasks().size(),
        plan.policies().size(), plan.sizes().size(), plan.sample() == null ? "" : ", sampled (--sample " + plan.sample() + ")"));
    sb.append(String.format(Locale.ROOT, "tasks: %d done (%d by an earlier run), %d failed%n", plan.tasks().size() - failed.size(),
        skipped, failed.size()));
    sb.append(String.format(Locale.ROOT, "rows: %d replayed, %d sizes skipped (below %d frames), %d failed tasks%n", ok,
        rows.stream().filter(r -> SweepRow.SKIPPED.equals(r.status())).count(), SweepSize.MIN_FRAMES, failed.size()));
    for (SweepRow f : failed) sb.append("failed: ").append(f.trace()).append(": ").append(f.reason()).append('\n');
    skippedSizes.forEach((trace, sizes) -> sb.append("skipped: ").append(trace).append(": ").append(String.join(", ", sizes)).append('\n'));
    return sb.toString();
  }
}
