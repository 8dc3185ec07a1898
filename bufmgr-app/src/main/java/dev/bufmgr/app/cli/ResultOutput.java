package dev.bufmgr.app.cli;

import dev.bufmgr.results.plot.AxisScale;
import dev.bufmgr.results.plot.ChartFormat;
import dev.bufmgr.results.plot.MissRatioChart;
import dev.bufmgr.core.resource.AtomicOutput;
import dev.bufmgr.results.report.OutputFormat;
import dev.bufmgr.results.report.OutputTarget;
import dev.bufmgr.results.report.ResultRow;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The output options shared by the replaying commands: {@code --output table|jsonl|csv}, {@code
 * --out FILE} (instead of stdout) and {@code --plot FILE.png} (miss-ratio curve; .svg or .pdf for vector). Files are
 * written atomically, and only after every run succeeded.
 */
public final class ResultOutput {
  @Option(names = "--output", paramLabel = "FMT", defaultValue = "table", description = "table, jsonl or csv (default: ${DEFAULT-VALUE}).")
  String output;

  @Option(names = "--out", paramLabel = "FILE", description = "Write the results to FILE instead of stdout.")
  Path out;

  @Option(names = "--plot", paramLabel = "FILE.png", description = "Write a miss-ratio curve: PNG, or SVG or PDF (vector) when FILE ends in .svg or .pdf.")
  Path plot;

  @Mixin ForceOption force;

  /**
   * The name a chart's title gives its input: a trace by its file name (never its folder, which
   * says nothing to a reader and may be private), a workload by its spec.
   */
  public static String inputName(dev.bufmgr.replay.ReplayInput in) {
    if (in.file() == null) return in.label();
    Path name = Path.of(in.file()).getFileName();
    return name == null ? in.file() : name.toString();
  }

  /** Checks the options before any work is done. */
  public OutputFormat format() {
    if (plot != null) plotFormat();
    return OutputFormat.parse(output);
  }

  /** The format --plot's file name asks for. */
  private ChartFormat plotFormat() {
    String name = plot.getFileName().toString();
    for (ChartFormat f : ChartFormat.values()) if (name.endsWith("." + f.extension())) return f;
    throw new CliFailure("--plot: " + plot + " must end in .png, .svg or .pdf");
  }

  /** The files these options will write, for the check before the work; none may be one of {@code inputs}. */
  public List<OutputTarget> targets(Path... inputs) {
    List<OutputTarget> t = new ArrayList<>();
    if (out != null) t.add(OutputTarget.file("--out", out, force.force()).notAnyOf(inputs));
    if (plot != null) t.add(OutputTarget.file("--plot", plot, force.force()).notAnyOf(inputs));
    return t;
  }

  /** Writes the rows where asked and the plot when asked (size axis chosen from the sizes): both files or neither. */
  public void emit(List<ResultRow> rows, String title, PrintWriter stdout) {
    emit(rows, title, stdout, AxisScale.AUTO);
  }

  /** Writes the rows where asked and the plot when asked, its size axis scaled as {@code sizes}: both files or neither. */
  public void emit(List<ResultRow> rows, String title, PrintWriter stdout, AxisScale sizes) {
    String text = format().render(rows);
    Map<Path, byte[]> files = new LinkedHashMap<>();
    if (out != null) files.put(out, text.getBytes(StandardCharsets.UTF_8));
    if (plot != null) files.put(plot, MissRatioChart.figure(title, rows, sizes).bytes(plotFormat()));
    AtomicOutput.writeAll(files);
    if (out == null) {
      stdout.print(text);
      stdout.flush();
    }
  }
}
