package dev.bufmgr.workloads.baseline;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.bufmgr.core.evict.ParameterSpec;
import dev.bufmgr.core.evict.SelectorParameters;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.replay.ClassTally;
import dev.bufmgr.workloads.replay.ReplayPolicy;
import dev.bufmgr.workloads.replay.ReplayResult;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Caffeine's W-TinyLFU (Einziger, Friedman and Manes, "TinyLFU: a highly efficient cache
 * admission policy", ACM ToS 2017) as a baseline: a cache with {@code maximumSize} = frames and a
 * same-thread executor, so maintenance (and eviction) happens inside each call. A request is a
 * hit when {@code getIfPresent} finds the page; a miss puts it.
 *
 * <p>Not reproducible: Caffeine admits a candidate at random (one in 128) once its frequency
 * passes a threshold, against hash flooding ({@code BoundedLocalCache.admit}, drawn from {@code
 * ThreadLocalRandom}, which no seed pins), so hit counts differ from run to run. The policy
 * therefore replays {@code runs} times (parameter {@code runs}, default 5) and reports the mean
 * hits with the lowest and highest hit ratio ({@link ReplayResult.Spread}). The runs are
 * independent caches and run in parallel on the machine's cores; the rate is per run (requests
 * over the mean run's wall time).
 */
public final class CaffeinePolicy implements ReplayPolicy {
  /** Its parameters: {@code runs}, 5 by default. */
  public static final List<ParameterSpec> PARAMETERS = List.of(
      ParameterSpec.integer("runs", 5, 1, 100,
          "replays per input and size; the row gives the mean hits and the range of the hit ratio (Caffeine's admission is random)"));

  private final int runs;
  private final String name;

  /** Caffeine with the default number of runs. */
  public CaffeinePolicy() {
    this(SelectorParameters.resolve("caffeine", PARAMETERS, Map.of()));
  }

  /** Caffeine with parameters validated against {@link #PARAMETERS}. */
  public CaffeinePolicy(SelectorParameters parameters) {
    this.runs = parameters.intValue("runs");
    this.name = parameters.canonicalName();
  }

  @Override
  public String name() {
    return name;
  }

  /**
   * W-TinyLFU's admission filter may reject a candidate (with a small admission window, the page
   * just put), so it does not page on demand: its bound is OPT with bypass.
   */
  @Override
  public boolean admitsEveryMiss() {
    return false;
  }

  @Override
  public ReplayResult replay(EventTrace trace, int frames) {
    List<Run> done = IntStream.range(0, runs).parallel().mapToObj(i -> replayOnce(trace, frames)).toList();
    long hitSum = 0;
    long evictionSum = 0;
    double seconds = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    long[] classHitSum = null;
    long[] classMissSum = null;
    for (Run r : done) {
      hitSum += r.hits();
      evictionSum += r.evictions();
      seconds += r.seconds();
      double ratio = trace.size() == 0 ? 0 : r.hits() / (double) trace.size();
      min = Math.min(min, ratio);
      max = Math.max(max, ratio);
      classHitSum = add(classHitSum, r.tally().hits());
      classMissSum = add(classMissSum, r.tally().misses());
    }
    return new ReplayResult(name, frames, trace.size(), mean(hitSum), mean(evictionSum), null, null, seconds / runs,
        means(classHitSum), means(classMissSum), new ReplayResult.Spread(runs, min, max));
  }

  /** One replay: its hits, evictions, per-class tally and wall seconds. */
  private record Run(long hits, long evictions, ClassTally tally, double seconds) {}

  private long mean(long sum) {
    return Math.round(sum / (double) runs);
  }

  private long[] means(long[] sums) {
    if (sums == null) return null;
    long[] m = new long[sums.length];
    for (int c = 0; c < m.length; c++) m[c] = mean(sums[c]);
    return m;
  }

  private static long[] add(long[] sum, long[] part) {
    if (part == null) return null;
    if (sum == null) return part.clone();
    for (int c = 0; c < sum.length; c++) sum[c] += part[c];
    return sum;
  }

  private static Run replayOnce(EventTrace trace, int frames) {
    long start = System.nanoTime();
    ClassTally tally = new ClassTally(trace);
    long[] evictions = new long[1];
    Cache<Long, Boolean> cache =
        Caffeine.newBuilder()
            .maximumSize(frames)
            .executor(Runnable::run)
            .evictionListener((Long k, Boolean v, com.github.benmanes.caffeine.cache.RemovalCause c) -> evictions[0]++)
            .build();
    int n = trace.size();
    long[] pages = trace.pages();
    long hits = 0;
    for (int i = 0; i < n; i++) {
      Long key = pages[i];
      if (cache.getIfPresent(key) != null) hits++;
      else {
        tally.miss(i);
        cache.put(key, Boolean.TRUE);
      }
    }
    return new Run(hits, evictions[0], tally, (System.nanoTime() - start) / 1e9);
  }
}
