package dev.bufmgr.app.commit;

import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.DeviceModels;
import java.util.ArrayList;
import java.util.List;

/**
 * The sizes and devices of one {@code experiment group-commit} run. The full run follows the
 * paper (N = 1..256, a fine timer grid, three devices plus this machine's probe); the quick run
 * keeps three loads, one device and a few thousand commits per point, so a unit test can run it.
 *
 * @param quick whether this is the quick run
 * @param seed the seed of every simulation
 * @param clients the closed-loop client counts
 * @param commits commits measured per simulation point
 * @param timerMultiples the timer grid, as multiples of the device's F0; it starts at 0 (a timer of
 *     zero releases at once, as greedy does), so the best timer is never worse than greedy
 * @param devices the devices of the greedy-versus-timer sweep (the first is the paper's EBS gp3)
 * @param openLoopCommits arrivals in the open-loop comparison
 * @param probeFile this machine's fsync-probe sample file, or {@code null}
 */
public record ExperimentSettings(
    boolean quick,
    long seed,
    int[] clients,
    long commits,
    double[] timerMultiples,
    List<DeviceModel> devices,
    int openLoopCommits,
    String probeFile) {

  /** The paper's EBS gp3 device: F0 = 0.90 ms. */
  public static final String EBS = "fixed:f0=0.9ms";
  /** EBS gp3 with its measured tail: median 0.90 ms, p99 2.5 ms. */
  public static final String EBS_TAIL = "lognormal:median=0.9ms,p99=2.5ms";
  /** The paper's instance-store NVMe: F0 = 0.036 ms. */
  public static final String NVME = "fixed:f0=0.036ms";

  /** The settings for a full or quick run. */
  public static ExperimentSettings of(boolean quick, long seed, String probeFile) {
    List<DeviceModel> devices = new ArrayList<>();
    devices.add(DeviceModels.parse(EBS));
    if (!quick) {
      devices.add(DeviceModels.parse(EBS_TAIL));
      devices.add(DeviceModels.parse(NVME));
    }
    if (probeFile != null) devices.add(DeviceModels.parse("empirical:" + probeFile));
    if (quick) {
      return new ExperimentSettings(true, seed, new int[] {1, 8, 64}, 4_000, new double[] {0, 0.5, 1, 2},
          devices, 4_000, probeFile);
    }
    return new ExperimentSettings(false, seed, new int[] {1, 2, 4, 8, 16, 32, 64, 128, 256}, 200_000,
        new double[] {0, 0.1, 0.2, 0.35, 0.5, 0.75, 1, 1.5, 2, 3}, devices, 200_000, probeFile);
  }
}
