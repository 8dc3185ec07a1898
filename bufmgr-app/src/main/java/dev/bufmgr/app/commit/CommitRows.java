package dev.bufmgr.app.commit;

import dev.bufmgr.wal.CommitResult;
import dev.bufmgr.results.report.ResultRow;

/** Turns a group-commit run's result into a result row with named fields (times in ms). */
public final class CommitRows {
  private CommitRows() {}

  /**
   * The row of one run: its configuration ({@code policy}, {@code loop}, {@code device}, {@code
   * clock}, {@code seed}) and its measurements ({@code commits}, {@code throughput} per second,
   * {@code meanBatch}, {@code flushes}, latency mean/p50/p99/p99.9/max in ms, {@code meanWaitMs}
   * before the flush started, {@code deviceUtilization}, {@code durable}), and last {@code flushMode} ({@code flusher} or {@code
   * leader} on the real clock, null in the simulation).
   */
  public static ResultRow of(CommitResult r) {
    return new ResultRow()
        .put("policy", r.policy())
        .put("loop", r.loop())
        .put("device", r.device())
        .put("clock", r.clock())
        .put("commits", r.commits())
        .put("throughput", r.throughput())
        .put("meanBatch", r.meanBatch())
        .put("flushes", r.flushes())
        .put("latencyMeanMs", r.latencyMeanNanos() / 1e6)
        .put("latencyP50Ms", r.latencyP50Nanos() / 1e6)
        .put("latencyP99Ms", r.latencyP99Nanos() / 1e6)
        .put("latencyP999Ms", r.latencyP999Nanos() / 1e6)
        .put("latencyMaxMs", r.latencyMaxNanos() / 1e6)
        .put("meanWaitMs", r.meanWaitNanos() / 1e6)
        .put("deviceUtilization", r.deviceUtilization())
        .put("durable", r.durable())
        .put("elapsedSeconds", r.elapsedNanos() / 1e9)
        .put("seed", r.seed())
        .put("flushMode", r.flushMode());
  }
}
