package dev.bufmgr.replay.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.replay.ReplayResult;
import dev.bufmgr.workloads.support.PlainModels;
import dev.bufmgr.workloads.support.SharedTraces;
import dev.bufmgr.workloads.synth.Workloads;
import java.util.EnumSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BaselinesTest {

  static Stream<Arguments> lirsCases() {
    return Stream.of("cs.trace.gz", "cpp.trace.gz", "ps.trace.gz", "multi1.trace.gz", "gli.trace.gz")
        .flatMap(name -> Stream.of(20, 100, 400, 1000).map(f -> Arguments.of(name, f)));
  }

  static Stream<Arguments> syntheticCases() {
    return Stream.of(
            "zipf:pages=3000,theta=0.8,requests=20000,seed=1",
            "zipf:pages=3000,theta=0.99,requests=20000,seed=2",
            "hotset:pages=2000,requests=20000,seed=3",
            "mix:requests=20000,seed=4,streams=0.8*zipf(pages=1000;theta=0.9)+0.2*scan(pages=1500)")
        .flatMap(spec -> Stream.of(10, 150, 700).map(f -> Arguments.of(spec, f)));
  }

  private static EventTrace synthetic(String spec) {
    return EventTrace.load(Workloads.parse(spec).open());
  }

  @ParameterizedTest(name = "{0} at {1} frames")
  @MethodSource("lirsCases")
  void lruAndOptMatchPlainModelsOnLirsTraces(String name, int frames) {
    EventTrace t = SharedTraces.load(name);
    assertEquals(PlainModels.lruHits(t, frames), new LruPolicy().replay(t, frames).hits(), "lru");
    assertEquals(PlainModels.optHits(t, frames), new OptPolicy().replay(t, frames).hits(), "opt");
  }

  @ParameterizedTest(name = "{0} at {1} frames")
  @MethodSource("syntheticCases")
  void lruAndOptMatchPlainModelsOnSeededSyntheticTraces(String spec, int frames) {
    EventTrace t = synthetic(spec);
    assertEquals(PlainModels.lruHits(t, frames), new LruPolicy().replay(t, frames).hits(), "lru");
    assertEquals(PlainModels.optHits(t, frames), new OptPolicy().replay(t, frames).hits(), "opt");
  }

  @Test
  void lruFailsCompletelyOnTheLoopTraceWhileOptDoesNot() {
    EventTrace t = SharedTraces.load("loop.trace.gz");
    assertEquals(0, new LruPolicy().replay(t, 500).hits());
    assertEquals(PlainModels.optHits(t, 100), new OptPolicy().replay(t, 100).hits());
  }

  @Test
  void handWorkedOptAndLru() {
    // a b c a d b a with 2 frames.
    // LRU: a b c(evict a) a(evict b) d(evict c) b(evict a) a(evict d): 0 hits.
    // OPT with bypass: a b | c: next uses a@3, b@5, c never -> bypass | a hit |
    // d: a@6, b@5, d never -> bypass | b hit | a hit: 3 hits.
    EventTrace t = new EventTrace("hand", EnumSet.noneOf(EventField.class), new long[] {1, 2, 3, 1, 4, 2, 1}, null, 7);
    assertEquals(0, new LruPolicy().replay(t, 2).hits());
    ReplayResult opt = new OptPolicy().replay(t, 2);
    assertEquals(3, opt.hits());
    assertEquals(0, opt.evictions());
  }

  @ParameterizedTest(name = "{0} at {1} frames")
  @MethodSource("lirsCases")
  void optBoundsLruAndCaffeine(String name, int frames) {
    EventTrace t = SharedTraces.load(name);
    long opt = new OptPolicy().replay(t, frames).hits();
    assertTrue(opt >= new LruPolicy().replay(t, frames).hits());
    assertTrue(opt >= new CaffeinePolicy().replay(t, frames).hits());
  }

  @Test
  void perClassHitsMatchAPlainLruCount() {
    EventTrace t = synthetic("pgbench-select:frames=600,requests=30000,seed=8");
    java.util.LinkedHashMap<Long, Boolean> lru = new java.util.LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(java.util.Map.Entry<Long, Boolean> e) {
        return size() > 600;
      }
    };
    long[] hits = new long[8];
    for (int i = 0; i < t.size(); i++) {
      if (lru.get(t.pages()[i]) != null) hits[dev.bufmgr.core.event.EventMeta.pageClass(t.meta(i))]++;
      else lru.put(t.pages()[i], Boolean.TRUE);
    }
    ReplayResult r = new LruPolicy().replay(t, 600);
    for (int c = 0; c < r.classHits().length; c++) assertEquals(hits[c], r.classHits()[c], "class " + c);
    ReplayResult opt = new OptPolicy().replay(t, 600);
    long sum = 0;
    for (long h : opt.classHits()) sum += h;
    assertEquals(opt.hits(), sum);
  }

  @Test
  void caffeineStaysWithinItsSize() {
    EventTrace t = synthetic("uniform:pages=100,requests=5000,seed=5");
    ReplayResult r = new CaffeinePolicy().replay(t, 10);
    assertTrue(r.hits() > 0 && r.hits() < 5000);
    assertTrue(r.evictions() >= 100 - 10 - 1, "all but about 10 distinct pages must have been evicted");
  }

  @Test
  void caffeineReportsTheMeanAndRangeOfItsRuns() {
    EventTrace t = synthetic("zipf:pages=2000,requests=50000,seed=3");
    ReplayResult seven = new CaffeinePolicy(Parameters.resolve("baseline", Spec.parse("caffeine:runs=7"), CaffeinePolicy.PARAMETERS))
        .replay(t, 100);
    assertEquals("caffeine:runs=7", seven.policy());
    assertEquals(7, seven.spread().runs());
    assertTrue(seven.spread().minHitRatio() <= seven.hitRatio() && seven.hitRatio() <= seven.spread().maxHitRatio(), seven.toString());
    assertEquals(50000, seven.requests());
    ReplayResult one = new CaffeinePolicy(Parameters.resolve("baseline", Spec.parse("caffeine:runs=1"), CaffeinePolicy.PARAMETERS))
        .replay(t, 100);
    assertEquals(one.hitRatio(), one.spread().minHitRatio());
    assertEquals(one.hitRatio(), one.spread().maxHitRatio());
    assertThrows(IllegalArgumentException.class,
        () -> new CaffeinePolicy(Parameters.resolve("baseline", Spec.parse("caffeine:runs=0"), CaffeinePolicy.PARAMETERS)));
  }
}
