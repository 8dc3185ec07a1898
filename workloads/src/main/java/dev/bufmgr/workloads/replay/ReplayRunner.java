package dev.bufmgr.workloads.replay;

import dev.bufmgr.workloads.event.EventRequirements;
import dev.bufmgr.workloads.report.ResultRow;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs every policy at every size on one input and collects result rows, printing a progress
 * line per run on stderr when asked. Pool policies run with {@code threads} threads (the
 * concurrent driver when more than one); baselines and selectors that declare themselves
 * single-threaded always replay on one thread.
 */
public final class ReplayRunner {
  private final PrintStream progress;

  /** A runner; {@code progress} may be null for silence. */
  public ReplayRunner(PrintStream progress) {
    this.progress = progress;
  }

  /** Replays and returns one row per policy and size, in policy-major order. */
  public List<ResultRow> run(ReplayInput input, List<ReplayPolicy> policies, List<Integer> frames, int threads, boolean rings) {
    for (ReplayPolicy p : policies) {
      EventRequirements.require(input.label(), input.trace().carries(), p.needs(), "policy " + p.name());
    }
    int distinct = input.trace().distinctPages();
    List<ResultRow> rows = new ArrayList<>();
    int total = policies.size() * frames.size();
    int done = 0;
    for (ReplayPolicy p : policies) {
      for (int f : frames) {
        ReplayResult r;
        int usedThreads = threads > 1 && p instanceof PoolPolicy pp && !pp.singleThreaded() ? threads : 1;
        if (usedThreads > 1) {
          r = ConcurrentReplay.run((PoolPolicy) p, f, threads, PoolPolicy.classesOf(input.trace()), input::traceFor, t -> input.startFor(t, threads));
        } else {
          r = p.replay(input.trace(), f);
        }
        rows.add(ReplayRows.row(input, r, usedThreads, rings, distinct));
        done++;
        if (progress != null) {
          progress.printf(Locale.ROOT, "bufmgr: [%d/%d] %s %s frames=%d hitRatio=%.4f %.1fM req/s%n",
              done, total, shortName(input.label()), r.policy(), f, r.hitRatio(), r.requestsPerSecond() / 1e6);
        }
      }
    }
    return rows;
  }

  private static String shortName(String label) {
    return label.length() <= 40 ? label : label.substring(0, 37) + "...";
  }
}
