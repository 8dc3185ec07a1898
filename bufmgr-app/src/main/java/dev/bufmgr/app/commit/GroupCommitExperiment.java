package dev.bufmgr.app.commit;

import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.plot.ChartFormat;
import dev.bufmgr.results.report.ResultRow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code experiment group-commit}: reproduces seeds/000 in the simulation and writes a results
 * folder atomically ({@link ExperimentReport}): results.jsonl and results.csv (every row with its
 * configuration and seed), the charts, and summary.md with this run's numbers beside the paper's.
 */
public final class GroupCommitExperiment {
  private final ExperimentSettings settings;
  private final Consumer<String> progress;

  /**
   * Every section's rows.
   *
   * @param fixedPoint greedy against the closed-form fixed point
   * @param timerSweep greedy, the best timer and the square-root timer per device and load
   * @param threshold lambda* per device
   * @param openLoop policies against the offline optimum under rate shifts
   * @param commitDelay PostgreSQL commit_delay against greedy
   * @param sharedDevice commits with and without checkpoint bursts on the same device
   * @param fullPageImages log volume of an update before and after a checkpoint
   */
  public record Results(
      List<ResultRow> fixedPoint,
      List<ResultRow> timerSweep,
      List<ResultRow> threshold,
      List<ResultRow> openLoop,
      List<ResultRow> commitDelay,
      List<ResultRow> sharedDevice,
      List<ResultRow> fullPageImages) {

    /** Every row, section by section. */
    public List<ResultRow> all() {
      List<ResultRow> all = new ArrayList<>();
      all.addAll(fixedPoint);
      all.addAll(timerSweep);
      all.addAll(threshold);
      all.addAll(openLoop);
      all.addAll(commitDelay);
      all.addAll(sharedDevice);
      all.addAll(fullPageImages);
      return all;
    }
  }

  /** @param progress receives one line per step (the CLI prints them on stderr) */
  public GroupCommitExperiment(ExperimentSettings settings, Consumer<String> progress) {
    this.settings = settings;
    this.progress = progress;
  }

  /** Runs every section. */
  public Results run() {
    ClosedLoopSections closed = new ClosedLoopSections(settings, progress);
    SharedDeviceSection shared = new SharedDeviceSection(settings, progress);
    return new Results(
        closed.fixedPoint(),
        closed.timerSweep(),
        new ThresholdSection(settings).run(),
        new OpenLoopSection(settings, progress).run(),
        closed.commitDelay(),
        shared.checkpointBursts(),
        shared.fullPageImages());
  }

  /**
   * Runs every section and publishes the results folder {@code out} (replacing only the files
   * this program wrote there before); on failure nothing is left at {@code out}.
   *
   * @param command the command line, echoed in summary.md
   * @param formats the chart files' formats ({@code --chart-format}; PNG always)
   */
  public Results runInto(Path out, String command, Set<ChartFormat> formats) {
    Results r = run();
    ExperimentReport report = new ExperimentReport().chartFormats(formats);
    r.all().forEach(report::row);
    GroupCommitCharts.all(r.fixedPoint(), r.timerSweep(), r.openLoop()).forEach(report::chart);
    report.summary(GroupCommitSummary.render(settings, command, r));
    report.writeTo(out);
    return r;
  }
}
