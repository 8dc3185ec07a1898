package dev.bufmgr.app.commit;

import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.core.params.Durations;
import dev.bufmgr.wal.CommitResult;
import dev.bufmgr.results.report.ResultRow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The closed-loop parts of the group-commit experiment (seeds/000, Fig. 2): the self-clocking
 * fixed point against its closed form; greedy against the best oracle-tuned timer at every load
 * and device; the square-root timer fed the measured lambda against greedy; and PostgreSQL's
 * commit_delay against greedy below and above six clients.
 */
final class ClosedLoopSections {
  /** The paper's think time. */
  static final long THINK = 1_000_000;

  private final ExperimentSettings s;
  private final Consumer<String> progress;

  ClosedLoopSections(ExperimentSettings settings, Consumer<String> progress) {
    this.s = settings;
    this.progress = progress;
  }

  private static ResultRow base(String section, CommitResult r) {
    return new ResultRow()
        .put("section", section)
        .put("policy", r.policy())
        .put("loop", r.loop())
        .put("device", r.device())
        .put("clock", r.clock())
        .put("seed", r.seed())
        .put("commits", r.commits());
  }

  /** Greedy on the EBS device against K*, X*, R* for every N. */
  List<ResultRow> fixedPoint() {
    List<ResultRow> rows = new ArrayList<>();
    DeviceModel dev = s.devices().get(0);
    double f = dev.latency().medianNanos() / 1e9;
    double z = THINK / 1e9;
    for (int n : s.clients()) {
      progress.accept("fixed point N=" + n);
      CommitResult r = Simulations.closed("greedy", n, THINK, dev, 2 * s.commits(), s.seed());
      double k = ClosedLoopModel.batch(n, f, z);
      double x = ClosedLoopModel.throughput(n, f, z);
      double resp = ClosedLoopModel.response(n, f, z);
      rows.add(base("fixed-point", r)
          .put("clients", n)
          .put("predictedBatch", k)
          .put("batch", r.meanBatch())
          .put("batchErrorPct", 100 * (r.meanBatch() / k - 1))
          .put("predictedThroughput", x)
          .put("throughput", r.throughput())
          .put("throughputErrorPct", 100 * (r.throughput() / x - 1))
          .put("predictedResponseMs", resp * 1e3)
          .put("responseMs", r.latencyMeanNanos() / 1e6)
          .put("deviceUtilization", r.deviceUtilization()));
    }
    return rows;
  }

  /**
   * For every device and N: greedy, every timer of the grid (the oracle picks the best), and the
   * square-root timer T = sqrt(2 F0 / lambda) with lambda = greedy's measured throughput. Greedy
   * runs a second time with the next seed: the difference of the two means ({@code noisePct}) is
   * the sampling noise a gap is judged against.
   */
  List<ResultRow> timerSweep() {
    List<ResultRow> rows = new ArrayList<>();
    for (DeviceModel dev : s.devices()) {
      double f0 = dev.latency().medianNanos();
      long think = THINK;
      for (int n : s.clients()) {
        progress.accept("timer sweep " + dev.spec() + " N=" + n);
        CommitResult greedy = Simulations.closed("greedy", n, think, dev, s.commits(), s.seed());
        CommitResult greedyAgain = Simulations.closed("greedy", n, think, dev, s.commits(), s.seed() + 1);
        double noisePct = 100 * Math.abs(greedyAgain.latencyMeanNanos() / greedy.latencyMeanNanos() - 1);
        CommitResult best = null;
        double bestT = Double.NaN;
        for (double m : s.timerMultiples()) {
          long t = Math.round(m * f0);
          CommitResult r = Simulations.closed("timer:t=" + t + "ns", n, think, dev, s.commits(), s.seed());
          if (best == null || r.latencyMeanNanos() < best.latencyMeanNanos()) {
            best = r;
            bestT = t;
          }
        }
        double lambda = greedy.throughput();
        double lambdaStar = 2e9 / f0;
        long sqrtT = Math.round(Math.sqrt(2 * f0 / lambda * 1e9));
        CommitResult sqrt = Simulations.closed("timer:t=" + sqrtT + "ns", n, think, dev, s.commits(), s.seed());
        rows.add(base("timer-sweep", greedy)
            .put("clients", n)
            .put("thinkMs", think / 1e6)
            .put("f0Ms", f0 / 1e6)
            .put("f0P99Ms", dev.latency().p99Nanos() / 1e6)
            .put("lambda", lambda)
            .put("lambdaStar", lambdaStar)
            .put("aboveLambdaStar", lambda > lambdaStar)
            .put("greedyResponseMs", greedy.latencyMeanNanos() / 1e6)
            .put("bestTimer", Durations.format(bestT))
            .put("bestTimerResponseMs", best.latencyMeanNanos() / 1e6)
            .put("greedyGapPct", 100 * (greedy.latencyMeanNanos() / best.latencyMeanNanos() - 1))
            .put("noisePct", noisePct)
            .put("sqrtTimer", Durations.format(sqrtT))
            .put("sqrtTimerBelowF0", sqrtT < f0)
            .put("sqrtTimerResponseMs", sqrt.latencyMeanNanos() / 1e6)
            .put("sqrtOverGreedy", sqrt.latencyMeanNanos() / greedy.latencyMeanNanos()));
      }
    }
    return rows;
  }

  /** PostgreSQL commit_delay=100us, commit_siblings=5 against greedy for N around six. */
  List<ResultRow> commitDelay() {
    List<ResultRow> rows = new ArrayList<>();
    DeviceModel dev = s.devices().get(0);
    int[] ns = s.quick() ? new int[] {4, 8} : new int[] {1, 2, 4, 5, 6, 8, 16, 32, 64};
    for (int n : ns) {
      progress.accept("commit_delay N=" + n);
      CommitResult g = Simulations.closed("greedy", n, THINK, dev, s.commits(), s.seed());
      CommitResult d = Simulations.closed("pgdelay:delay=100us,siblings=5", n, THINK, dev, s.commits(), s.seed());
      boolean identical = g.flushes() == d.flushes() && g.latencyMeanNanos() == d.latencyMeanNanos();
      rows.add(base("commit-delay", d)
          .put("clients", n)
          .put("delayCanAct", n >= 6)
          .put("identicalToGreedy", identical)
          .put("greedyThroughput", g.throughput())
          .put("throughput", d.throughput())
          .put("greedyResponseMs", g.latencyMeanNanos() / 1e6)
          .put("responseMs", d.latencyMeanNanos() / 1e6)
          .put("greedyBatch", g.meanBatch())
          .put("batch", d.meanBatch()));
    }
    return rows;
  }
}
