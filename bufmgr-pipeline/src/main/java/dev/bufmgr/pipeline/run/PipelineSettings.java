package dev.bufmgr.pipeline.run;

import dev.bufmgr.core.params.Spec;
import dev.bufmgr.pipeline.BgWriterSettings;
import dev.bufmgr.pipeline.CheckpointSettings;
import dev.bufmgr.pipeline.PipelineConfig;
import dev.bufmgr.wal.device.PageCacheSettings;
import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.PolicyFactory;

/**
 * What every run of one {@code bufmgr pipeline} command shares; each run adds its selector and
 * commit policy.
 *
 * @param frames buffers in the pool
 * @param rings whether bulk strategies use rings
 * @param fullPageWrites full_page_writes
 * @param clients closed-loop clients
 * @param think think time between units
 * @param checkpoints checkpoint timing and pacing, or null for none
 * @param bgwriter the background writer's settings, or null for none
 * @param transactions transactions in all (0: by time)
 * @param durationNanos run length (0: by transactions)
 * @param warmupFraction the unmeasured first share
 * @param intervalNanos the time series' interval
 * @param seed the seed
 * @param realTime real threads in real time (else the simulation)
 * @param flushMode who flushes the log in real time (see {@link #flushModeFor})
 * @param pageCache the operating system's page cache, or null for the direct model
 */
public record PipelineSettings(
    int frames,
    boolean rings,
    boolean fullPageWrites,
    int clients,
    ThinkTime think,
    CheckpointSettings checkpoints,
    BgWriterSettings bgwriter,
    long transactions,
    long durationNanos,
    double warmupFraction,
    long intervalNanos,
    long seed,
    boolean realTime,
    FlushMode flushMode,
    PageCacheSettings pageCache) {

  /** Settings without a page cache (the direct model). */
  public PipelineSettings(int frames, boolean rings, boolean fullPageWrites, int clients, ThinkTime think,
      CheckpointSettings checkpoints, BgWriterSettings bgwriter, long transactions, long durationNanos,
      double warmupFraction, long intervalNanos, long seed, boolean realTime, FlushMode flushMode) {
    this(frames, rings, fullPageWrites, clients, think, checkpoints, bgwriter, transactions, durationNanos,
        warmupFraction, intervalNanos, seed, realTime, flushMode, null);
  }

  /** The defaults of {@code bufmgr pipeline}'s options, which a pipeline sweep's specs share: buffers in the pool. */
  public static final String DEFAULT_FRAMES = "16384";
  /** Closed-loop clients. */
  public static final String DEFAULT_CLIENTS = "10";
  /** Think time between transactions. */
  public static final String DEFAULT_THINK = "0ms";
  /** The unmeasured first share of a run. */
  public static final String DEFAULT_WARMUP = "0.1";
  /** The time series' interval. */
  public static final String DEFAULT_INTERVAL = "1s";
  /** A simulated run's virtual seconds when neither its seconds nor its transactions are given. */
  public static final double DEFAULT_SIM_SECONDS = 30;
  /** The default workload's data as a multiple of the pool: {@code tpcb:frames=FRAMES,ratio=4}. */
  public static final int DEFAULT_RATIO = 4;
  /** The selector a run uses unless told. */
  public static final String DEFAULT_SELECTOR = "gclock";
  /** The commit policy a run uses unless told. */
  public static final String DEFAULT_COMMIT = "greedy";

  /** Settings whose real-time runs flush from a dedicated flusher thread. */
  public PipelineSettings(int frames, boolean rings, boolean fullPageWrites, int clients, ThinkTime think,
      CheckpointSettings checkpoints, BgWriterSettings bgwriter, long transactions, long durationNanos,
      double warmupFraction, long intervalNanos, long seed, boolean realTime) {
    this(frames, rings, fullPageWrites, clients, think, checkpoints, bgwriter, transactions, durationNanos,
        warmupFraction, intervalNanos, seed, realTime, FlushMode.FLUSHER);
  }

  /** The core's configuration of the run of {@code selector} under {@code policy}. */
  public PipelineConfig config(Spec selector, PolicyFactory policy) {
    return new PipelineConfig(frames, selector, rings, 8192, fullPageWrites, clients, think, policy,
        checkpoints, bgwriter, transactions, durationNanos, warmupFraction, intervalNanos, seed, flushModeFor(policy),
        pageCache);
  }

  /**
   * The flush mode of the run under {@code policy}: {@link #flushMode}, except the flusher for a
   * policy whose commits do not wait for the log (no committing thread would lead).
   */
  public FlushMode flushModeFor(PolicyFactory policy) {
    return flushMode == FlushMode.LEADER && !policy.create().durable() ? FlushMode.FLUSHER : flushMode;
  }

  /** {@code sim} or {@code real}. */
  public String clock() {
    return realTime ? "real" : "sim";
  }
}
