package dev.bufmgr.bench.matrix;

import dev.bufmgr.results.plot.AxisScale;
import dev.bufmgr.results.plot.Cdf;
import dev.bufmgr.results.plot.Figure;
import dev.bufmgr.results.plot.LineChart;
import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The charts of a matrix run, drawn with the project's plot package: per selector, evictions/s and
 * ticks per victim against threads (one series per hand and configuration), victim-search latency
 * CDFs per thread count (one series per point), and for the hit path operations/s against
 * threads per method.
 */
final class MatrixCharts {
  private MatrixCharts() {}

  /**
   * The charts by file name.
   *
   * @param latencyByPoint each point's latency merged over its threads
   */
  static Map<String, Figure> render(List<ResultRow> rows, Map<String, Histogram> latencyByPoint) {
    Map<String, Figure> charts = new LinkedHashMap<>();
    List<ResultRow> eviction = rows.stream()
        .filter(r -> "point".equals(r.get("kind")) && r.get("evictionsPerSecond") != null).toList();
    Map<String, List<ResultRow>> bySelector = new LinkedHashMap<>();
    for (ResultRow r : eviction) bySelector.computeIfAbsent(text(r, "selector"), k -> new ArrayList<>()).add(r);
    List<String> varying = varying(eviction);
    for (var e : bySelector.entrySet()) {
      String sel = e.getKey();
      charts.put("evictions-vs-threads-" + fileName(sel) + ".png",
          LineChart.of("Evictions/s against threads, " + sel, "threads", "evictions/s (summed over threads)")
              .series(series(e.getValue(), "evictionsPerSecond", varying)).xScale(AxisScale.LINEAR));
      charts.put("ticks-vs-threads-" + fileName(sel) + ".png",
          LineChart.of("Ticks per victim against threads, " + sel, "threads", "clock positions examined per victim")
              .series(series(e.getValue(), "ticksPerVictim", varying)).xScale(AxisScale.LINEAR));
    }
    Map<Integer, Map<String, double[][]>> cdfs = new TreeMap<>();
    for (ResultRow r : eviction) {
      Histogram h = latencyByPoint.get(text(r, "point"));
      if (h == null || h.getTotalCount() == 0) continue;
      cdfs.computeIfAbsent((int) r.number("threads"), k -> new LinkedHashMap<>())
          .put(seriesName(r, varying), Cdf.of(distribution(h)).steps());
    }
    for (var e : cdfs.entrySet()) {
      charts.put("latency-cdf-t" + e.getKey() + ".png",
          LineChart.of("Victim-search latency CDF, " + e.getKey() + " thread" + (e.getKey() == 1 ? "" : "s"),
              "victim-search latency (ns)", "fraction of searches at or below")
              .series(e.getValue()).xScale(AxisScale.LOG).yRange(0.0, 1.0));
    }
    List<ResultRow> hits = rows.stream()
        .filter(r -> "point".equals(r.get("kind")) && "HitPathBenchmark".equals(r.get("benchmark"))).toList();
    if (!hits.isEmpty()) {
      Map<String, List<double[]>> byMethod = new LinkedHashMap<>();
      for (ResultRow r : hits) {
        String name = (text(r, "method").equals("caffeine") ? "caffeine" : "pool " + text(r, "method")) + " "
            + text(r, "distribution");
        byMethod.computeIfAbsent(name, k -> new ArrayList<>()).add(new double[] {r.number("threads"), r.number("opsPerSecond")});
      }
      charts.put("hitpath-ops-vs-threads.png",
          LineChart.of("Hit path: operations/s against threads", "threads", "operations/s (summed over threads)")
              .series(xy(byMethod)).xScale(AxisScale.LINEAR));
    }
    return charts;
  }

  /** Per series (spec and the configuration qualifiers), {threads[], field[]} sorted by threads. */
  private static Map<String, double[][]> series(List<ResultRow> rows, String field, List<String> varying) {
    Map<String, List<double[]>> points = new LinkedHashMap<>();
    for (ResultRow r : rows) {
      points.computeIfAbsent(seriesName(r, varying), k -> new ArrayList<>())
          .add(new double[] {r.number("threads"), r.number(field)});
    }
    return xy(points);
  }

  /** The configuration fields (working set, padding, pinning) that take more than one value in {@code rows}. */
  private static List<String> varying(List<ResultRow> rows) {
    List<String> out = new ArrayList<>();
    for (String f : QUALIFIERS.keySet()) {
      if (rows.stream().map(r -> text(r, f)).distinct().count() > 1) out.add(f);
    }
    return out;
  }

  private static final Map<String, String> QUALIFIERS = Map.of("workingSet", "ws", "padding", "pad", "pinning", "pin");

  private static Map<String, double[][]> xy(Map<String, List<double[]>> points) {
    Map<String, double[][]> out = new LinkedHashMap<>();
    for (var e : points.entrySet()) {
      List<double[]> p = new ArrayList<>(e.getValue());
      p.sort((a, b) -> Double.compare(a[0], b[0]));
      double[] x = new double[p.size()];
      double[] y = new double[p.size()];
      for (int i = 0; i < p.size(); i++) {
        x[i] = p.get(i)[0];
        y[i] = p.get(i)[1];
      }
      out.put(e.getKey(), new double[][] {x, y});
    }
    return out;
  }

  /**
   * {@code spec ws=.. pad=.. pin=..}: the selector spec, then those configuration fields that vary
   * in the chart's run (read as a qualifier by the series styles).
   */
  static String seriesName(ResultRow r, List<String> varying) {
    StringBuilder sb = new StringBuilder(text(r, "spec"));
    for (String f : List.of("workingSet", "padding", "pinning")) {
      if (varying.contains(f)) sb.append(' ').append(QUALIFIERS.get(f)).append('=').append(text(r, f));
    }
    return sb.toString();
  }

  /** {@code {values ascending, counts}} of a histogram's occupied buckets (each bucket's highest equivalent value). */
  static long[][] distribution(Histogram h) {
    List<long[]> vc = new ArrayList<>();
    for (HistogramIterationValue v : h.recordedValues()) {
      vc.add(new long[] {h.highestEquivalentValue(v.getValueIteratedTo()), v.getCountAtValueIteratedTo()});
    }
    long[][] out = new long[2][vc.size()];
    for (int i = 0; i < vc.size(); i++) {
      out[0][i] = vc.get(i)[0];
      out[1][i] = vc.get(i)[1];
    }
    return out;
  }

  private static String fileName(String s) {
    return s.replaceAll("[^A-Za-z0-9.=_-]", "_");
  }

  private static String text(ResultRow r, String field) {
    return Objects.toString(r.get(field), "");
  }
}
