package dev.bufmgr.replay;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.workloads.event.EventRequirements;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.stream.FactsCounter;
import dev.bufmgr.workloads.stream.InputFacts;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Runs every policy at every size on one input and collects result rows, printing a progress
 * line per run on stderr when asked. No row's rate measures the JIT compiling the policy: on an
 * input known to hold at least {@link #IN_RUN_WARMUP_INPUT} requests, each run is its own
 * warm-up, its first {@link #UNTIMED_REQUESTS} requests replayed but not timed; on a shorter
 * input (or one whose length is not known before reading it), and for the concurrent driver, a
 * policy first replays the input's first {@link #WARMUP_REQUESTS} requests, unmeasured, until
 * two such replays run at rates within 10% of each other (at most {@link #MAX_WARMUP_ROUNDS}).
 * Pool policies run with {@code threads} threads (the concurrent driver when more than one);
 * baselines always replay on one thread. A runner made {@linkplain #ReplayRunner(PrintStream,
 * boolean) without warm-up} does neither: each run is timed over all its requests, the JIT's
 * compiling included, and a short input is replayed once per configuration.
 */
public final class ReplayRunner {
  /**
   * Requests of each discarded warm-up replay a policy gets before its first measured one, so the
   * just-in-time compiler has compiled its replay path and a rate measures the steady state.
   */
  public static final int WARMUP_REQUESTS = 500_000;

  /** At most this many warm-up replays; they stop once two in a row agree within 10%. */
  public static final int MAX_WARMUP_ROUNDS = 5;

  /**
   * Requests at the start of a run on a long input that are replayed but not timed: the run's
   * own warm-up, in place of warm-up replays, so a long replay costs no extra requests.
   */
  public static final int UNTIMED_REQUESTS = 1_000_000;

  /** The fewest requests an input must be known to hold for its runs to warm up in the run. */
  public static final long IN_RUN_WARMUP_INPUT = 4L * UNTIMED_REQUESTS;

  private final PrintStream progress;
  private final boolean warmUp;
  private final Set<String> warmed = new HashSet<>();

  /** A runner that warms policies up; {@code progress} may be null for silence. */
  public ReplayRunner(PrintStream progress) {
    this(progress, true);
  }

  /**
   * A runner; {@code progress} may be null for silence. Without {@code warmUp}, no warm-up
   * replay is made and no request is left untimed, so the rates include the JIT's compiling.
   */
  public ReplayRunner(PrintStream progress, boolean warmUp) {
    this.progress = progress;
    this.warmUp = warmUp;
  }

  /**
   * Replays and returns one row per policy and size, in policy-major order. Every configuration
   * replayed on one thread shares one streaming pass over the input ({@link OnePassReplay}); a
   * pool selector with {@code threads} above one runs concurrently on the input held in memory.
   */
  public List<ResultRow> run(ReplayInput input, List<ReplayPolicy> policies, List<Integer> frames, int threads) {
    Set<EventField> carries = input.carries();
    for (ReplayPolicy p : policies) {
      EventRequirements.require(input.label(), carries, p.needs(), "policy " + p.name());
    }
    boolean streams = policies.stream().anyMatch(p -> !concurrent(p, threads)) || input.knownFacts() == null;
    long untimed = warmUp && streams && input.knownLength() >= IN_RUN_WARMUP_INPUT ? UNTIMED_REQUESTS : 0;
    EventTrace prefix = null;
    for (ReplayPolicy p : policies) {
      if (!warmUp || (untimed > 0 && !concurrent(p, threads))) continue;
      if (!warmed.add(p.name())) continue;
      if (prefix == null) prefix = input.prefix(WARMUP_REQUESTS);
      warmUp(p, prefix, frames.getFirst());
    }
    boolean needsNext = policies.stream().anyMatch(p -> !concurrent(p, threads) && p.needsNextAccess());
    List<ReplayResult> streamed = List.of();
    if (streams) {
      int workers = Runtime.getRuntime().availableProcessors();
      streamed = stream(input, policies, frames, threads, needsNext, untimed, workers);
      if (streamed == null) streamed = stream(input, policies, frames, threads, needsNext, untimed, workers);
    }
    InputFacts facts = input.knownFacts();
    EventTrace shared = policies.stream().anyMatch(p -> concurrent(p, threads)) && input.workload() == null ? input.load() : null;
    List<ResultRow> rows = new ArrayList<>();
    int total = policies.size() * frames.size();
    int next = 0;
    for (ReplayPolicy p : policies) {
      boolean together = concurrent(p, threads);
      for (int f : frames) {
        ReplayResult r = together
            ? ConcurrentReplay.run((PoolPolicy) p, f, threads, PoolPolicy.classesFor(carries), t -> input.traceFor(t, shared),
                t -> input.startFor(t, threads, shared))
            : streamed.get(next++);
        rows.add(ReplayRows.row(input, r, together ? threads : 1, p.strategies(), facts));
        if (progress != null) {
          progress.printf(Locale.ROOT, "bufmgr: [%d/%d] %s %s frames=%d hitRatio=%.4f %.1fM req/s%n",
              rows.size(), total, shortName(input.label()), r.policy(), f, r.hitRatio(), r.requestsPerSecond() / 1e6);
        }
      }
    }
    return rows;
  }

  /**
   * One streaming pass of every configuration replayed on one thread. Returns null, after one
   * warning line, when the pass took next accesses the input carries and they turned out false
   * (an oracleGeneral trace whose field is -1 throughout or does not match its ids): the input
   * then computes its own, and the caller runs the pass again.
   */
  private static List<ReplayResult> stream(ReplayInput input, List<ReplayPolicy> policies, List<Integer> frames, int threads,
      boolean needsNext, long untimed, int workers) {
    Set<EventField> carries = input.carries();
    List<ReplayRun> runs = new ArrayList<>();
    for (ReplayPolicy p : policies) {
      if (concurrent(p, threads)) continue;
      for (int f : frames) runs.add(p.start(f, carries));
    }
    FactsCounter counter = input.knownFacts() == null ? new FactsCounter(carries) : null;
    ReplayInput.Pass pass = input.pass(needsNext, Path.of(System.getProperty("java.io.tmpdir")));
    List<ReplayResult> results = OnePassReplay.run(pass.source(), pass.next(), runs, counter == null ? List.of() : List.of(counter),
        workers, untimed);
    if (pass.carriedCheck() != null && !pass.carriedCheck().finish().usable()) {
      System.err.println("bufmgr: warning: " + input.label() + ": its next-access field is false, so OPT computes its own "
          + "next accesses (a pre-pass) and replays again: " + pass.carriedCheck().summary());
      input.distrustCarriedNextAccess();
      return null;
    }
    if (counter != null) input.learned(counter.facts());
    return results;
  }

  /**
   * Every configuration (each policy at each size, policy-major) in one streaming pass over
   * {@code input} on at most {@code workers} threads, timed over all requests, without warm-up
   * and without progress lines: the task of a sweep, whose rows need hits, not rates. The input
   * learns its facts from the pass when it did not know them; a next-access field found false
   * is replaced by a pre-pass, as in {@link #run}.
   */
  public static List<ReplayResult> onePass(ReplayInput input, List<ReplayPolicy> policies, List<Integer> frames, int workers) {
    for (ReplayPolicy p : policies) {
      EventRequirements.require(input.label(), input.carries(), p.needs(), "policy " + p.name());
    }
    boolean needsNext = policies.stream().anyMatch(ReplayPolicy::needsNextAccess);
    List<ReplayResult> results = stream(input, policies, frames, 1, needsNext, 0, workers);
    return results != null ? results : stream(input, policies, frames, 1, needsNext, 0, workers);
  }

  private static boolean concurrent(ReplayPolicy p, int threads) {
    return threads > 1 && p instanceof PoolPolicy;
  }

  private static void warmUp(ReplayPolicy p, EventTrace prefix, int frames) {
    double last = 0;
    for (int round = 0; round < MAX_WARMUP_ROUNDS; round++) {
      double rate = p.replay(prefix, frames).requestsPerSecond();
      if (round > 0 && Math.abs(rate - last) <= 0.1 * Math.max(rate, last)) return;
      last = rate;
    }
  }

  private static String shortName(String label) {
    return label.length() <= 40 ? label : label.substring(0, 37) + "...";
  }
}
