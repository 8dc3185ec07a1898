package dev.bufmgr.report;

import dev.bufmgr.core.resource.AtomicOutput;
import dev.bufmgr.results.plot.ChartFormat;
import dev.bufmgr.results.plot.Figure;
import dev.bufmgr.results.report.ChartFiles;
import dev.bufmgr.results.report.OutputFormat;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.results.report.HtmlReport;
import dev.bufmgr.results.report.ResultsFolder;
import dev.bufmgr.sweep.SweepRow;
import dev.bufmgr.sweep.SweepStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code bufmgr report}: reads one or more sweeps' folders ({@link SweepFolders}), computes the
 * answers across traces ({@link CrossTrace}) and writes them as a results folder ({@link
 * ResultsFolder}: staged, then published without replacing a file bufmgr did not write):
 * {@code summary.md}, {@code report.csv}, {@code report.jsonl} and the charts, with the
 * reduction split by trace character where the rows carry it ({@link CharacterBands}).
 */
public final class Report {
  /** The summary's file. */
  public static final String SUMMARY_FILE = "summary.md";

  /** The S3-FIFO paper's small and large cache sizes (0.1% and 10% of the footprint), drawn when the rows have them. */
  public static final List<String> DEFAULT_SHOWN = List.of("0.001", "0.1");

  private Report() {}

  /**
   * What to report.
   *
   * @param dirs the sweeps' folders
   * @param out the report's folder
   * @param baseline the policy reductions are measured from, as given
   * @param shown the sizes the percentile, box and dataset charts draw (empty: {@link #DEFAULT_SHOWN})
   * @param curves the traces whose miss-ratio curves are drawn, as given
   * @param formats the chart files' formats (PNG always; {@code --chart-format})
   */
  public record Options(List<Path> dirs, Path out, String baseline, List<String> shown, List<String> curves, Set<ChartFormat> formats) {
    /** Options whose charts are PNG only. */
    public Options(List<Path> dirs, Path out, String baseline, List<String> shown, List<String> curves) {
      this(dirs, out, baseline, shown, curves, Set.of(ChartFormat.PNG));
    }
  }

  /** What was written: the folder, the files, and the summary's text. */
  public record Outcome(Path dir, List<String> files, String summary) {}

  /**
   * Writes the report.
   *
   * @throws IllegalArgumentException in one line, for input the report cannot use: a folder
   *     that is not a sweep's, a row that is not one, an unknown or absent baseline, an unknown
   *     size or trace
   */
  public static Outcome run(Options o) {
    checkOut(o.out(), o.dirs());
    SweepFolders.Merged merged = SweepFolders.read(o.dirs());
    Set<String> specs = new LinkedHashSet<>();
    for (SweepRow r : merged.rows()) if (!SweepRow.FAILED.equals(r.status())) specs.add(r.policy());
    if (specs.isEmpty()) {
      throw new IllegalArgumentException(String.join(", ", merged.files().stream().map(Path::toString).toList())
          + ": no row with a result (every task failed, or the sweep has not run)");
    }
    PolicyNames names = PolicyNames.withCatalog(specs);
    String baseline = names.match("--baseline", o.baseline());
    Set<String> bounds = new LinkedHashSet<>();
    for (String s : specs) if (PolicyNames.family(s).equals("opt")) bounds.add(s);
    bounds.remove(baseline);
    CrossTrace ct = CrossTrace.of(merged.rows(), baseline, bounds);
    TraceNames traces = new TraceNames(ct.traces());
    List<String> shown = shownSizes(ct, o.shown());
    List<String> curves = new ArrayList<>();
    for (String given : o.curves()) {
      String t = traces.find("--trace", given);
      if (ct.policies().stream().noneMatch(p -> ct.sizes().stream().anyMatch(s -> ct.missRatio(t, s, p) != null))) {
        throw new IllegalArgumentException("--trace " + given + ": the trace has no miss ratio in the rows (its task failed or every size was skipped)");
      }
      if (!curves.contains(t)) curves.add(t);
    }
    Map<String, byte[]> files = new LinkedHashMap<>();
    Map<String, Figure> charts = new LinkedHashMap<>(new ReportCharts(ct, names, traces).all(shown, curves));
    List<ResultRow> table = new ArrayList<>(ReportTable.rows(ct, curves));
    CharacterBands bands = new CharacterBands(ct, merged.rows());
    table.addAll(bands.rows());
    for (CharacterBands.Split split : CharacterBands.SPLITS) {
      if (!bands.any(split)) continue;
      for (String size : shown) charts.put("bands-" + split.name() + "-" + size + ".png", bands.chart(split, size, names.label(baseline), names));
    }
    List<String> sources = merged.files().stream().map(Path::toString).toList();
    String summary = new Summary(ct, names, traces).text(sources, merged.rows().size(), merged.duplicates(), o.baseline(), shown,
        new ArrayList<>(charts.keySet()));
    if (CharacterBands.SPLITS.stream().anyMatch(bands::any)) summary += bands.summary(shown, names.label(baseline), names, traces);
    files.put(SUMMARY_FILE, utf8(summary));
    files.put("report.csv", utf8(OutputFormat.CSV.render(table)));
    files.put("report.jsonl", utf8(OutputFormat.JSONL.render(table)));
    List<HtmlReport.Chart> shownCharts = new ArrayList<>();
    for (Map.Entry<String, Figure> c : charts.entrySet()) {
      ChartFiles chart = ChartFiles.of(c.getKey(), c.getValue(), o.formats());
      files.putAll(chart.files());
      shownCharts.add(chart.entry());
    }
    files.put("index.html", utf8(HtmlReport.render("bufmgr report", summary, shownCharts, table)));
    ResultsFolder folder = ResultsFolder.stage(o.out());
    try {
      for (Map.Entry<String, byte[]> e : files.entrySet()) AtomicOutput.writeBytes(folder.staging().resolve(e.getKey()), e.getValue());
      folder.publish();
    } catch (RuntimeException e) {
      folder.discard();
      throw e;
    }
    return new Outcome(folder.target(), new ArrayList<>(files.keySet()), summary);
  }

