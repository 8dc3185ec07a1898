package dev.bufmgr.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * A compact table of a JMH run for the figures this project reports: per benchmark and
 * configuration, operations per second and, where the benchmark counts them ({@link
 * EvictionBenchmark}), evictions per second, misses per second and ticks per victim (the ticks
 * counter over the victim-search counter).
 */
public final class ResultSummary {
  private ResultSummary() {}

  /** One line of the table. */
  public record Line(String benchmark, String params, int threads, double opsPerSecond, double evictionsPerSecond,
      double missesPerSecond, double ticksPerVictim) {}

  /** The lines for a run's results, in JMH's order. */
  public static List<Line> lines(Collection<RunResult> results) {
    List<Line> out = new ArrayList<>();
    for (RunResult r : results) {
      var p = r.getParams();
      String bench = p.getBenchmark();
      bench = bench.substring(bench.lastIndexOf('.', bench.lastIndexOf('.') - 1) + 1);
      StringBuilder params = new StringBuilder();
      for (String key : p.getParamsKeys()) {
        if (!params.isEmpty()) params.append(' ');
        params.append(key).append('=').append(p.getParam(key));
      }
      Map<String, Result> sec = r.getSecondaryResults();
      double searches = score(sec, "victimSearches");
      double ticks = score(sec, "ticks");
      out.add(
          new Line(
              bench, params.toString(), p.getThreads(), r.getPrimaryResult().getScore(), score(sec, "evictions"),
              score(sec, "misses"), searches > 0 ? ticks / searches : Double.NaN));
    }
    return out;
  }

  private static double score(Map<String, Result> secondary, String name) {
    Result r = secondary.get(name);
    return r == null ? Double.NaN : r.getScore();
  }

  /** Prints the table; columns a benchmark does not count show {@code -}. */
  public static void print(Collection<RunResult> results, PrintStream out) {
    out.println();
    out.println("bufmgr summary (ops/s summed over threads; ticks/victim = ticks / victimSearches)");
    out.printf(Locale.ROOT, "%-28s %3s %14s %14s %14s %12s  %s%n",
        "benchmark", "t", "ops/s", "evictions/s", "misses/s", "ticks/victim", "params");
    for (Line l : lines(results)) {
      out.printf(Locale.ROOT, "%-28s %3d %14s %14s %14s %12s  %s%n",
          l.benchmark(), l.threads(), number(l.opsPerSecond(), "%.0f"), number(l.evictionsPerSecond(), "%.0f"),
          number(l.missesPerSecond(), "%.0f"), number(l.ticksPerVictim(), "%.3f"), l.params());
    }
  }

  private static String number(double v, String format) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
  }
}
