package dev.bufmgr.app.pipeline;

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
