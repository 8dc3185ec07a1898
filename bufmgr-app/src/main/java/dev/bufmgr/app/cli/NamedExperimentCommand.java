package dev.bufmgr.app.cli;

import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.report.OutputTarget;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options every {@code bufmgr experiment NAME} shares: {@code --quick} (a small run, seconds),
 * {@code --out} (the results folder, default {@code results/NAME}), {@code --chart-format},
 * {@code --quiet}. Runs the experiment, writes its folder atomically and prints its summary.
 */
abstract class NamedExperimentCommand implements Runnable, WritesOutputs {
  @Spec CommandSpec spec;

  @Mixin ForceOption force;

  @Mixin ChartFormatOption charts;

  @Option(names = "--quick", description = "A small run (seconds) with the same structure.")
  boolean quick;

  @Option(names = "--out", paramLabel = "DIR", description = "Results folder, written when the run succeeds (default: results/NAME); a folder holding other files needs --force.")
  Path out;

  @Option(names = "--quiet", description = "No progress lines on stderr.")
  boolean quiet;

  /** The experiment's name, also the default folder name. */
  abstract String experimentName();

  /** The experiment's own flags as given, for the summary's command line ({@code ""} when none; else starting with a space). */
  String ownArguments() {
    return "";
  }

  /** Runs the experiment. */
  abstract ExperimentReport produce(boolean quick, SelectorRegistry registry, PrintStream progress);

  @Override
  public List<OutputTarget> outputTargets() {
    return List.of(OutputTarget.folder("--out", folder(), force.force()));
  }

  /** The results folder: {@code --out}, or {@code results/NAME}. */
  Path folder() {
    return out != null ? out : Path.of("results", experimentName());
  }

  @Override
  public void run() {
    long start = System.nanoTime();
    Path folder = folder();
    var formats = charts.formats();
    ExperimentReport report = produce(quick, SelectorRegistry.load(), quiet ? null : System.err);
    double seconds = (System.nanoTime() - start) / 1e9;
    report.summary(String.format(Locale.ROOT,
        "%nCommand: `bufmgr experiment %s%s%s`; %d cores; Java %s; %.1f s. Every row of results.jsonl carries its "
            + "configuration and seed.%n",
        experimentName(), quick ? " --quick" : "", ownArguments(), Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"), seconds));
    report.chartFormats(formats).writeTo(folder);
    PrintWriter stdout = spec.commandLine().getOut();
    stdout.print(report.summaryText());
    stdout.printf(Locale.ROOT, "%nResults in %s: open %s (or %s).%n", folder, folder.resolve("index.html"), folder.resolve("summary.md"));
    stdout.flush();
  }
}
