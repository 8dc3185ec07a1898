package dev.bufmgr.app.cli;

import dev.bufmgr.results.plot.ChartFormat;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * {@code --chart-format}: the files each chart of a results folder is written as. PNG always (the
 * folder's index.html shows it); SVG and PDF, vector, for papers.
 */
public final class ChartFormatOption {
  @Option(names = "--chart-format", paramLabel = "FMT", defaultValue = "png",
      description = "Chart files: png, svg, pdf or all, comma-separated (default: ${DEFAULT-VALUE}); PNG is always written.")
  String format;

  /** The formats asked for; a word that is none of them fails in one line naming the flag. */
  public Set<ChartFormat> formats() {
    try {
      return ChartFormat.parse(format);
    } catch (IllegalArgumentException e) {
      throw new CliFailure("--chart-format: " + e.getMessage());
    }
  }
}
