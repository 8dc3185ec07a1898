package dev.bufmgr.replay.sample;

import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayResult;
import dev.bufmgr.replay.ReplayRows;
import dev.bufmgr.replay.ReplayRunner;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.stream.InputFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Miniature simulation (Waldspurger, Saemundsson, Ahmad and Park, "Cache Modeling and
 * Optimization using Miniature Simulations", ATC '17): a cache of S_e frames under any policy is
 * emulated by a cache of S_m = round(R x S_e) frames replaying the {@link SampledTrace spatial
 * sample} at rate R, unmodified, and its misses are scaled back with the SHARDS adjustment
 * ({@link SampledTrace#adjustedMisses}). Every policy (pool selectors and baselines, OPT included,
 * which reads the sample's own future) and every size replays in one pass over the sample in
 * memory ({@link ReplayRunner#onePass}), each configuration on one thread.
 *
 * <p>A fixed-size sample's rate falls while it is drawn. A miniature cache here is sized once,
 * from the final rate, and replays the requests to the pages still sampled at the end, which are
 * exactly the fixed-rate sample at that rate: the emulated size stays S_m / R throughout. The
 * alternatives resize the cache as R falls: SHARDS (FAST '15) and libCacheSim's fixed-size
 * profiler ({@code libCacheSim/mrcProfiler/mrcProfiler.cpp} at commit 6cecdd8, {@code
 * fixed_sample_size_run}) rescale an LRU stack-distance histogram, weighting each request by the
 * rate in force when it came, which only a stack algorithm allows; libCacheSim's miniature
 * simulation ({@code MRCProfilerMINISIM}) takes a fixed rate only. Shrinking a running cache would
 * need every policy to drop pages it did not choose, which neither the pool's selectors nor the
 * baselines can do. The cost is memory during the draw: requests are kept while their page is
 * below the current threshold and compacted as it falls.
 *
 * <p>Floors: a sample of fewer than {@link #MIN_SAMPLED_PAGES} distinct pages is too small to
 * trust, and a miniature cache below {@link #MIN_MINI_FRAMES} frames is flagged untrusted (ATC '17
 * suggests constraints such as S_m of at least 100); a size whose miniature cache would hold no
 * frame is not replayed.
 */
public final class SampledReplay {
  /** The smallest miniature cache whose row counts as trusted (ATC '17: S_m of at least 100). */
  public static final int MIN_MINI_FRAMES = 100;

  /**
   * The fewest distinct pages a sample must hold to be used: a smaller one leaves too few pages per
   * emulated size for its curve to mean anything (reports/sampling.md, "Where sampling fails").
   */
  public static final int MIN_SAMPLED_PAGES = 1_000;

  private SampledReplay() {}

  /**
   * What a sampled replay gave.
   *
   * @param sample the sample replayed
   * @param sampleFacts the sample's own facts (its requests, distinct pages, ...)
   * @param results one per policy and emulated size, policy-major in the order asked for
   */
  public record Outcome(SampledTrace sample, InputFacts sampleFacts, List<SampledResult> results) {
    /** Whether the sample holds fewer than {@link #MIN_SAMPLED_PAGES} distinct pages. */
    public boolean tooFewPages() {
      return sample.pages() < MIN_SAMPLED_PAGES;
    }
  }

  /**
   * Draws {@code input}'s sample and replays it: the entry point for a caller with its sizes in
   * frames (a sweep resolves fractions of the footprint first).
   *
   * @param frames emulated sizes; a size whose miniature cache holds no frame gives a result
   *     that was not {@linkplain SampledResult#replayed() replayed}
   * @param workers the most threads the one pass over the sample uses
   */
  public static Outcome onePass(ReplayInput input, Sampling sampling, List<ReplayPolicy> policies, List<Integer> frames,
      int workers) {
    return replay(input, SampledTrace.draw(input.open(), sampling), policies, frames, workers);
  }

  /** Replays a sample already drawn from {@code input} (see {@link #onePass}). */
  public static Outcome replay(ReplayInput input, SampledTrace sample, List<ReplayPolicy> policies, List<Integer> frames,
      int workers) {
    TreeSet<Integer> distinct = new TreeSet<>();
    for (int f : frames) {
      int m = sample.miniFrames(f);
      if (m > 0) distinct.add(m);
    }
    List<Integer> minis = new ArrayList<>(distinct);
    ReplayInput mini = ReplayInput.ofTrace(sample.trace(), input.label(), input.format());
    List<ReplayResult> raw = minis.isEmpty() ? List.of() : ReplayRunner.onePass(mini, policies, minis, workers);
    List<SampledResult> results = new ArrayList<>();
    for (int p = 0; p < policies.size(); p++) {
      for (int f : frames) {
        int m = sample.miniFrames(f);
        if (m == 0) {
          results.add(new SampledResult(policies.get(p).name(), f, 0, null, null));
          continue;
        }
        ReplayResult r = raw.get(p * minis.size() + minis.indexOf(m));
        results.add(new SampledResult(r.policy(), f, m, r, estimate(sample, r, f)));
      }
    }
    return new Outcome(sample, mini.facts(), results);
  }

  /** The miniature run {@code r} as a result for the whole input at {@code frames} (see {@link SampledResult#estimate}). */
  static ReplayResult estimate(SampledTrace sample, ReplayResult r, int frames) {
    long n = sample.requests();
    double rate = sample.rate();
    long misses = SampledTrace.adjustedMisses(r.misses(), n, rate);
    ReplayResult.Spread spread = r.spread() == null ? null
        : new ReplayResult.Spread(r.spread().runs(), adjustedHitRatio(r.spread().minHitRatio(), r.requests(), n, rate),
            adjustedHitRatio(r.spread().maxHitRatio(), r.requests(), n, rate));
    return new ReplayResult(r.policy(), frames, n, n - misses, sample.scaled(r.evictions()),
        r.dirtyEvictions() == null ? null : sample.scaled(r.dirtyEvictions()), r.ticksPerVictim(), r.seconds(), r.classHits(),
        r.classMisses(), spread, r.selectorCounters(), r.timedRequests());
  }

  private static double adjustedHitRatio(double miniHitRatio, long sampled, long requests, double rate) {
    return requests == 0 ? 0 : 1 - Math.min(1, (1 - miniHitRatio) * sampled / (requests * rate));
  }

  /**
   * The result rows of a sampled replay, in {@link ReplayRows}'s fields, for the replayed results
   * of {@code outcome} (policy-major; {@code strategies} gives each policy's {@link
   * ReplayPolicy#strategies}, in the order of the results' policies). In a sampled row {@code
   * requests} is the input's count, and every other count ({@code hits}, {@code misses}, {@code
   * evictions}, {@code dirtyEvictions}, {@code distinctPages}, {@code strategyRequests}) is the
   * sample's scaled by 1/R, misses SHARDS-adjusted, so {@code hitRatio} is the adjusted estimate;
   * {@code frames} is the emulated size. {@code seconds}, {@code timedRequests}, {@code
   * requestsPerSecond}, {@code ticksPerVictim}, per-class hit ratios and {@code selector.*} are the
   * miniature run's own. Added: {@code sampling} (the spec), {@code sampleRate} (R = T/P, the final
   * one for a fixed-size sample), and the sample's raw counts {@code sampledRequests}, {@code
   * sampledPages}, {@code sampledFrames} (the miniature cache), {@code sampledHits}, {@code
   * sampledMisses}, and {@code sampleTrusted} (the sample and the miniature cache above their
   * floors).
   */
  public static List<ResultRow> rows(ReplayInput input, Outcome outcome, List<String> strategies) {
    SampledTrace s = outcome.sample();
    InputFacts f = outcome.sampleFacts();
    InputFacts scaled = new InputFacts(s.requests(), (int) Math.min(Integer.MAX_VALUE, s.scaled(f.distinctPages())),
        s.scaled(f.strategyRequests()), f.largestClass(), f.carries());
    int perPolicy = outcome.results().size() / Math.max(1, strategies.size());
    List<ResultRow> rows = new ArrayList<>();
    for (int i = 0; i < outcome.results().size(); i++) {
      SampledResult r = outcome.results().get(i);
      if (!r.replayed()) continue;
      ResultRow row = ReplayRows.row(input, r.estimate(), 1, strategies.get(i / perPolicy), scaled);
      row.put("sampling", s.sampling().text());
      row.put("sampleRate", s.rate());
      row.put("sampledRequests", s.sampledRequests());
      row.put("sampledPages", s.pages());
      row.put("sampledFrames", r.miniFrames());
      row.put("sampledHits", r.mini().hits());
      row.put("sampledMisses", r.mini().misses());
      row.put("sampleTrusted", r.trusted() && !outcome.tooFewPages());
      rows.add(row);
    }
    return rows;
  }
}
