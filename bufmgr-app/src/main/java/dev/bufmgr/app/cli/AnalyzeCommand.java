package dev.bufmgr.app.cli;

import dev.bufmgr.core.resource.AtomicOutput;
import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.replay.facts.CharacterCharts;
import dev.bufmgr.replay.facts.CharacterCounter;
import dev.bufmgr.replay.facts.TraceCharacter;
import dev.bufmgr.results.plot.ChartFormat;
import dev.bufmgr.results.report.ChartFiles;
import dev.bufmgr.results.report.Json;
import dev.bufmgr.results.report.OutputFormat;
import dev.bufmgr.results.report.OutputTarget;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.results.report.ResultsFolder;
import dev.bufmgr.sweep.TraceDiscovery;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bufmgr analyze TRACE...}: each trace's {@link TraceCharacter} (one streaming pass each,
 * {@link CharacterCounter}), printed as one table and written as a results folder: {@code
 * facts.json} (an array, one object a trace), {@code facts.csv}, and per trace {@code
 * popularity-NAME.png} and {@code reuse-NAME.png} ({@link CharacterCharts}). Traces are named as
 * {@code sweep --traces} names them (files, folders, globs, {@code @list.txt}); the format is told
 * by each file's name unless {@code --format} is given. Exit status 2 on bad input.
 */
@Command(
    name = "analyze",
    mixinStandardHelpOptions = true,
    description = {
      "Trace facts: requests, footprint, one-hit wonders, reuse (LRU stack) distance percentiles, Zipf skew, share of writes.",
      "Writes DIR (--out): facts.json, facts.csv, popularity-NAME.png (rank-frequency, log-log), reuse-NAME.png (reuse-distance CDF)."
    })
public final class AnalyzeCommand implements Callable<Integer>, WritesOutputs {
  @Parameters(paramLabel = "TRACE", arity = "1..*",
      description = "Trace files, folders (searched recursively), globs, or @list.txt, as sweep --traces takes them.")
  List<String> traces = new ArrayList<>();

  @Option(names = "--format", paramLabel = "SPEC", description = "Trace format for every trace (default: told by each file's name).")
  String format;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/analyze", description = "Results folder (default: ${DEFAULT-VALUE}).")
  Path out;

  @Mixin ForceOption force;

  @Mixin ChartFormatOption charts;

  @Override
  public List<OutputTarget> outputTargets() {
    return List.of(OutputTarget.folder("--out", out, force.force()));
  }

  @Override
  public Integer call() {
    List<TraceDiscovery.Found> found;
    try {
      found = TraceDiscovery.find(traces, format);
    } catch (IllegalArgumentException e) {
      // The discovery names sweep's flag; here the traces are the command's arguments.
      String m = e.getMessage();
      throw new CliFailure(m != null && m.startsWith("--traces ") ? m.substring("--traces ".length()) : m);
    }
    List<ResultRow> rows = new ArrayList<>();
    List<ResultRow> table = new ArrayList<>();
    Set<ChartFormat> formats = charts.formats();
    Map<String, byte[]> files = new LinkedHashMap<>();
    int drawn = 0;
    Set<String> names = new HashSet<>();
    for (TraceDiscovery.Found f : found) {
      if (f.trace().contains("://")) throw new CliFailure(f.trace() + ": analyze reads local trace files only");
      Path file = Path.of(f.trace());
      long t0 = System.nanoTime();
      CharacterCounter.Profile p = CharacterCounter.count(ReplayInput.ofFile(file, f.format()));
      double seconds = (System.nanoTime() - t0) / 1e9;
      String name = unique(file.getFileName().toString(), names);
      TraceCharacter c = p.character();
      ResultRow row = new ResultRow().put("trace", f.trace()).put("format", f.format()).put("dataset", f.dataset());
      c.values().forEach(row::put);
      rows.add(row.put("seconds", seconds));
      table.add(compact(name, c, seconds));
      if (c.footprint() > 0) {
        files.putAll(ChartFiles.of("popularity-" + name + ".png", CharacterCharts.popularity(name, p), formats).files());
        files.putAll(ChartFiles.of("reuse-" + name + ".png", CharacterCharts.reuse(name, p), formats).files());
        drawn += 2;
      }
    }
    files.put("facts.json", utf8(array(rows)));
    files.put("facts.csv", utf8(OutputFormat.CSV.render(rows)));
    ResultsFolder folder = ResultsFolder.stage(out);
    try {
      for (Map.Entry<String, byte[]> e : files.entrySet()) AtomicOutput.writeBytes(folder.staging().resolve(e.getKey()), e.getValue());
      folder.publish();
    } catch (RuntimeException e) {
      folder.discard();
      throw e;
    }
    System.out.print(OutputFormat.TABLE.render(table));
    System.out.println("facts: " + folder.target().resolve("facts.json") + ", facts.csv and " + drawn + " charts");
    return 0;
  }

  /** The printed row: shares as percentages, distances in pages, unknowns as '-'. */
  private static ResultRow compact(String name, TraceCharacter c, double seconds) {
    ResultRow r = new ResultRow().put("trace", name).put("requests", c.requests()).put("pages", c.footprint())
        .put("1-hit%", pct(c.oneHitShare())).put("cold%", pct(c.coldShare()));
    long[] reuse = c.reuse();
    for (int i = 0; i < reuse.length; i++) r.put("P" + TraceCharacter.PERCENTILES.get(i), reuse[i] < 0 ? "-" : Long.toString(reuse[i]));
    return r.put("alpha", fixed(c.zipfAlpha())).put("r2", fixed(c.zipfR2())).put("write%", pct(c.writeShare()))
        .put("s", String.format(Locale.ROOT, "%.2f", seconds));
  }

  private static String pct(double share) {
    return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.1f", 100 * share);
  }

  private static String fixed(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", Math.round(v * 1000) / 1000.0 + 0.0);
  }

  /** The file name, made unique among the charts' names with -2, -3, ... (traces of one name in two folders). */
  private static String unique(String name, Set<String> taken) {
    String n = name;
    for (int i = 2; !taken.add(n); i++) n = name + "-" + i;
    return n;
  }

  private static String array(List<ResultRow> rows) {
    StringBuilder sb = new StringBuilder("[\n");
    for (int i = 0; i < rows.size(); i++) sb.append("  ").append(Json.object(rows.get(i).fields())).append(i + 1 < rows.size() ? ",\n" : "\n");
    return sb.append("]\n").toString();
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
