package dev.bufmgr.workloads.replay;

import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.pool.AccessStrategy;
import dev.bufmgr.workloads.event.EventRequirements;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.report.ResultRow;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Runs every policy at every size on one input and collects result rows, printing a progress
 * line per run on stderr when asked. Before a policy's first measured run, it replays the first
 * {@link #WARMUP_REQUESTS} requests, unmeasured, until two such replays run at rates within 10%
 * of each other (at most {@link #MAX_WARMUP_ROUNDS}), so no row's rate measures JIT warm-up. Pool policies run with {@code threads} threads (the
 * concurrent driver when more than one); baselines and selectors that declare themselves
 * single-threaded always replay on one thread.
 */
public final class ReplayRunner {
  /**
   * Requests of each discarded warm-up replay a policy gets before its first measured one, so the
   * just-in-time compiler has compiled its replay path and a rate measures the steady state.
   */
  public static final int WARMUP_REQUESTS = 500_000;

  /** At most this many warm-up replays; they stop once two in a row agree within 10%. */
  public static final int MAX_WARMUP_ROUNDS = 5;

  private final PrintStream progress;
  private final Set<String> warmed = new HashSet<>();

  /** A runner; {@code progress} may be null for silence. */
  public ReplayRunner(PrintStream progress) {
    this.progress = progress;
  }

  /** Replays and returns one row per policy and size, in policy-major order. */
  public List<ResultRow> run(ReplayInput input, List<ReplayPolicy> policies, List<Integer> frames, int threads) {
    for (ReplayPolicy p : policies) {
      EventRequirements.require(input.label(), input.trace().carries(), p.needs(), "policy " + p.name());
    }
    int distinct = input.trace().distinctPages();
    long strategyRequests = strategyRequests(input.trace());
    List<ResultRow> rows = new ArrayList<>();
    int total = policies.size() * frames.size();
    int done = 0;
    for (ReplayPolicy p : policies) {
      if (warmed.add(p.name())) warmUp(p, input.trace(), frames.getFirst());
      for (int f : frames) {
        ReplayResult r;
        int usedThreads = threads > 1 && p instanceof PoolPolicy pp && !pp.singleThreaded() ? threads : 1;
        if (usedThreads > 1) {
          r = ConcurrentReplay.run((PoolPolicy) p, f, threads, PoolPolicy.classesOf(input.trace()), input::traceFor, t -> input.startFor(t, threads));
        } else {
          r = p.replay(input.trace(), f);
        }
        rows.add(ReplayRows.row(input, r, usedThreads, p.strategies(), strategyRequests, distinct));
        done++;
        if (progress != null) {
          progress.printf(Locale.ROOT, "bufmgr: [%d/%d] %s %s frames=%d hitRatio=%.4f %.1fM req/s%n",
              done, total, shortName(input.label()), r.policy(), f, r.hitRatio(), r.requestsPerSecond() / 1e6);
        }
      }
    }
    return rows;
  }

  private static void warmUp(ReplayPolicy p, EventTrace trace, int frames) {
    EventTrace prefix = trace.prefix(WARMUP_REQUESTS);
    double last = 0;
    for (int round = 0; round < MAX_WARMUP_ROUNDS; round++) {
      double rate = p.replay(prefix, frames).requestsPerSecond();
      if (round > 0 && Math.abs(rate - last) <= 0.1 * Math.max(rate, last)) return;
      last = rate;
    }
  }

  /** The requests of {@code trace} that carry an access strategy other than normal. */
  static long strategyRequests(EventTrace trace) {
    int[] meta = trace.meta();
    if (meta == null) return 0;
    long n = 0;
    for (int i = 0; i < trace.size(); i++) {
      if (EventMeta.strategy(meta[i]) != AccessStrategy.NORMAL) n++;
    }
    return n;
  }

  private static String shortName(String label) {
    return label.length() <= 40 ? label : label.substring(0, 37) + "...";
  }
}
