package dev.bufmgr.app.cli;

import dev.bufmgr.pipeline.run.PipelineDevice;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Component;
import dev.bufmgr.core.params.Registry;
import dev.bufmgr.replay.baseline.Baselines;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.device.DeviceModels;
import dev.bufmgr.wal.sim.Loops;
import dev.bufmgr.workloads.synth.Workloads;
import dev.bufmgr.workloads.trace.TraceFormats;
import java.util.ArrayList;
import java.util.List;

/**
 * Every kind of component a command line picks by name, each with its registry and the flags
 * that take it: what {@code bufmgr list} prints.
 */
final class ComponentKinds {
  private ComponentKinds() {}

  /**
   * A kind of component.
   *
   * @param title its heading, plural
   * @param flags the flags that take one, as help texts name them
   * @param registry its components
   */
  record Kind(String title, String flags, Registry<? extends Component> registry) {}

  /** Every kind, in listing order. */
  static List<Kind> all() {
    List<Component> devices = new ArrayList<>(DeviceModels.registry().all());
    devices.add(PipelineDevice.FILE);
    return List.of(
        new Kind("Selectors", Flags.POLICY + " in replay, compare and mrc; " + Flags.SELECTOR + " in pipeline",
            SelectorRegistry.load().components()),
        new Kind("Baselines", Flags.POLICY + " in replay, compare and mrc", Baselines.registry()),
        new Kind("Release policies", Flags.RELEASE + " in commit, wal-load and pipeline", ReleasePolicies.registry()),
        new Kind("Devices", "--device in commit and pipeline", Registry.of(DeviceModels.KIND, devices)),
        new Kind("Loops", "--loop in commit", Loops.registry()),
        new Kind("Trace formats", "--format", TraceFormats.registry()),
        new Kind("Workloads", "--workload", Workloads.registry()));
  }
}
