package dev.bufmgr.app.experiment;

import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.Tables;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.metrics.PoolMetrics;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.results.plot.Axes;
import dev.bufmgr.results.plot.AxisScale;
import dev.bufmgr.results.plot.BarChart;
import dev.bufmgr.results.plot.Cdf;
import dev.bufmgr.results.plot.LineChart;
import dev.bufmgr.replay.SessionThreads;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.synth.Workloads;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code ticks} (seeds/002: "ticks-per-victim climbing to ~9 on stock under load where the 1-bit
 * clock stays flat"): T threads share one pool and pin and release uniformly random pages of a
 * table 1.7 times the pool (the thread's sweep-bound microbenchmark), so the pool evicts
 * continuously. For G-CLOCK and HOT/COOL at hand batches 1, 16 and 64: ticks per victim (mean,
 * p50, p99, max), victim-search latency (p50, p99, p99.9, max) and evictions per second, and both
 * distributions as CDF charts with their points in {@code cdf.csv}.
 */
public final class TicksExperiment {
  private static final int[] BATCHES = {1, 16, 64};
  private static final String[] SELECTORS = {"gclock", "hotcool"};
  /** A CDF's value axis is logarithmic when its values span this ratio or more. */
  static final double LOG_SPAN = 20;

  private TicksExperiment() {}

  /** Runs both selectors at every batch. */
  public static ExperimentReport run(boolean quick, SelectorRegistry registry, PrintStream progress) {
    int frames = quick ? 1024 : 16_384;
    int threads = quick ? 2 : Math.max(2, Math.min(8, Runtime.getRuntime().availableProcessors()));
    int requestsPerThread = quick ? 40_000 : 2_000_000;
    long seed = 42;
    int tablePages = (int) (frames * 1.7);
    EventTrace[] streams = new EventTrace[threads];
    String workload = "uniform:requests=" + requestsPerThread + ",seed=" + seed + ",pages=" + tablePages;
    for (int t = 0; t < threads; t++) streams[t] = EventTrace.load(Workloads.parse(workload).open(seed + t));
    ExperimentReport report = new ExperimentReport();
    List<List<String>> table = new ArrayList<>();
    Map<String, List<Double>> p99 = new LinkedHashMap<>();
    Map<String, List<Double>> mean = new LinkedHashMap<>();
    Map<String, Cdf> ticksCdf = new LinkedHashMap<>();
    Map<String, Cdf> nanosCdf = new LinkedHashMap<>();
    StringBuilder cdfCsv = new StringBuilder("policy,batch,measure,value,cumulativeFraction\n");
    for (String selector : SELECTORS) {
      for (int batch : BATCHES) {
        Spec spec = Spec.parse(selector + ":batch=" + batch);
        String canonical = registry.validate(spec).canonicalName();
        if (progress != null) progress.println("bufmgr: ticks " + canonical + " threads=" + threads);
        PoolConfig config = PoolConfig.builder().frames(frames).selector(spec).timeVictimSearch(true).build();
        PoolMetrics m;
        double seconds;
        try (BufferPool pool = new BufferPool(config, registry)) {
          seconds = drive(pool, streams);
          m = pool.metrics();
        }
        ResultRow row = new ResultRow()
            .put("experiment", "ticks")
            .put("policy", canonical)
            .put("batch", batch)
            .put("threads", threads)
            .put("frames", frames)
            .put("workload", workload)
            .put("seed", seed)
            .put("requests", m.requests())
            .put("evictions", m.evictions())
            .put("evictionsPerSecond", m.evictions() / seconds)
            .put("ticksMean", m.ticksPerVictimMean())
            .put("ticksP50", m.ticksPerVictimPercentile(0.50))
            .put("ticksP99", m.ticksPerVictimPercentile(0.99))
            .put("ticksMax", m.ticksPerVictimMax())
            .put("searchNanosP50", m.victimSearchNanosPercentile(0.50))
            .put("searchNanosP99", m.victimSearchNanosPercentile(0.99))
            .put("searchNanosP999", m.victimSearchNanosPercentile(0.999))
            .put("searchNanosMax", m.victimSearchNanosMax());
        report.row(row);
        ticksCdf.put(canonical, Cdf.of(m.ticksHistogram().distribution()));
        nanosCdf.put(canonical, Cdf.of(m.victimSearchNanosDistribution()));
        appendCsv(cdfCsv, canonical, batch, "ticks", ticksCdf.get(canonical));
        appendCsv(cdfCsv, canonical, batch, "searchNanos", nanosCdf.get(canonical));
        p99.computeIfAbsent(selector, k -> new ArrayList<>()).add(m.ticksPerVictimPercentile(0.99));
        mean.computeIfAbsent(selector, k -> new ArrayList<>()).add(m.ticksPerVictimMean());
        table.add(List.of(canonical, Tables.num(m.ticksPerVictimMean(), 2), Tables.num(m.ticksPerVictimPercentile(0.5), 0),
            Tables.num(m.ticksPerVictimPercentile(0.99), 0), Long.toString(m.ticksPerVictimMax()),
            Tables.num(m.victimSearchNanosPercentile(0.5), 0), Tables.num(m.victimSearchNanosPercentile(0.99), 0),
            Tables.num(m.victimSearchNanosPercentile(0.999), 0), Tables.num(m.victimSearchNanosMax(), 0),
            Tables.num(m.evictions() / seconds / 1e6, 2)));
      }
    }
    List<String> categories = new ArrayList<>();
    for (int b : BATCHES) categories.add("batch " + b);
    report.chart("ticks-p99.png", BarChart.figure("Ticks per victim, p99", "ticks", categories, p99));
    report.chart("ticks-mean.png", BarChart.figure("Ticks per victim, mean", "ticks", categories, mean));
    report.chart("search-latency-cdf.png", cdfChart("Victim-search latency, CDF per selector and batch (" + threads + " threads)",
        "victim-search latency (ns)", nanosCdf));
    report.chart("ticks-cdf.png", cdfChart("Ticks per victim, CDF per selector and batch (" + threads + " threads)",
        "ticks per victim (positions examined)", ticksCdf));
    report.file("cdf.csv", cdfCsv.toString());
    report.summary("# ticks\n\n"
        + "**Question** (seeds/002): does G-CLOCK's ticks per victim climb under a hot, continuously evicting "
        + "pool while the one-bit HOT/COOL clock stays at 1 to 3, and what does the hand batch do to the "
        + "victim search?\n\n"
        + "**Configuration**: pool " + frames + " frames, " + threads + " threads on "
        + Runtime.getRuntime().availableProcessors() + " cores, each pinning and releasing `" + workload
        + "` (thread t with seed " + seed + "+t), victim searches timed.\n\n"
        + "**Answer** (numbers from this run; latency in ns, evictions in millions per second):\n\n"
        + Tables.markdown(List.of("policy", "ticks mean", "p50", "p99", "max", "search p50", "p99", "p99.9", "max",
            "M evictions/s"), table)
        + "\nThe distributions behind the percentiles: `search-latency-cdf.png` and `ticks-cdf.png` (cumulative "
        + "fraction of victim searches at or below each value, one line per selector and batch), their points in "
        + "`cdf.csv`.\n");
    return report;
  }

  /** A CDF chart: one staircase per run, the value axis logarithmic when it spans {@value #LOG_SPAN}x or more. */
  static LineChart cdfChart(String title, String xTitle, Map<String, Cdf> cdfs) {
    LineChart chart = LineChart.of(title, xTitle, "cumulative fraction of victim searches").yRange(0.0, 1.0);
    List<Double> values = new ArrayList<>();
    for (Map.Entry<String, Cdf> e : cdfs.entrySet()) {
      chart.series(e.getKey(), e.getValue().steps()[0], e.getValue().steps()[1]);
      for (double v : e.getValue().values()) values.add(v);
    }
    boolean log = Axes.wide(values.stream().mapToDouble(Double::doubleValue).toArray(), LOG_SPAN);
    return chart.xScale(log ? AxisScale.LOG : AxisScale.LINEAR);
  }

  private static void appendCsv(StringBuilder csv, String policy, int batch, String measure, Cdf cdf) {
    for (int i = 0; i < cdf.size(); i++) {
      csv.append('"').append(policy).append("\",").append(batch).append(',').append(measure).append(',')
          .append((long) cdf.values()[i]).append(',').append(cdf.fractions()[i]).append('\n');
    }
  }

  /** Runs every stream on its own thread against {@code pool}; returns the wall seconds. */
  private static double drive(BufferPool pool, EventTrace[] streams) {
    List<Consumer<PoolSession>> work = new ArrayList<>();
    for (EventTrace stream : streams) {
      work.add(s -> {
        long[] pages = stream.pages();
        for (int i = 0; i < stream.size(); i++) s.access(pages[i], AccessStrategy.NORMAL, 0, false);
      });
    }
    return SessionThreads.run(pool, work, "ticks");
  }
}
