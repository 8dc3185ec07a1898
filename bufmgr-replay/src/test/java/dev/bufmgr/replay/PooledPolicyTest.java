package dev.bufmgr.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.support.SharedTraces;
import dev.bufmgr.workloads.synth.PageClasses;
import dev.bufmgr.workloads.synth.Workloads;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Pools side by side in replay: one pool is today's replay, and routing by class is separate caches. */
class PooledPolicyTest {
  private static final PolicyCatalog CATALOG = new PolicyCatalog(true);

  /** Fields that differ between any two policies' rows by their nature: the name and the timing. */
  private static final List<String> OWN = List.of("policy", "seconds", "requestsPerSecond");

  @ParameterizedTest(name = "{0} under {1}")
  @CsvSource(delimiter = '|', value = {
      "pgbench-select:frames=300,requests=20000,seed=5 | gclock",
      "tpcb:frames=300,ratio=2,requests=20000,seed=6 | gclock",
      "tpcb:frames=300,ratio=2,requests=20000,seed=6 | lru-k",
      "mix:requests=20000,seed=7,streams=0.6*pgbench-select(frames=200)+0.4*scan(pages=900) | lirs",
      "pgbench-select:frames=300,requests=20000,seed=5 | s3fifo"})
  void onePoolOfAllTheFramesGivesTodaysRows(String workload, String selector) {
    ReplayInput in = ReplayInput.ofWorkload(Workloads.parse(workload));
    List<ResultRow> rows = new ReplayRunner(null, false).run(in,
        List.of(CATALOG.resolve(selector), CATALOG.pools("default=" + selector + ":100%")), List.of(37, 150, 600), 1);
    assertSameExceptPools(rows);
  }

  @Test
  void onePoolOfAllTheFramesGivesTodaysRowsOnATraceWithoutClasses() {
    EventTrace t = SharedTraces.load("cs.trace.gz");
    ReplayInput in = ReplayInput.ofTrace(t, "cs.trace.gz", "lirs");
    List<ResultRow> rows = new ReplayRunner(null, false).run(in,
        List.of(CATALOG.resolve("gclock"), CATALOG.pools("default=gclock:100%")), List.of(16, 500), 1);
    assertSameExceptPools(rows);
  }

  /** Rows [policy at each size] then [pooled at each size]: equal on every field of today's row. */
  private static void assertSameExceptPools(List<ResultRow> rows) {
    int half = rows.size() / 2;
    for (int i = 0; i < half; i++) {
      Map<String, Object> today = rows.get(i).fields();
      Map<String, Object> pooled = rows.get(half + i).fields();
      for (Map.Entry<String, Object> e : today.entrySet()) {
        if (OWN.contains(e.getKey())) continue;
        String key = e.getKey().startsWith("selector.") ? "pool.default." + e.getKey() : e.getKey();
        assertEquals(e.getValue(), pooled.get(key), key + " at " + today.get("frames") + " frames");
      }
      for (String key : pooled.keySet()) {
        assertTrue(today.containsKey(key) || key.startsWith("pool.default."), "unexpected field " + key);
      }
      assertEquals(today.get("frames"), ((Number) pooled.get("pool.default.frames")).intValue());
    }
  }

