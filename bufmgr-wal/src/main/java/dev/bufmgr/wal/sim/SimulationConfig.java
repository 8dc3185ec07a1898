package dev.bufmgr.wal.sim;

import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.PolicyFactory;

/**
 * One group-commit simulation run.
 *
 * @param policy the release policy
 * @param loop how commits arrive
 * @param device the device model shared by log flushes and background page writes
 * @param commits acknowledged commits to measure after the warm-up (0 when {@code
 *     durationNanos} bounds the run)
 * @param durationNanos virtual time to run, warm-up included (0 when {@code commits} bounds it)
 * @param seed seeds think times, arrivals and device draws
 * @param recordBytes bytes of log per commit (the flush size is the batch's sum)
 * @param asyncCommit acknowledge at insertion (PostgreSQL {@code synchronous_commit=off})
 * @param background page writes sharing the device, or {@code null}
 * @param warmupFraction share of the run (commits or time) discarded before measuring, in [0, 1)
 */
public record SimulationConfig(
    PolicyFactory policy,
    LoopSpec loop,
    DeviceModel device,
    long commits,
    long durationNanos,
    long seed,
    int recordBytes,
    boolean asyncCommit,
    BackgroundWrites background,
    double warmupFraction) {

  /** @throws IllegalArgumentException on an impossible combination */
  public SimulationConfig {
    if ((commits > 0) == (durationNanos > 0)) {
      throw new IllegalArgumentException("give exactly one of --commits and --seconds, positive");
    }
    if (recordBytes < 0) throw new IllegalArgumentException("record bytes must be >= 0");
    if (!(warmupFraction >= 0 && warmupFraction < 1)) {
      throw new IllegalArgumentException("warm-up fraction must be in [0, 1)");
    }
  }

  /** A commit-bounded run with 64-byte commit records, no background writes, 10% warm-up. */
  public static SimulationConfig of(
      PolicyFactory policy, LoopSpec loop, DeviceModel device, long commits, long seed) {
    return new SimulationConfig(policy, loop, device, commits, 0, seed, 64, false, null, 0.1);
  }

  /** The same run with another warm-up fraction. */
  public SimulationConfig withWarmup(double fraction) {
    return new SimulationConfig(
        policy, loop, device, commits, durationNanos, seed, recordBytes, asyncCommit, background,
        fraction);
  }
}
