package dev.bufmgr.replay.baseline;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.replay.ClassTally;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayResult;
import dev.bufmgr.replay.ReplayRun;
import dev.bufmgr.workloads.stream.EventBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * independent caches fed the same blocks; the rate is per run (requests over the run's time
 * divided by the number of runs).
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
    this(Parameters.resolve("baseline", Spec.of("caffeine"), PARAMETERS));
  }

  /** Caffeine with parameters validated against {@link #PARAMETERS}. */
  public CaffeinePolicy(Parameters parameters) {
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
  public ReplayRun start(int frames, Set<EventField> carries) {
    return new Run(frames, carries);
  }

  /** {@code runs} independent caches fed the same blocks; the result is their mean and range. */
  private final class Run implements ReplayRun {
    private final int frames;
    private final List<Cache<Long, Boolean>> caches = new ArrayList<>();
    private final ClassTally[] tallies;
    private final long[] hits;
    private final long[] evictions;
    private long requests;

    Run(int frames, Set<EventField> carries) {
      this.frames = frames;
      this.tallies = new ClassTally[runs];
      this.hits = new long[runs];
      this.evictions = new long[runs];
      for (int r = 0; r < runs; r++) {
        int run = r;
        tallies[r] = new ClassTally(carries);
        caches.add(Caffeine.newBuilder()
            .maximumSize(frames)
            .executor(Runnable::run)
            .evictionListener((Long k, Boolean v, com.github.benmanes.caffeine.cache.RemovalCause c) -> evictions[run]++)
            .build());
      }
    }

    @Override
    public void accept(EventBlock block) {
      long[] pages = block.pages();
      int[] meta = block.meta();
      int n = block.size();
      requests += n;
      for (int r = 0; r < runs; r++) {
        Cache<Long, Boolean> cache = caches.get(r);
        ClassTally tally = tallies[r];
        tally.requests(meta, n);
        long h = 0;
        for (int i = 0; i < n; i++) {
          Long key = pages[i];
          if (cache.getIfPresent(key) != null) h++;
          else {
            tally.miss(meta, i);
            cache.put(key, Boolean.TRUE);
          }
        }
        hits[r] += h;
      }
    }

    @Override
    public ReplayResult finish(double seconds) {
      long hitSum = 0;
      long evictionSum = 0;
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      long[] classHitSum = null;
      long[] classMissSum = null;
      for (int r = 0; r < runs; r++) {
        hitSum += hits[r];
        evictionSum += evictions[r];
        double ratio = requests == 0 ? 0 : hits[r] / (double) requests;
        min = Math.min(min, ratio);
        max = Math.max(max, ratio);
        classHitSum = add(classHitSum, tallies[r].hits());
        classMissSum = add(classMissSum, tallies[r].misses());
      }
      return new ReplayResult(name, frames, requests, mean(hitSum), mean(evictionSum), null, null, seconds / runs,
          means(classHitSum), means(classMissSum), new ReplayResult.Spread(runs, min, max), Map.of());
    }
  }

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
    for (int c = 0; c < Math.min(sum.length, part.length); c++) sum[c] += part[c];
    return sum;
  }
}
