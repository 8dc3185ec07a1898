package dev.bufmgr.app.experiment;

import dev.bufmgr.results.ExperimentReport;
import dev.bufmgr.results.Tables;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.results.plot.BarChart;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.synth.Workloads;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ghost-cap} (Andres Freund in seeds/002: make sure "the ghost directory has eviction logic
 * that will not allow strategy reads to take up more than a certain percentage"): S3-FIFO with
 * strategyCap 0, 0.1, 0.5 and 1.0 on OLTP phases (Zipf(0.9) over three times the pool, a set
 * whose lukewarm pages reach the main queue through the ghost) separated by bulk scans of four
 * pools through the BULKREAD ring, rings on and off, beside S3-FIFO without a ghost (what the
 * ghost is worth at all). Measured: the OLTP hit ratio over the phases after the first scan, and
 * in the first tenth of each such phase (how fast the OLTP set comes back).
 */
public final class GhostCapExperiment {
  private static final double[] CAPS = {0.0, 0.1, 0.5, 1.0};
  private static final long SCAN_BASE = 1L << 48;
  private static final String NO_GHOST = "s3fifo:ghost=0";

  private GhostCapExperiment() {}

  /** Runs S3-FIFO at every cap with rings on and off. */
  public static ExperimentReport run(boolean quick, SelectorRegistry registry, PrintStream progress) {
    int frames = quick ? 400 : 5000;
    int phases = quick ? 3 : 6;
    int phaseRequests = quick ? 10_000 : 150_000;
    int scanPages = frames * 4;
    long seed = 42;
    String oltpSpec = "zipf:requests=" + ((long) phaseRequests * (phases + 1)) + ",seed=" + seed + ",pages="
        + (frames * 3) + ",theta=0.9";
    EventTrace oltp = EventTrace.load(Workloads.parse(oltpSpec).open());
    ExperimentReport report = new ExperimentReport();
    List<List<String>> table = new ArrayList<>();
    Map<String, List<Double>> bars = new LinkedHashMap<>();
    for (boolean rings : new boolean[] {true, false}) {
      List<Double> after = new ArrayList<>();
      for (int v = 0; v <= CAPS.length; v++) {
        boolean reference = v == CAPS.length;
        Double cap = reference ? null : CAPS[v];
        Spec spec = Spec.parse(reference ? NO_GHOST : "s3fifo:strategyCap=" + cap);
        String canonical = registry.validate(spec).canonicalName();
        if (progress != null) progress.println("bufmgr: ghost-cap " + canonical + " rings=" + rings);
        long[] tally = replay(registry, spec, frames, rings, oltp, phases, phaseRequests, scanPages);
        double afterScans = tally[0] / (double) tally[1];
        double recovery = tally[2] / (double) tally[3];
        report.row(new ResultRow()
            .put("experiment", "ghost-cap")
            .put("policy", canonical)
            .put("strategyCap", cap)
            .put("rings", rings)
            .put("frames", frames)
            .put("oltpWorkload", oltpSpec)
            .put("phases", phases)
            .put("phaseRequests", phaseRequests)
            .put("scanPages", scanPages)
            .put("seed", seed)
            .put("oltpHitRatioAfterScans", afterScans)
            .put("oltpHitRatioPhaseStart", recovery));
        after.add(afterScans);
        table.add(List.of(
            reference ? "no ghost" : Tables.num(cap, 2), rings ? "on" : "off", Tables.pct(afterScans), Tables.pct(recovery)));
      }
      bars.put("rings " + (rings ? "on" : "off"), gainsOverNoGhost(after));
    }
    List<String> categories = new ArrayList<>();
    for (double cap : CAPS) categories.add("cap " + cap);
    report.chart("oltp-hit-by-cap.png", BarChart.figure(
        "S3-FIFO after bulk scans: OLTP hit ratio gained by the ghost, by strategy cap",
        "OLTP hit ratio over " + NO_GHOST + " (points)", categories, bars));
    report.summary("# ghost-cap\n\n"
        + "**Question** (seeds/002): if ring-strategy reads may fill at most a share of S3-FIFO's ghost "
        + "directory, do repeated bulk scans stop pushing the OLTP pages' ids out of it, so OLTP pages come back "
        + "to the main queue after each scan?\n\n"
        + "**Configuration**: S3-FIFO defaults except strategyCap; pool " + frames + " frames; OLTP `" + oltpSpec
        + "` cut into " + (phases + 1) + " phases of " + phaseRequests + " requests, with a scan of " + scanPages
        + " distinct pages (BULKREAD) before each phase after the first. With rings off the scan goes through "
        + "the normal path and no ghost id comes from a ring read, so the cap cannot matter there. `" + NO_GHOST
        + "` shows what the ghost is worth to this OLTP set at all.\n\n"
        + "**Answer** (numbers from this run):\n\n"
        + Tables.markdown(List.of("strategyCap", "rings", "OLTP hit ratio after scans", "in the first tenth of each phase"), table));
    return report;
  }

  /**
   * The hit ratios of the capped runs (all but the last) less that of the run without a ghost
   * (the last), in percentage points: every run's ratio lies within a few points of 0.77, so bars
   * of the ratios themselves, drawn from 0, all look alike; their differences are the answer.
   */
  private static List<Double> gainsOverNoGhost(List<Double> afterScans) {
    double noGhost = afterScans.get(afterScans.size() - 1);
    List<Double> gains = new ArrayList<>();
    for (double r : afterScans.subList(0, afterScans.size() - 1)) gains.add(100 * (r - noGhost));
    return gains;
  }

  /** Hits and requests of OLTP after the first scan, then of the first tenth of each such phase. */
  private static long[] replay(SelectorRegistry registry, Spec spec, int frames, boolean rings, EventTrace oltp,
      int phases, int phaseRequests, int scanPages) {
    PoolConfig config = PoolConfig.builder().frames(frames).rings(rings).selector(spec).build();
    long[] tally = new long[4];
    long[] pages = oltp.pages();
    long scanPos = 0;
    try (BufferPool pool = new BufferPool(config, registry); PoolSession s = pool.openSession()) {
      for (int i = 0; i < phaseRequests; i++) s.access(pages[i], AccessStrategy.NORMAL, 0, false);
      for (int phase = 1; phase <= phases; phase++) {
        for (int k = 0; k < scanPages; k++) s.access(SCAN_BASE + scanPos++, AccessStrategy.BULKREAD, 0, false);
        int start = phase * phaseRequests;
        for (int i = start; i < start + phaseRequests; i++) {
          boolean hit = s.access(pages[i], AccessStrategy.NORMAL, 0, false);
          if (hit) tally[0]++;
          tally[1]++;
          if (i - start < phaseRequests / 10) {
            if (hit) tally[2]++;
            tally[3]++;
          }
        }
      }
    }
    return tally;
  }
}
