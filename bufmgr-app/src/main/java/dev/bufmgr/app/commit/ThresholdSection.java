package dev.bufmgr.app.commit;

import dev.bufmgr.wal.device.DeviceModels;
import dev.bufmgr.wal.device.EmpiricalLatency;
import dev.bufmgr.wal.device.LatencyModel;
import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.List;

/**
 * The load threshold lambda* = 2 / F0 (seeds/000, section 2): the square-root timer's T* =
 * sqrt(2 F0 / lambda) falls below F0 exactly when lambda exceeds it. Given for the paper's two
 * devices and, with a probe file, for this machine's measured median fsync.
 */
final class ThresholdSection {
  private final ExperimentSettings s;

  ThresholdSection(ExperimentSettings settings) {
    this.s = settings;
  }

  List<ResultRow> run() {
    List<ResultRow> rows = new ArrayList<>();
    rows.add(row("EBS gp3 (paper)", DeviceModels.parse(ExperimentSettings.EBS).latency(), 2200.0));
    rows.add(row("instance NVMe (paper)", DeviceModels.parse(ExperimentSettings.NVME).latency(), 55000.0));
    if (s.probeFile() != null) {
      EmpiricalLatency probe = (EmpiricalLatency) DeviceModels.parse("empirical:" + s.probeFile()).latency();
      rows.add(row("this machine (fsync-probe)", probe, null)
          .put("p99Ms", probe.quantileNanos(0.99) / 1e6));
    }
    return rows;
  }

  private static ResultRow row(String name, LatencyModel f0, Double paper) {
    return new ResultRow()
        .put("section", "threshold")
        .put("deviceName", name)
        .put("device", f0.spec())
        .put("f0Ms", f0.medianNanos() / 1e6)
        .put("lambdaStar", 2e9 / f0.medianNanos())
        .put("paperLambdaStar", paper);
  }
}
