package dev.bufmgr.replay;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one replay of one trace under one policy and pool size measured.
 *
 * @param policy the policy's canonical name with its parameters
 * @param frames the pool size in pages
 * @param requests events replayed
 * @param hits requests found in the pool
 * @param evictions pages removed to make room (a policy that declines to admit a page counts no
 *     eviction for it)
 * @param dirtyEvictions evictions of dirty pages (written back first), or null where the policy
 *     does not track dirtiness
 * @param ticksPerVictim mean positions examined per victim, or null where the policy has no hand
 * @param seconds wall time of the replay loop over the timed requests (including any
 *     precomputation the policy needs)
 * @param classHits hits per page class, or null when not counted
 * @param classMisses misses per page class, or null when not counted
 * @param spread for a policy that is not reproducible (Caffeine), how its hit ratio varied over
 *     the runs whose mean {@code hits} is; null for a deterministic policy (one run is the number)
 * @param selectorCounters a pool selector's own counts ({@code VictimSelector.counters()}), empty
 *     for a policy that keeps none
 * @param timedRequests the requests {@code seconds} covers, the last ones of the run: all of them,
 *     or all but the first {@link ReplayRunner#UNTIMED_REQUESTS} when the run was its own warm-up
 */
public record ReplayResult(
    String policy,
    int frames,
    long requests,
    long hits,
    long evictions,
    Long dirtyEvictions,
    Double ticksPerVictim,
    double seconds,
    long[] classHits,
    long[] classMisses,
    Spread spread,
    Map<String, Long> selectorCounters,
    long timedRequests) {

  public ReplayResult {
    selectorCounters = Collections.unmodifiableMap(new LinkedHashMap<>(selectorCounters));
    if (timedRequests < 0 || timedRequests > requests) {
      throw new IllegalArgumentException("timed requests " + timedRequests + " outside 0.." + requests);
    }
  }

  /** A result whose time covers every request. */
  public ReplayResult(String policy, int frames, long requests, long hits, long evictions, Long dirtyEvictions,
      Double ticksPerVictim, double seconds, long[] classHits, long[] classMisses, Spread spread,
      Map<String, Long> selectorCounters) {
    this(policy, frames, requests, hits, evictions, dirtyEvictions, ticksPerVictim, seconds, classHits, classMisses, spread,
        selectorCounters, requests);
  }

  /** This result, its {@code seconds} covering only its last {@code timed} requests. */
  public ReplayResult timedOver(long timed) {
    return new ReplayResult(policy, frames, requests, hits, evictions, dirtyEvictions, ticksPerVictim, seconds, classHits,
        classMisses, spread, selectorCounters, timed);
  }

  /**
   * The hit ratios of several runs of one non-reproducible policy on one input and size.
   *
   * @param runs how many runs
   * @param minHitRatio the lowest
   * @param maxHitRatio the highest
   */
  public record Spread(int runs, double minHitRatio, double maxHitRatio) {}

  /** The result of a deterministic policy (no spread). */
  public ReplayResult(String policy, int frames, long requests, long hits, long evictions, Long dirtyEvictions,
      Double ticksPerVictim, double seconds, long[] classHits, long[] classMisses) {
    this(policy, frames, requests, hits, evictions, dirtyEvictions, ticksPerVictim, seconds, classHits, classMisses, null,
        Map.of());
  }

  /** Requests not found in the pool. */
  public long misses() {
    return requests - hits;
  }

  /** Hits over requests (0 for an empty replay). */
  public double hitRatio() {
    return requests == 0 ? 0 : hits / (double) requests;
  }

  /** Timed requests per second of their replay. */
  public double requestsPerSecond() {
    return seconds > 0 ? timedRequests / seconds : Double.NaN;
  }
}
