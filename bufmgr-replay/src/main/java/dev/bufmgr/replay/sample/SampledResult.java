package dev.bufmgr.replay.sample;

import dev.bufmgr.replay.ReplayResult;

/**
 * One configuration of a sampled replay: a policy at an emulated size, the miniature run that
 * emulated it, and that run scaled to the whole input.
 *
 * @param policy the policy's canonical name
 * @param frames the emulated size, as asked for
 * @param miniFrames the miniature cache, round(frames x R); 0 when it would hold no frame, and
 *     then nothing was replayed
 * @param mini the miniature run's own result over the sample (null when {@code miniFrames} is 0)
 * @param estimate the run as a result for the whole input (null likewise): {@code requests} is the
 *     input's N, {@code misses} the SHARDS-adjusted {@link SampledTrace#adjustedMisses}, {@code
 *     hits} N minus those, {@code evictions} and {@code dirtyEvictions} scaled by 1/R, {@code
 *     frames} the emulated size; time, timed requests, ticks per victim, per-class counts and the
 *     selector's own counts are the miniature run's
 */
public record SampledResult(String policy, long frames, int miniFrames, ReplayResult mini, ReplayResult estimate) {

  /** Whether a miniature cache was replayed for this size. */
  public boolean replayed() {
    return mini != null;
  }

  /** Whether the miniature cache holds at least {@link SampledReplay#MIN_MINI_FRAMES} frames. */
  public boolean trusted() {
    return miniFrames >= SampledReplay.MIN_MINI_FRAMES;
  }

  /** The estimated miss ratio (misses over N), or NaN when not replayed. */
  public double missRatio() {
    return estimate == null || estimate.requests() == 0 ? Double.NaN : estimate.misses() / (double) estimate.requests();
  }
}
