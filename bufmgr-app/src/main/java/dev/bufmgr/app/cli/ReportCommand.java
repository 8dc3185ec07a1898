package dev.bufmgr.app.cli;

import dev.bufmgr.report.Report;
import dev.bufmgr.results.report.OutputTarget;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bufmgr report DIR...}: the answers across traces of one or more sweeps' folders
 * ({@code bufmgr sweep}'s), merged: miss-ratio reduction from a baseline as percentiles over
 * traces and means per dataset, win fractions, pairwise counts, their charts, and a summary
 * computed from the rows ({@link Report}). Exit status 2 on bad input, as every command.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Answers across traces from sweeps' results: reduction from a baseline (P10..P90, mean; per dataset), win fraction, pairwise counts.",
      "Writes DIR/report/ (or --out): summary.md, report.csv, report.jsonl, percentiles.png, boxes.png, datasets-SIZE.png, wins.png, trace-NAME.png."
    })
public final class ReportCommand implements Callable<Integer>, WritesOutputs {
  @Parameters(paramLabel = "DIR", arity = "1..*", description = "A sweep's results folder (bufmgr sweep --out); several are merged, rows kept once by configuration id.")
  List<Path> dirs = new ArrayList<>();

  @Option(names = "--baseline", paramLabel = Flags.SPEC_LABEL, defaultValue = "fifo",
      description = {"The policy reductions are measured from: a spec of the rows, or its bare name when only one policy of the rows has it (default: ${DEFAULT-VALUE}, as the S3-FIFO paper)."})
  String baseline;

  @Option(names = "--size", paramLabel = "SIZE",
      description = {"Repeatable: a size of the rows the percentile, box and dataset charts draw.",
          "Default: 0.001 and 0.1 (the S3-FIFO paper's small and large), else the smallest and largest size with results."})
  List<String> sizes = new ArrayList<>();

  @Option(names = "--trace", paramLabel = "NAME", description = "Repeatable: draw this trace's miss-ratio curves (its file name, path, or name without extensions).")
  List<String> traces = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR", description = "The report's folder (default: the first DIR's report/).")
  Path out;

  @Mixin ForceOption force;

  @Mixin ChartFormatOption charts;

  @Override
  public List<OutputTarget> outputTargets() {
    Report.checkOut(folder(), dirs);
    return List.of(OutputTarget.folder("--out", folder(), force.force()));
  }

  private Path folder() {
    return out != null ? out : dirs.getFirst().resolve("report");
  }

  @Override
  public Integer call() {
    Report.Outcome o = Report.run(new Report.Options(dirs, folder(), baseline, sizes, traces, charts.formats()));
    System.out.print(o.summary().lines().filter(l -> l.startsWith("- Size ")).map(l -> l.substring(2) + "\n").reduce("", String::concat));
    System.out.println("report: " + o.dir().resolve(Report.SUMMARY_FILE));
    return 0;
  }
}
