package dev.bufmgr.workloads.cli;

import dev.bufmgr.workloads.plot.AxisScale;
import dev.bufmgr.workloads.plot.MissRatioChart;
import dev.bufmgr.workloads.report.AtomicOutput;
import dev.bufmgr.workloads.report.OutputFormat;
import dev.bufmgr.workloads.report.ResultRow;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The output options shared by the replaying commands: {@code --output table|jsonl|csv}, {@code
 * --out FILE} (instead of stdout) and {@code --plot FILE.png} (miss-ratio curve). Files are
 * written atomically, and only after every run succeeded.
 */
public final class ResultOutput {
  @Option(names = "--output", paramLabel = "FMT", defaultValue = "table", description = "table, jsonl or csv (default: ${DEFAULT-VALUE}).")
  String output;

  @Option(names = "--out", paramLabel = "FILE", description = "Write the results to FILE instead of stdout.")
  Path out;

  @Option(names = "--plot", paramLabel = "FILE.png", description = "Write a miss-ratio curve (PNG).")
  Path plot;

  /** Checks the options before any work is done. */
  public OutputFormat format() {
    if (plot != null && !plot.getFileName().toString().endsWith(".png")) throw new CliFailure("--plot: " + plot + " must end in .png");
    return OutputFormat.parse(output);
  }

  /** Writes the rows where asked, and the plot when asked (size axis chosen from the sizes). */
  public void emit(List<ResultRow> rows, String title, PrintWriter stdout) {
    emit(rows, title, stdout, AxisScale.AUTO);
  }

  /** Writes the rows where asked, and the plot when asked, its size axis scaled as {@code sizes}. */
  public void emit(List<ResultRow> rows, String title, PrintWriter stdout, AxisScale sizes) {
    String text = format().render(rows);
    byte[] png = plot != null ? MissRatioChart.png(title, rows, sizes) : null;
    if (out != null) AtomicOutput.writeString(out, text);
    if (png != null) AtomicOutput.writeBytes(plot, png);
    if (out == null) {
      stdout.print(text);
      stdout.flush();
    }
  }
}
