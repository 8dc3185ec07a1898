package dev.bufmgr.workloads.baseline;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.replay.ClassTally;
import dev.bufmgr.workloads.replay.ReplayPolicy;
import dev.bufmgr.workloads.replay.ReplayResult;

/**
 * Caffeine's W-TinyLFU (Einziger, Friedman and Manes, "TinyLFU: a highly efficient cache
 * admission policy", ACM ToS 2017) as a baseline: a cache with {@code maximumSize} = frames and a
 * same-thread executor, so maintenance (and eviction) happens inside each call. A request is a
 * hit when {@code getIfPresent} finds the page; a miss puts it. Caffeine's admission has a small
 * random element, so its counts may differ slightly from run to run.
 */
public final class CaffeinePolicy implements ReplayPolicy {

  @Override
  public String name() {
    return "caffeine";
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
    double seconds = (System.nanoTime() - start) / 1e9;
    return new ReplayResult(name(), frames, n, hits, evictions[0], null, null, seconds, tally.hits(), tally.misses());
  }
}
