package dev.bufmgr.app.experiment;

import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.Tables;

import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.results.plot.LineChart;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.synth.Workloads;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code scan-resistance} (seeds/002: "an OLTP hot set that fits in shared_buffers, hit by point
 * lookups, while a concurrent seqscan streams a table 4x shared_buffers"): a Zipf(0.99) OLTP
 * stream over a hot set of half the pool warms the pool alone, then shares the requests half and
 * half with a sequential scan of a table four times the pool through the BULKREAD ring, with the
 * rings on and off. Per selector: the OLTP hit ratio under the scan and the fraction of the hot set
 * resident over time.
 */
public final class ScanResistanceExperiment {
  private ScanResistanceExperiment() {}

  /** The sizes of one run. */
  record Config(int frames, int hotPages, int scanPages, int warmRequests, int measuredRequests, int windows, long seed) {
    static Config of(boolean quick) {
      return quick ? new Config(400, 200, 1600, 8_000, 16_000, 16, 42) : new Config(10_000, 5_000, 40_000, 200_000, 800_000, 80, 42);
    }

    String warmSpec() {
      return "zipf:requests=" + warmRequests + ",seed=" + seed + ",pages=" + hotPages + ",theta=0.99";
    }

    String mixSpec() {
      return "mix:requests=" + measuredRequests + ",seed=" + (seed + 1) + ",streams=0.5*zipf(pages=" + hotPages
          + ";theta=0.99)+0.5*scan(pages=" + scanPages + ")";
    }
  }

  /** Runs every registered selector with rings on and off. */
  public static ExperimentReport run(boolean quick, SelectorRegistry registry, PrintStream progress) {
    Config c = Config.of(quick);
    EventTrace warm = EventTrace.load(Workloads.parse(c.warmSpec()).open());
    EventTrace mixed = EventTrace.load(Workloads.parse(c.mixSpec()).open());
    ExperimentReport report = new ExperimentReport();
    List<List<String>> table = new ArrayList<>();
    Map<Boolean, Map<String, double[][]>> residentSeries = new LinkedHashMap<>();
    Map<Boolean, Map<String, double[][]>> hitSeries = new LinkedHashMap<>();
    for (boolean rings : new boolean[] {true, false}) {
      residentSeries.put(rings, new LinkedHashMap<>());
      hitSeries.put(rings, new LinkedHashMap<>());
      for (String name : registry.names()) {
        Spec spec = Spec.of(name);
        String canonical = registry.validate(spec).canonicalName();
        if (progress != null) progress.println("bufmgr: scan-resistance " + canonical + " rings=" + rings);
        Run r = replay(c, registry, spec, rings, warm, mixed);
        ResultRow base = new ResultRow()
            .put("experiment", "scan-resistance")
            .put("policy", canonical)
            .put("rings", rings)
            .put("frames", c.frames())
            .put("hotPages", c.hotPages())
            .put("scanPages", c.scanPages())
            .put("warmWorkload", c.warmSpec())
            .put("workload", c.mixSpec())
            .put("seed", c.seed());
        report.row(new ResultRow().putAll(base)
            .put("kind", "summary")
            .put("oltpHitRatio", r.oltpHitRatio())
            .put("residentAtStart", r.residentAtStart)
            .put("residentMin", r.residentMin())
            .put("residentEnd", r.resident[c.windows() - 1]));
        for (int w = 0; w < c.windows(); w++) {
          report.row(new ResultRow().putAll(base)
              .put("kind", "window")
              .put("window", w)
              .put("requestsDone", r.requestsDone[w])
              .put("oltpHitRatio", r.windowHitRatio[w])
              .put("residentFraction", r.resident[w]));
        }
        residentSeries.get(rings).put(name, new double[][] {r.requestsDone, r.resident});
        hitSeries.get(rings).put(name, new double[][] {r.requestsDone, r.windowHitRatio});
        table.add(List.of(canonical, rings ? "on" : "off", Tables.pct(r.oltpHitRatio()), Tables.pct(r.residentAtStart),
            Tables.pct(r.residentMin()), Tables.pct(r.resident[c.windows() - 1])));
      }
    }
    for (boolean rings : new boolean[] {true, false}) {
      String suffix = rings ? "rings-on" : "rings-off";
      // With rings on the scan recycles its own small ring, so every selector keeps the hot set
      // alike; the charts say so in their titles when that is what the run shows.
      String flat = rings ? "rings protect the pool from the scan" : null;
      report.chart("resident-" + suffix + ".png", LineChart.of(
          "Hot set resident under a 4x-pool scan (rings " + (rings ? "on" : "off") + ")",
          "requests since the scan began", "fraction of hot set resident").series(residentSeries.get(rings))
          .yRange(0.0, 1.0).flatReason(flat));
      report.chart("oltp-hit-" + suffix + ".png", LineChart.of(
          "OLTP hit ratio per window under the scan (rings " + (rings ? "on" : "off") + ")",
          "requests since the scan began", "OLTP hit ratio").series(hitSeries.get(rings)).yRange(0.0, 1.0).flatReason(flat));
    }
    report.summary("# scan-resistance\n\n"
        + "**Question** (seeds/002): does an OLTP hot set that fits in the pool stay resident, and keep its hit "
        + "ratio, while a sequential scan of a table four times the pool streams through it? With PostgreSQL's "
        + "BULKREAD ring and without it.\n\n"
        + "**Configuration**: pool " + c.frames() + " frames; OLTP Zipf(0.99) over " + c.hotPages()
        + " pages (half the pool); warm-up `" + c.warmSpec() + "`; then `" + c.mixSpec() + "` (scan of "
        + c.scanPages() + " pages through BULKREAD). Hot set = all " + c.hotPages() + " OLTP pages; resident "
        + "fraction sampled every " + (c.measuredRequests() / c.windows()) + " requests.\n\n"
        + "**Answer** (numbers from this run):\n\n"
        + Tables.markdown(List.of("policy", "rings", "OLTP hit ratio under scan", "hot set resident at start",
            "minimum", "at end"), table));
    return report;
  }

  /** What one replay measured. */
  private static final class Run {
    long oltpHits;
    long oltpRequests;
    double residentAtStart;
    double[] requestsDone;
    double[] windowHitRatio;
    double[] resident;

    double oltpHitRatio() {
      return oltpRequests == 0 ? Double.NaN : oltpHits / (double) oltpRequests;
    }

    double residentMin() {
      double m = residentAtStart;
      for (double r : resident) m = Math.min(m, r);
      return m;
    }
  }

  private static Run replay(Config c, SelectorRegistry registry, Spec spec, boolean rings, EventTrace warm, EventTrace mixed) {
    PoolConfig config = PoolConfig.builder().frames(c.frames()).rings(rings).selector(spec).build();
    Run run = new Run();
    run.requestsDone = new double[c.windows()];
    run.windowHitRatio = new double[c.windows()];
    run.resident = new double[c.windows()];
    try (BufferPool pool = new BufferPool(config, registry); PoolSession s = pool.openSession()) {
      replay(s, warm, 0, warm.size(), null);
      run.residentAtStart = resident(pool, c.hotPages());
      int per = mixed.size() / c.windows();
      long[] tally = new long[2];
      for (int w = 0; w < c.windows(); w++) {
        int from = w * per;
        int to = w == c.windows() - 1 ? mixed.size() : from + per;
        tally[0] = 0;
        tally[1] = 0;
        replay(s, mixed, from, to, tally);
        run.oltpHits += tally[0];
        run.oltpRequests += tally[1];
        run.requestsDone[w] = to;
        run.windowHitRatio[w] = tally[1] == 0 ? Double.NaN : tally[0] / (double) tally[1];
        run.resident[w] = resident(pool, c.hotPages());
      }
    }
    return run;
  }

  /** Replays events [from, to); counts OLTP (stream 0) hits and requests into {@code tally} when given. */
  private static void replay(PoolSession s, EventTrace t, int from, int to, long[] tally) {
    long[] pages = t.pages();
    int[] meta = t.meta();
    for (int i = from; i < to; i++) {
      int m = meta == null ? 0 : meta[i];
      AccessStrategy strategy = EventMeta.strategy(m);
      boolean hit = s.access(pages[i], strategy, 0, EventMeta.isWrite(m));
      if (tally != null && pages[i] >>> 48 == 0) {
        if (hit) tally[0]++;
        tally[1]++;
      }
    }
  }

  private static double resident(BufferPool pool, int hotPages) {
    int n = 0;
    for (long p = 0; p < hotPages; p++) if (pool.bufferOf(p) >= 0) n++;
    return n / (double) hotPages;
  }
}