  /**
   * Refuses a report's folder that is a sweep's folder (one of the inputs, or any folder whose
   * manifest names {@value SweepStore#SWEEP_FILE}): publishing there would remove the sweep's
   * files, which its manifest names as bufmgr's own.
   *
   * @throws IllegalArgumentException naming {@code --out}
   */
  public static void checkOut(Path out, List<Path> dirs) {
    Path abs = out.toAbsolutePath().normalize();
    boolean input = dirs.stream().anyMatch(d -> d.toAbsolutePath().normalize().equals(abs));
    boolean sweep;
    try {
      sweep = ResultsFolder.manifestOf(abs).contains(SweepStore.SWEEP_FILE);
    } catch (java.io.IOException e) {
      sweep = false;
    }
    if (input || sweep) {
      throw new IllegalArgumentException("--out " + out + ": is a sweep's results folder; name another folder for the report (default: DIR/report)");
    }
  }

  /**
   * The sizes to draw: those given (each must be a size of the rows), else {@link #DEFAULT_SHOWN}
   * where the rows have them with a reduction, else the smallest and largest sizes that have one.
   */
  static List<String> shownSizes(CrossTrace ct, List<String> given) {
    List<String> withData = ct.sizes().stream().filter(s -> ct.distributions().stream().anyMatch(d -> d.size().equals(s))).toList();
    if (!given.isEmpty()) {
      List<String> out = new ArrayList<>();
      for (String g : given) {
        String size = ct.sizes().stream().filter(s -> same(s, g)).findFirst().orElseThrow(() -> new IllegalArgumentException(
            "--size " + g + ": not a size of the rows (sizes there: " + String.join(", ", ct.sizes()) + ")"));
        if (!out.contains(size)) out.add(size);
      }
      return out;
    }
    List<String> defaults = withData.stream().filter(s -> DEFAULT_SHOWN.stream().anyMatch(d -> same(s, d))).toList();
    if (defaults.size() == DEFAULT_SHOWN.size()) return defaults;
    if (withData.size() <= 1) return withData;
    return List.of(withData.getFirst(), withData.getLast());
  }

  /** Whether two size texts are one size ({@code 0.1} and {@code 0.10}; frames as written). */
  private static boolean same(String a, String b) {
    if (a.equals(b)) return true;
    try {
      return dev.bufmgr.sweep.SweepSize.parse(a).equals(dev.bufmgr.sweep.SweepSize.parse(b));
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
