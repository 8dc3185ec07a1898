package dev.bufmgr.app.commit;

import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.DeviceModels;
import dev.bufmgr.wal.sim.CommitSimulation;
import dev.bufmgr.wal.sim.LoopSpec;
import dev.bufmgr.wal.sim.OpenArrivals;
import dev.bufmgr.wal.sim.RateSchedule;
import dev.bufmgr.core.params.Durations;
import dev.bufmgr.wal.CommitResult;
import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The open-loop comparison (seeds/000, Fig. 3/4): Poisson arrivals whose rate shifts between a
 * low and a high phase, in the dynamic-acknowledgement cost model (each flush costs F0, each
 * commit costs its wait until its flush starts; the device itself is instantaneous so the model's
 * assumptions hold). Ski-rental, the square-root timer tuned to the low rate, the one tuned to
 * the mean rate, the online EOQ timer and greedy are set against the offline optimum computed on
 * the very same arrivals.
 */
final class OpenLoopSection {
  /** F0 of the cost model: the paper's EBS gp3. */
  static final double F0 = 900_000;
  /** The rate phases: low, then high, repeating. */
  static final String PHASES = "500@100ms/4000@100ms";

  private final ExperimentSettings s;
  private final Consumer<String> progress;

  OpenLoopSection(ExperimentSettings settings, Consumer<String> progress) {
    this.s = settings;
    this.progress = progress;
  }

  List<ResultRow> run() {
    RateSchedule schedule = RateSchedule.parsePhases(PHASES, "phases");
    LoopSpec.Open loop = new LoopSpec.Open(schedule);
    DeviceModel instant = DeviceModels.parse("fixed:f0=0ms");
    long tLow = Math.round(Math.sqrt(2 * F0 / schedule.minRate() * 1e9));
    long tMean = Math.round(Math.sqrt(2 * F0 / schedule.meanRate() * 1e9));
    String f0 = Durations.format(F0);
    String[][] policies = {
      // role names: short, they label the chart's bars
      {"ski:f0=" + f0, "ski"},
      {"timer:t=" + tLow + "ns", "timer, low rate"},
      {"timer:t=" + tMean + "ns", "timer, mean rate"},
      {"eoq:f0=" + f0, "eoq, online"},
      {"greedy", "greedy"},
    };
    List<ResultRow> rows = new ArrayList<>();
    for (String[] p : policies) {
      progress.accept("open loop " + p[0]);
      CommitResult r = Simulations.open(p[0], loop, instant, s.openLoopCommits(), s.seed());
      long[] arrivals = OpenArrivals.first(schedule, CommitSimulation.arrivalSeed(s.seed()), (int) r.commits());
      OfflineOptimum.Solution opt = OfflineOptimum.solve(arrivals, F0);
      double cost = r.costPerCommitNanos(F0);
      double optCost = opt.costPerCommit(arrivals.length);
      rows.add(new ResultRow()
          .put("section", "open-loop")
          .put("policy", r.policy())
          .put("role", p[1])
          .put("loop", r.loop())
          .put("device", r.device())
          .put("f0Ms", F0 / 1e6)
          .put("clock", r.clock())
          .put("seed", r.seed())
          .put("commits", r.commits())
          .put("flushes", r.flushes())
          .put("meanBatch", r.meanBatch())
          .put("meanWaitMs", r.meanWaitNanos() / 1e6)
          .put("costPerCommitMs", cost / 1e6)
          .put("optimumCostPerCommitMs", optCost / 1e6)
          .put("optimumBatches", opt.batches())
          .put("ratioToOptimum", cost / optCost));
    }
    return rows;
  }
}
