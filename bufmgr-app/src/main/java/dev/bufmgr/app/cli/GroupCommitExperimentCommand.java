package dev.bufmgr.app.cli;

import dev.bufmgr.app.commit.ExperimentSettings;
import dev.bufmgr.app.commit.GroupCommitExperiment;
import dev.bufmgr.results.report.OutputFormat;
import dev.bufmgr.results.report.OutputTarget;
import dev.bufmgr.results.report.ResultRow;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bufmgr experiment group-commit}: reproduces seeds/000 (closed-loop fixed point, greedy
 * vs tuned timers, the square-root timer and lambda*, open-loop ski vs timers vs the offline
 * optimum, commit_delay) and writes a results folder: results.jsonl, results.csv, the charts
 * ({@code --chart-format}) and summary.md beside the paper's numbers.
 */
@Command(
    name = "group-commit",
    mixinStandardHelpOptions = true,
    description = "Reproduces the group-commit paper (seeds/000) in simulation and writes a results folder.")
public final class GroupCommitExperimentCommand implements Runnable, WritesOutputs {
  @Mixin ForceOption force;

  @Mixin ChartFormatOption charts;

  @Spec CommandSpec spec;

  @Option(names = "--out", defaultValue = "results/group-commit", description = "Results folder, written when the run succeeds (default: ${DEFAULT-VALUE}); a folder holding other files needs --force.")
  Path out;

  @Option(names = "--quick", description = "A small run (three loads, one device, a few thousand commits per point).")
  boolean quick;

  @Option(names = "--seed", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--probe", description = "This machine's fsync-probe sample file: adds its lambda* and its device to the sweep.")
  Path probe;

  @Option(names = "--output", defaultValue = "table", description = "How to print the rows on stdout: table, jsonl or csv (default: ${DEFAULT-VALUE}).")
  String output;

  @Override
  public List<OutputTarget> outputTargets() {
    return List.of(OutputTarget.folder("--out", out, force.force()));
  }

  @Override
  public void run() {
    OutputFormat format = OutputFormat.parse(output);
    var formats = charts.formats();
    if (probe != null && !Files.isRegularFile(probe)) throw new CliFailure("--probe " + probe + ": no such file");
    ExperimentSettings settings = ExperimentSettings.of(quick, seed, probe == null ? null : probe.toString());
    PrintWriter err = spec.commandLine().getErr();
    StringBuilder command = new StringBuilder("bufmgr experiment group-commit --out ").append(out);
    if (quick) command.append(" --quick");
    command.append(" --seed ").append(seed);
    if (probe != null) command.append(" --probe ").append(probe);
    GroupCommitExperiment.Results r = new GroupCommitExperiment(settings, line -> {
      err.println("group-commit: " + line);
      err.flush();
    }).runInto(out, command.toString(), formats);
    PrintWriter o = spec.commandLine().getOut();
    if (format == OutputFormat.TABLE) {
      section(o, "fixed point", r.fixedPoint());
      section(o, "greedy vs timers", r.timerSweep());
      section(o, "lambda*", r.threshold());
      section(o, "open loop", r.openLoop());
      section(o, "commit_delay", r.commitDelay());
      o.println("results: " + out.toAbsolutePath());
    } else {
      o.print(format.render(r.all()));
    }
    o.flush();
  }

  private static void section(PrintWriter o, String title, List<ResultRow> rows) {
    o.println("== " + title);
    o.print(OutputFormat.TABLE.render(rows));
    o.println();
  }
}
