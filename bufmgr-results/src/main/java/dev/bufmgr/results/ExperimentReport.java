package dev.bufmgr.results;

import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.results.report.OutputFormat;
import dev.bufmgr.results.report.ResultsFolder;
import dev.bufmgr.results.report.ResultRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one experiment run produced: result rows (every row with its full configuration and seed),
 * PNG charts by file name, further text files, and a {@code summary.md} that states the question,
 * the configuration and the answer in numbers from the rows. {@link #writeTo} publishes them as
 * one results folder (results.jsonl, results.csv, the charts, the files, summary.md) or leaves
 * nothing.
 */
public final class ExperimentReport {
  private final List<ResultRow> rows = new ArrayList<>();
  private final Map<String, byte[]> charts = new LinkedHashMap<>();
  private final Map<String, String> files = new LinkedHashMap<>();
  private final StringBuilder summary = new StringBuilder();

  /** Adds a result row. */
  public ExperimentReport row(ResultRow row) {
    rows.add(row);
    return this;
  }

  /** Adds a chart as {@code fileName} (ending in .png). */
  public ExperimentReport chart(String fileName, byte[] png) {
    charts.put(fileName, png);
    return this;
  }

  /** Adds a further text file {@code fileName} (for example a time series as JSON Lines). */
  public ExperimentReport file(String fileName, String text) {
    files.put(fileName, text);
    return this;
  }

  /** Appends Markdown text to the summary. */
  public ExperimentReport summary(String markdown) {
    summary.append(markdown);
    return this;
  }

  /** The rows so far. */
  public List<ResultRow> rows() {
    return rows;
  }

  /** The chart file names so far. */
  public List<String> chartNames() {
    return List.copyOf(charts.keySet());
  }

  /** The summary text. */
  public String summaryText() {
    return summary.toString();
  }

  /**
   * Writes the results folder {@code out} once every file is written, replacing only the files
   * this program wrote there before ({@link ResultsFolder}).
   */
  public void writeTo(Path out) {
    ResultsFolder folder = ResultsFolder.stage(out);
    Path staged = folder.staging();
    try {
      Files.writeString(staged.resolve("results.jsonl"), OutputFormat.JSONL.render(rows));
      Files.writeString(staged.resolve("results.csv"), OutputFormat.CSV.render(rows));
      for (Map.Entry<String, byte[]> c : charts.entrySet()) Files.write(staged.resolve(c.getKey()), c.getValue());
      for (Map.Entry<String, String> f : files.entrySet()) Files.writeString(staged.resolve(f.getKey()), f.getValue());
      Files.writeString(staged.resolve("summary.md"), summary.toString());
      folder.publish();
    } catch (IOException e) {
      folder.discard();
      throw new UncheckedIOException("cannot write results folder " + out + ": " + IoReasons.of(e), e);
    } catch (RuntimeException e) {
      folder.discard();
      throw e;
    }
  }
}
