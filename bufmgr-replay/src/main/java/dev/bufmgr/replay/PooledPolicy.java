package dev.bufmgr.replay;

import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.metrics.PoolMetrics;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.NamedPools;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.pool.StorageMode;
import dev.bufmgr.workloads.stream.EventBlock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Several buffer pools replayed side by side ({@link NamedPools}, {@code --pools}): each request
 * goes to the pool its page class is routed to, and that pool alone answers it, with its own
 * frames (its share of the run's frames), its own selector and its own counters. Each pool is the
 * exclusive, metadata-only pool {@link PoolPolicy} replays through, so one pool of 100% replays
 * exactly as that policy does. The result's counters are the pools' summed; each pool's frames,
 * hits, misses, evictions and selector counts are in the result's counters as {@code
 * pool.NAME.frames}, ... ({@link ReplayRows} writes them under those names).
 */
public final class PooledPolicy implements ReplayPolicy {
  /** The prefix of each pool's counters in a result's counters. */
  public static final String COUNTER_PREFIX = "pool.";

  private final SelectorRegistry registry;
  private final NamedPools pools;
  private final boolean rings;
  private final String name;

  /** Pools {@code pools}, their selectors found in {@code registry}; {@code rings} as for {@link PoolPolicy}. */
  public PooledPolicy(SelectorRegistry registry, NamedPools pools, boolean rings) {
    this.registry = registry;
    this.pools = pools;
    this.rings = rings;
    this.name = "pools[" + pools.canonical() + "]";
  }

  @Override
  public String name() {
    return name;
  }

  /** The pools. */
  public NamedPools pools() {
    return pools;
  }

  @Override
  public boolean admitsEveryMiss() {
    return true;
  }

  @Override
  public String strategies() {
    return rings ? "rings" : "normal";
  }

  @Override
  public ReplayRun start(int frames, Set<EventField> carries) {
    return new Run(frames, PoolPolicy.classesFor(carries));
  }

  /** One exclusive pool and session per named pool, fed block by block. */
  private final class Run implements MissNotingRun {
    private final int frames;
    private final int classes;
    private final int[] sizes;
    private final BufferPool[] pool;
    private final PoolSession[] session;
    private long requests;
    private int largestClass;

    Run(int frames, int classes) {
      this.frames = frames;
      this.classes = classes;
      this.sizes = pools.frames(frames, 1);
      int n = pools.size();
      this.pool = new BufferPool[n];
      this.session = new PoolSession[n];
      try {
        for (int i = 0; i < n; i++) {
          PoolConfig config = PoolConfig.builder()
              .frames(sizes[i])
              .storage(StorageMode.METADATA)
              .pageClasses(classes)
              .rings(rings)
              .selector(pools.pools().get(i).selector())
              .sharing(Sharing.EXCLUSIVE)
              .build();
          pool[i] = new BufferPool(config, registry);
          session[i] = pool[i].openSession();
        }
      } catch (RuntimeException | Error e) {
        close();
        throw e;
      }
    }

    @Override
    public int replay(EventBlock block, long[] missed) {
      long[] pages = block.pages();
      int[] meta = block.meta();
      int n = block.size();
      int misses = 0;
      if (meta == null) {
        misses = session[pools.poolOf(0)].readAll(pages, 0, n, missed);
      } else {
        for (int i = 0; i < n; i++) {
          int m = meta[i];
          int c = EventMeta.pageClass(m);
          if (c >= classes) {
            throw new IllegalArgumentException("request " + (block.first() + i + 1) + ": page class " + c
                + " exceeds the pool's largest counted class " + (classes - 1));
          }
          if (c > largestClass) largestClass = c;
          boolean hit = session[pools.poolOf(c)].access(pages[i], EventMeta.strategy(m), c, EventMeta.isWrite(m));
          if (!hit && missed != null) missed[misses++] = pages[i];
        }
      }
      requests += n;
      return misses;
    }

    @Override
    public ReplayResult finish(double seconds) {
      try {
        int nc = largestClass + 1;
        long hits = 0;
        long evictions = 0;
        long dirty = 0;
        double ticks = 0;
        long searches = 0;
        int searching = 0;
        double onlyMean = Double.NaN;
        long[] classHits = new long[nc];
        long[] classMisses = new long[nc];
        Map<String, Long> counters = new LinkedHashMap<>();
        for (int i = 0; i < pool.length; i++) {
          session[i].close();
          PoolMetrics m = pool[i].metrics();
          hits += m.hits();
          evictions += m.evictions();
          dirty += m.dirtyEvictions();
          if (m.victimSearches() > 0) {
            ticks += m.ticksPerVictimMean() * m.victimSearches();
            searches += m.victimSearches();
            searching++;
            onlyMean = m.ticksPerVictimMean();
          }
          for (int c = 0; c < nc; c++) {
            classHits[c] += m.hits(c);
            classMisses[c] += m.misses(c);
          }
          String p = COUNTER_PREFIX + pools.pools().get(i).name() + ".";
          counters.put(p + "frames", (long) sizes[i]);
          counters.put(p + "hits", m.hits());
          counters.put(p + "misses", m.misses());
          counters.put(p + "evictions", m.evictions());
          pool[i].selectorCounters().forEach((k, v) -> counters.put(p + "selector." + k, v));
        }
        Double meanTicks = searches == 0 ? null : searching == 1 ? onlyMean : ticks / searches;
        return new ReplayResult(name, frames, requests, hits, evictions, dirty, meanTicks, seconds, classHits, classMisses, null,
            counters);
      } finally {
        close();
      }
    }

    private void close() {
      for (int i = 0; i < pool.length; i++) {
        if (session[i] != null) session[i].close();
        if (pool[i] != null) pool[i].close();
      }
    }
  }
}
