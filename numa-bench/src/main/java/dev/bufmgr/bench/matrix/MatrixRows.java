package dev.bufmgr.bench.matrix;

import dev.bufmgr.bench.LatencyLog;
import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * The result rows of one point: one {@code kind=point} row per benchmark method (its parameters,
 * settings, scores, the eviction ratios and the victim-search latency merged over threads), and one
 * {@code kind=thread} row per worker thread's latency histogram.
 *
 * <p>Fields of a point row: {@code matrix, point, kind, benchmark, method, threads}, every JMH
 * parameter (as text), {@code spec} (the selector spec the pool ran), the settings ({@code forks,
 * warmupIterations, warmupSeconds, iterations, iterationSeconds}), {@code opsPerSecond} and its
 * error, {@code evictionsPerSecond} and its error, {@code missesPerSecond, victimSearchesPerSecond,
 * ticksPerVictim} (ticks / victim searches), {@code failedCasPerEviction} (failed compare-and-sets /
 * evictions), {@code latencyP50Nanos, latencyP99Nanos, latencyP999Nanos, latencyMaxNanos,
 * latencySamples} and {@code wallSeconds}. Counters a benchmark does not have are absent.
 */
final class MatrixRows {
  private MatrixRows() {}

  /** The latency fields of a histogram (NaN when it holds nothing). */
  static void latency(ResultRow row, Histogram h) {
    boolean any = h.getTotalCount() > 0;
    row.put("latencyP50Nanos", any ? (double) h.getValueAtPercentile(50) : Double.NaN);
    row.put("latencyP99Nanos", any ? (double) h.getValueAtPercentile(99) : Double.NaN);
    row.put("latencyP999Nanos", any ? (double) h.getValueAtPercentile(99.9) : Double.NaN);
    row.put("latencyMaxNanos", any ? (double) h.getMaxValue() : Double.NaN);
    row.put("latencySamples", h.getTotalCount());
  }

  /** The merged histogram of a point's threads. */
  static Histogram merged(List<LatencyLog.Tagged> latency) {
    Histogram all = new Histogram(1, 3_600_000_000_000L, 2);
    for (LatencyLog.Tagged t : latency) all.add(t.histogram());
    return all;
  }

  static List<ResultRow> of(String matrix, String pointId, Point point, JmhSettings s, PointRunner.Outcome outcome) {
    List<ResultRow> rows = new ArrayList<>();
    Histogram merged = merged(outcome.latency());
    for (RunResult r : outcome.results()) {
      var p = r.getParams();
      String bench = p.getBenchmark();
      ResultRow row = new ResultRow()
          .put("matrix", matrix).put("point", pointId).put("kind", "point")
          .put("benchmark", point.benchmarkName())
          .put("method", bench.substring(bench.lastIndexOf('.') + 1))
          .put("threads", p.getThreads());
      for (String key : p.getParamsKeys()) row.put(key, p.getParam(key));
      if (p.getParam("hand") != null) {
        row.put("spec", dev.bufmgr.bench.HandSpec.resolve(p.getParam("selector"), p.getParam("hand"),
            dev.bufmgr.core.evict.SelectorRegistry.load()));
      }
      row.put("forks", s.forks()).put("warmupIterations", s.warmupIterations()).put("warmupSeconds", s.warmupSeconds())
          .put("iterations", s.iterations()).put("iterationSeconds", s.iterationSeconds());
      row.put("opsPerSecond", r.getPrimaryResult().getScore());
      row.put("opsPerSecondError", r.getPrimaryResult().getScoreError());
      Map<String, Result> sec = r.getSecondaryResults();
      if (sec.containsKey("evictions")) {
        double evictions = sec.get("evictions").getScore();
        double searches = score(sec, "victimSearches");
        row.put("evictionsPerSecond", evictions);
        row.put("evictionsPerSecondError", sec.get("evictions").getScoreError());
        row.put("missesPerSecond", score(sec, "misses"));
        row.put("victimSearchesPerSecond", searches);
        row.put("ticksPerVictim", searches > 0 ? score(sec, "ticks") / searches : Double.NaN);
        row.put("failedCasPerEviction", evictions > 0 ? score(sec, "failedCas") / evictions : Double.NaN);
        latency(row, merged);
      }
      row.put("wallSeconds", outcome.wallSeconds());
      rows.add(row);
    }
    for (LatencyLog.Tagged t : outcome.latency()) {
      ResultRow row = new ResultRow().put("matrix", matrix).put("point", pointId).put("kind", "thread")
          .put("threadTag", t.tag()).put("threads", point.threads());
      point.params().forEach(row::put);
      latency(row, t.histogram());
      rows.add(row);
    }
    return rows;
  }

  private static double score(Map<String, Result> sec, String name) {
    Result r = sec.get(name);
    return r == null ? Double.NaN : r.getScore();
  }
}
