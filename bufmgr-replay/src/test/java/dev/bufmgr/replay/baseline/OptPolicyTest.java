package dev.bufmgr.replay.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayResult;
import dev.bufmgr.workloads.support.PlainModels;
import dev.bufmgr.workloads.support.SharedTraces;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** OPT's two variants: demand paging (libCacheSim's Belady) and MIN with bypass. */
class OptPolicyTest {
  private static final PolicyCatalog CATALOG = new PolicyCatalog(true);

  static Stream<Arguments> lirsCases() {
    return Stream.of("cs.trace.gz", "cpp.trace.gz", "ps.trace.gz", "gli.trace.gz", "multi1.trace.gz", "multi2.trace.gz", "sprite.trace.gz")
        .flatMap(name -> Stream.of(20, 100, 400, 1000).map(f -> Arguments.of(name, f)));
  }

  /** Hit count and evictions of the reference model. */
  private record Counts(long hits, long evictions) {}

  /**
   * Belady with demand paging, written plainly and independently of {@link OptPolicy}: every
   * page's request positions in a list; a map from each cached page to the position of its next
   * request (Long.MAX_VALUE: never again). A hit refreshes that position; a miss with a full cache
   * scans every cached page for the largest position, removes it, and then always admits the
   * missing page (libCacheSim's Belady.c: evict until there is room, then insert).
   */
  static Counts demandPagingModel(long[] pages, int n, int frames) {
    Map<Long, List<Integer>> positions = new HashMap<>();
    for (int i = 0; i < n; i++) positions.computeIfAbsent(pages[i], k -> new ArrayList<>()).add(i);
    Map<Long, Integer> seen = new HashMap<>();
    Map<Long, Long> cached = new HashMap<>();
    long hits = 0;
    long evictions = 0;
    for (int i = 0; i < n; i++) {
      long page = pages[i];
      int occurrence = seen.merge(page, 1, Integer::sum);
      List<Integer> where = positions.get(page);
      long next = occurrence < where.size() ? where.get(occurrence) : Long.MAX_VALUE;
      if (cached.containsKey(page)) {
        hits++;
      } else if (cached.size() == frames) {
        long victim = 0;
        long farthest = -1;
        for (Map.Entry<Long, Long> e : cached.entrySet()) {
          if (e.getValue() > farthest) {
            farthest = e.getValue();
            victim = e.getKey();
          }
        }
        cached.remove(victim);
        evictions++;
      }
      cached.put(page, next);
    }
    return new Counts(hits, evictions);
  }

  private static EventTrace trace(long... pages) {
    return new EventTrace("hand", EnumSet.noneOf(EventField.class), pages, null, pages.length);
  }

  @ParameterizedTest(name = "{0} at {1} frames")
  @MethodSource("lirsCases")
  void demandPagingEqualsTheReferenceModelHitForHitOnLirsTraces(String name, int frames) {
    EventTrace t = SharedTraces.load(name);
    Counts model = demandPagingModel(t.pages(), t.size(), frames);
    ReplayResult demand = CATALOG.resolve("opt:bypass=false").replay(t, frames);
    assertEquals(model.hits(), demand.hits(), "hits");
    assertEquals(model.evictions(), demand.evictions(), "evictions");
    assertEquals(t.size() - model.hits(), demand.misses(), "misses");
  }

  @ParameterizedTest(name = "{0} at {1} frames")
  @MethodSource("lirsCases")
  void bypassHitsAtLeastDemandHitsOnLirsTraces(String name, int frames) {
    EventTrace t = SharedTraces.load(name);
    long bypass = CATALOG.resolve("opt").replay(t, frames).hits();
    long demand = CATALOG.resolve("opt:bypass=false").replay(t, frames).hits();
    assertTrue(bypass >= demand, "bypass " + bypass + " < demand " + demand);
    assertEquals(PlainModels.optHits(t, frames), bypass, "the default is still MIN with bypass");
  }

  @Test
  void handWorkedSequenceWhereBypassAndDemandDiffer() {
    // a b c a d b a (a=1, b=2, c=3, d=4) with 2 frames; request i counts from 0.
    // Bypass: a, b miss and fill the pool. c (2) misses: next uses a@3, b@5, c never, so c is
    //   not admitted. a (3) hits. d (4) misses: a@6, b@5, d never: not admitted. b (5) hits,
    //   a (6) hits: 3 hits, 0 evictions.
    // Demand: a, b fill the pool. c misses: b@5 is farther than a@3, so b leaves; pool {a, c}.
    //   a hits. d misses: c is never used again, so c leaves; pool {a, d}. b misses: d is never
    //   used again, so d leaves; pool {a, b}. a hits: 2 hits, 3 evictions.
    EventTrace t = trace(1, 2, 3, 1, 4, 2, 1);
    ReplayResult bypass = new OptPolicy(true).replay(t, 2);
    ReplayResult demand = new OptPolicy(false).replay(t, 2);
    assertEquals(3, bypass.hits());
    assertEquals(0, bypass.evictions());
    assertEquals(2, demand.hits());
    assertEquals(3, demand.evictions());
    Counts model = demandPagingModel(t.pages(), t.size(), 2);
    assertEquals(new Counts(2, 3), model);
  }

  @Test
  void demandPagingAdmitsAPageNeverUsedAgain() {
    // a b c a b with 2 frames. Demand: c (2) misses; a@3, b@4: b leaves (c is admitted although
    // never used again); a hits; b misses: c leaves. 1 hit, 2 evictions.
    // Bypass: c is not admitted (never used again); a and b hit: 2 hits, 0 evictions.
    EventTrace t = trace(1, 2, 3, 1, 2);
    assertEquals(1, new OptPolicy(false).replay(t, 2).hits());
    assertEquals(2, new OptPolicy(false).replay(t, 2).evictions());
    assertEquals(2, new OptPolicy(true).replay(t, 2).hits());
    assertEquals(0, new OptPolicy(true).replay(t, 2).evictions());
  }

  @Test
  void namesAndKindsOfTheVariants() {
    ReplayPolicy byDefault = CATALOG.resolve("opt");
    ReplayPolicy bypass = CATALOG.resolve("opt:bypass=true");
    ReplayPolicy demand = CATALOG.resolve("opt:bypass=FALSE");
    assertEquals("opt:bypass=true", byDefault.name());
    assertEquals("opt:bypass=true", bypass.name());
    assertEquals("opt:bypass=false", demand.name());
    assertEquals("opt:bypass=true", new OptPolicy().name());
    assertEquals("opt:bypass=false", new OptPolicy(false).name());
    assertFalse(byDefault.admitsEveryMiss());
    assertTrue(demand.admitsEveryMiss());
  }
}
