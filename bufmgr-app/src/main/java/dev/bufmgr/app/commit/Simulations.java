package dev.bufmgr.app.commit;

import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.sim.CommitSimulation;
import dev.bufmgr.wal.sim.LoopSpec;
import dev.bufmgr.wal.sim.SimulationConfig;
import dev.bufmgr.wal.sim.ThinkTime;
import dev.bufmgr.wal.CommitResult;
import dev.bufmgr.wal.ReleasePolicies;

/** Shorthands for the experiment's simulation runs. */
final class Simulations {
  private Simulations() {}

  /** A closed loop with exponential think time, 10% warm-up. */
  static CommitResult closed(String policy, int clients, long thinkNanos, DeviceModel device, long commits, long seed) {
    LoopSpec loop = new LoopSpec.Closed(clients, new ThinkTime(thinkNanos, ThinkTime.Distribution.EXP));
    return CommitSimulation.run(SimulationConfig.of(ReleasePolicies.parse(policy), loop, device, commits, seed));
  }

  /** An open loop measured from its first arrival (no warm-up), so an offline optimum sees the same arrivals. */
  static CommitResult open(String policy, LoopSpec.Open loop, DeviceModel device, long commits, long seed) {
    return CommitSimulation.run(
        SimulationConfig.of(ReleasePolicies.parse(policy), loop, device, commits, seed).withWarmup(0));
  }
}
