package dev.bufmgr.results;

import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.results.plot.ChartFormat;
import dev.bufmgr.results.plot.Figure;
import dev.bufmgr.results.report.ChartFiles;
import dev.bufmgr.results.report.HtmlReport;
import dev.bufmgr.results.report.OutputFormat;
import dev.bufmgr.results.report.ResultsFolder;
import dev.bufmgr.results.report.ResultRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one experiment run produced: result rows (every row with its full configuration and seed),
 * charts by file name, further text files, and a {@code summary.md} that states the question,
 * the configuration and the answer in numbers from the rows. {@link #writeTo} publishes them as
 * one results folder (results.jsonl, results.csv, the charts, the files, summary.md, and
 * index.html, the page that shows them all: {@link HtmlReport}) or leaves nothing. Each chart
 * is written as PNG and in every further {@link #chartFormats format} asked for (SVG, PDF),
 * beside it under the same base name ({@link ChartFiles}).
 */
public final class ExperimentReport {
  private final List<ResultRow> rows = new ArrayList<>();
  private final Map<String, Figure> charts = new LinkedHashMap<>();
  private Set<ChartFormat> formats = EnumSet.of(ChartFormat.PNG);
  private final Map<String, String> files = new LinkedHashMap<>();
  private final StringBuilder summary = new StringBuilder();

  /** Adds a result row. */
  public ExperimentReport row(ResultRow row) {
    rows.add(row);
    return this;
  }

  /** Adds a chart as {@code fileName} (ending in .png), written in every format of {@link #chartFormats}. */
  public ExperimentReport chart(String fileName, Figure figure) {
    if (!fileName.endsWith(".png")) throw new IllegalArgumentException("chart file name '" + fileName + "' must end in .png");
    charts.put(fileName, figure);
    return this;
  }

  /** The formats the charts are written in (PNG always; default PNG only). */
  public ExperimentReport chartFormats(Set<ChartFormat> formats) {
    this.formats = EnumSet.copyOf(formats);
    this.formats.add(ChartFormat.PNG);
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

  /** The page's title: the summary's first heading, else the folder's name. */
  private String pageTitle(Path out) {
    for (String line : summary.toString().lines().toList()) {
      if (line.startsWith("# ")) return line.substring(2).strip();
    }
    Path name = out.toAbsolutePath().normalize().getFileName();
    return name == null ? "results" : name.toString();
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
      List<HtmlReport.Chart> shown = new ArrayList<>();
      for (Map.Entry<String, Figure> c : charts.entrySet()) {
        ChartFiles files = ChartFiles.of(c.getKey(), c.getValue(), formats);
        for (Map.Entry<String, byte[]> f : files.files().entrySet()) Files.write(staged.resolve(f.getKey()), f.getValue());
        shown.add(files.entry());
      }
      for (Map.Entry<String, String> f : files.entrySet()) Files.writeString(staged.resolve(f.getKey()), f.getValue());
      Files.writeString(staged.resolve("summary.md"), summary.toString());
      Files.writeString(staged.resolve("index.html"), HtmlReport.render(pageTitle(out), summary.toString(), shown, rows));
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
