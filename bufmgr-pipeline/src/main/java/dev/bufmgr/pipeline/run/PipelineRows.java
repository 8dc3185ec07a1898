package dev.bufmgr.pipeline.run;

import dev.bufmgr.pipeline.IntervalRow;
import dev.bufmgr.pipeline.Latencies;
import dev.bufmgr.pipeline.PipelineResult;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.synth.PageClasses;

/**
 * Result rows of pipeline runs: one per run with its whole configuration and seed and every
 * measured total, and one per interval of each run's time series. Latencies in milliseconds,
 * device busy shares in 0..1.
 */
public final class PipelineRows {
  private PipelineRows() {}

  /** The configuration fields every row of a run starts with. */
  public static ResultRow configuration(PipelineRun run) {
    PipelineSettings s = run.settings();
    return new ResultRow()
        .put("selector", run.selector())
        .put("commit", run.policy())
        .put("workload", run.input())
        .put("device", run.device())
        .put("clock", s.clock())
        .put("frames", s.frames())
        .put("clients", s.clients())
        .put("think", s.think().spec())
        .put("fullPageWrites", s.fullPageWrites())
        .put("checkpoint", s.checkpoints() == null ? "off" : s.checkpoints().spec())
        .put("bgwriter", s.bgwriter() == null ? "off" : s.bgwriter().spec())
        .put("pageCache", s.pageCache() == null ? "off" : s.pageCache().spec())
        .put("rings", s.rings())
        .put("runTransactions", s.transactions() > 0 ? s.transactions() : null)
        .put("runSeconds", s.durationNanos() > 0 ? s.durationNanos() / 1e9 : null)
        .put("warmup", s.warmupFraction())
        .put("seed", s.seed())
        .put("flushMode", run.flushMode());
  }

  /** The row of one run. */
  public static ResultRow row(PipelineRun run, PipelineResult r) {
    ResultRow row = configuration(run)
        .put("seconds", r.elapsedNanos() / 1e9)
        .put("transactions", r.transactions())
        .put("tps", r.throughput())
        .put("latencyP50Ms", ms(r.transactionLatency().p50()))
        .put("latencyP99Ms", ms(r.transactionLatency().p99()))
        .put("latencyP999Ms", ms(r.transactionLatency().p999()))
        .put("latencyMaxMs", ms(r.transactionLatency().max()))
        .put("commitP50Ms", ms(r.commitLatency().p50()))
        .put("commitP99Ms", ms(r.commitLatency().p99()))
        .put("commitP999Ms", ms(r.commitLatency().p999()))
        .put("commitMaxMs", ms(r.commitLatency().max()))
        .put("hitRatio", r.hitRatio());
    for (int c = 0; c < r.classHits().length; c++) {
      if (r.classHits()[c] + r.classMisses()[c] > 0) row.put("hitRatio." + PageClasses.name(c), r.hitRatio(c));
    }
    r.selectorCounters().forEach((name, count) -> row.put(name.startsWith("pool.") ? name : "selector." + name, count));
    Latencies wait = r.evictionWait();
    return row
        .put("walRecords", r.wal().records())
        .put("walBytes", r.wal().bytes())
        .put("walBytesPerTransaction", r.walBytesPerTransaction())
        .put("fullPageImages", r.wal().fullPageImages())
        .put("fullPageImageBytes", r.wal().imageBytes())
        .put("fullPageImageShare", r.wal().imageShare())
        .put("backendWrites", r.backendWrites())
        .put("checkpointWrites", r.checkpointWrites())
        .put("bgwriterWrites", r.bgwriterWrites())
        .put("maxwrittenClean", r.maxwrittenClean())
        .put("buffersAlloc", r.buffersAlloc())
        .put("evictions", r.evictions())
        .put("dirtyEvictions", r.dirtyEvictions())
        .put("deviceLogBusy", r.logBusy())
        .put("devicePageBusy", r.pageBusy())
        .put("deviceSyncBusy", r.syncBusy())
        .put("waitedOnEviction", r.waitedOnEviction())
        .put("waitedShare", r.waitedShare())
        .put("evictionWaitMeanMs", ms(wait.mean()))
        .put("evictionWaitP99Ms", ms(wait.p99()))
        .put("checkpointsTimed", r.checkpoints().timed())
        .put("checkpointsRequested", r.checkpoints().requested())
        .put("checkpointsDone", r.checkpoints().done())
        .put("checkpointWriteMs", r.checkpoints().writeNanos() / 1e6)
        .put("checkpointSyncMs", r.checkpoints().syncNanos() / 1e6)
        .put("backendWriteMs", r.backendWriteNanos() / 1e6)
        .put("backendWriteMsPerWrite", r.backendWrites() == 0 ? Double.NaN : r.backendWriteNanos() / 1e6 / r.backendWrites())
        .put("writebackPages", r.writebackPages())
        .put("commitP99DuringSyncMs", ms(r.commitLatencyDuringSync().p99()))
        .put("commitP99OutsideSyncMs", ms(r.commitLatencyOutsideSync().p99()))
        .put("commitsDuringSync", r.commitLatencyDuringSync().count())
        .put("readOnlyStatements", r.readOnlyStatements())
        .put("wallSeconds", r.wallNanos() / 1e9)
        .put("transactionsPerWallSecond", r.transactionsPerWallSecond());
  }

  /** The time-series row of one interval of a run. */
  public static ResultRow interval(PipelineRun run, IntervalRow i) {
    return new ResultRow()
        .put("selector", run.selector())
        .put("commit", run.policy())
        .put("clock", run.settings().clock())
        .put("seed", run.settings().seed())
        .put("startSeconds", i.startNanos() / 1e9)
        .put("endSeconds", i.endNanos() / 1e9)
        .put("measured", i.measured())
        .put("transactions", i.transactions())
        .put("tps", i.throughput())
        .put("latencyP50Ms", ms(i.transactionP50Nanos()))
        .put("latencyP99Ms", ms(i.transactionP99Nanos()))
        .put("commitP99Ms", ms(i.commitP99Nanos()))
        .put("waitedOnEviction", i.waitedOnEviction())
        .put("walBytes", i.walBytes())
        .put("fullPageImageBytes", i.imageBytes())
        .put("dirtyBuffers", i.dirtyBuffers())
        .put("deviceLogBusy", i.logBusy())
        .put("devicePageBusy", i.pageBusy())
        .put("deviceSyncBusy", i.syncBusy())
        .put("backendWrites", i.backendWrites())
        .put("checkpointWrites", i.checkpointWrites())
        .put("bgwriterWrites", i.bgwriterWrites())
        .put("checkpointsStarted", i.checkpointsStarted())
        .put("cacheDirtyBytes", i.cacheDirtyBytes())
        .put("writebackPages", i.writebackPages());
  }

  private static double ms(double nanos) {
    return nanos / 1e6;
  }
}