  /**
   * A seeded trace over four page classes into three LRU pools, against three LRU caches written
   * here (one per pool, each a LinkedHashMap in access order): every pool's hits, and the hits of
   * every class, are the caches' own.
   */
  @ParameterizedTest(name = "{0} frames")
  @CsvSource({"8", "23", "64", "200"})
  void routingByClassIsSeparateCachesPerPool(int frames) {
    int[] classOf = {PageClasses.HEAP, PageClasses.INDEX_LEAF, PageClasses.INDEX_INNER, PageClasses.HISTORY};
    int n = 30_000;
    long[] pages = new long[n];
    int[] meta = new int[n];
    SplittableRandom rng = new SplittableRandom(11);
    for (int i = 0; i < n; i++) {
      int k = rng.nextInt(4);
      int spread = new int[] {400, 120, 15, 300}[k];
      long p = (long) Math.floor(Math.pow(rng.nextDouble(), 2) * spread);
      pages[i] = ((long) k << 32) | p;
      meta[i] = EventMeta.pack(rng.nextInt(5) == 0, AccessStrategy.NORMAL, classOf[k]);
    }
    EventTrace t = new EventTrace("hand", EnumSet.of(EventField.PAGE_CLASSES, EventField.WRITES), pages, meta, n);
    PooledPolicy p = CATALOG.pools("main=lru-pool:50%,keep=lru-pool:30%[index-inner,index-leaf],recycle=lru-pool:20%[history]");
    int[] sizes = p.pools().frames(frames, 1);
    ReplayResult r = p.replay(t, frames);

    List<Lru> caches = new ArrayList<>();
    for (int s : sizes) caches.add(new Lru(s));
    Map<Integer, Integer> poolOfClass = Map.of(PageClasses.HEAP, 0, PageClasses.INDEX_LEAF, 1, PageClasses.INDEX_INNER, 1,
        PageClasses.HISTORY, 2);
    long[] poolHits = new long[3];
    long[] poolEvictions = new long[3];
    Map<Integer, Long> classHits = new HashMap<>();
    for (int i = 0; i < n; i++) {
      int c = EventMeta.pageClass(meta[i]);
      int pool = poolOfClass.get(c);
      Lru cache = caches.get(pool);
      if (cache.containsKey(pages[i])) {
        cache.get(pages[i]);
        poolHits[pool]++;
        classHits.merge(c, 1L, Long::sum);
      } else {
        if (cache.size() == cache.capacity) poolEvictions[pool]++;
        cache.put(pages[i], Boolean.TRUE);
      }
    }
    String[] names = {"main", "keep", "recycle"};
    for (int i = 0; i < 3; i++) {
      assertEquals(poolHits[i], r.selectorCounters().get("pool." + names[i] + ".hits"), names[i] + " hits");
      assertEquals(poolEvictions[i], r.selectorCounters().get("pool." + names[i] + ".evictions"), names[i] + " evictions");
    }
    for (int c : classOf) assertEquals(classHits.getOrDefault(c, 0L), r.classHits()[c], PageClasses.name(c) + " hits");
    assertEquals(poolHits[0] + poolHits[1] + poolHits[2], r.hits());
  }

  /** Every pool's counters add up to the run's, and each pool's hits to its classes' hits. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "tpcb:frames=400,ratio=2,requests=50000,seed=3 | default=gclock:60%,keep=lru-k:25%[index-root,index-inner,index-leaf],recycle=lru-pool:15%[history]",
      "pgbench-select:frames=400,requests=50000,seed=4 | default=gclock:70%,keep=gclock:30%[index-inner,index-leaf,index-root]"})
  void poolCountersAddUpToTheTotals(String workload, String pools) {
    PooledPolicy p = CATALOG.pools(pools);
    EventTrace t = EventTrace.load(Workloads.parse(workload).open());
    for (int frames : new int[] {97, 400}) {
      ReplayResult r = p.replay(t, frames);
      Map<String, Long> c = r.selectorCounters();
      long hits = 0;
      long misses = 0;
      long evictions = 0;
      long size = 0;
      for (var pool : p.pools().pools()) {
        String k = "pool." + pool.name() + ".";
        hits += c.get(k + "hits");
        misses += c.get(k + "misses");
        evictions += c.get(k + "evictions");
        size += c.get(k + "frames");
      }
      assertEquals(r.hits(), hits, "hits");
      assertEquals(r.misses(), misses, "misses");
      assertEquals(r.evictions(), evictions, "evictions");
      assertEquals(frames, size, "frames");
      for (int i = 0; i < p.pools().size(); i++) {
        long fromClasses = 0;
        for (int cls = 0; cls < r.classHits().length; cls++) if (p.pools().poolOf(cls) == i) fromClasses += r.classHits()[cls];
        assertEquals(c.get("pool." + p.pools().pools().get(i).name() + ".hits"), fromClasses, "pool " + i + " hits by class");
      }
      assertFalse(r.hits() == 0, "the workload hits somewhere");
    }
  }

  /** An access-order LRU of a fixed capacity. */
  private static final class Lru extends LinkedHashMap<Long, Boolean> {
    final int capacity;

    Lru(int capacity) {
      super(16, 0.75f, true);
      this.capacity = capacity;
    }

    @Override
    protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
      return size() > capacity;
    }
  }
}
