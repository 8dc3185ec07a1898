package dev.bufmgr.replay.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayResult;
import dev.bufmgr.replay.ReplayRunner;
import dev.bufmgr.replay.catalog.PolicyCatalog;
import dev.bufmgr.results.report.ResultRow;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.support.PlainModels;
import dev.bufmgr.workloads.synth.Workloads;
import java.util.List;
import org.junit.jupiter.api.Test;

class SampledReplayTest {
  private static final List<String> POLICIES = List.of("lru", "gclock", "s3fifo", "sieve", "arc", "twoq", "clockpro", "hotcool",
      "lru-pool", "opt:bypass=false", "opt");

  private static List<ReplayPolicy> policies() {
    PolicyCatalog catalog = new PolicyCatalog(true);
    return POLICIES.stream().map(catalog::resolve).toList();
  }

  @Test
  void atRateOneEveryPolicyHitsAsTheExactReplayDoes() {
    ReplayInput input = ReplayInput.ofWorkload(Workloads.parse("zipf:pages=5000,theta=0.9,requests=60000,seed=8"));
    List<Integer> frames = List.of(50, 500, 2000);
    List<ReplayResult> exact = ReplayRunner.onePass(input, policies(), frames, 2);
    SampledReplay.Outcome sampled = SampledReplay.onePass(input, Sampling.ofRate(1), policies(), frames, 2);
    assertEquals(exact.size(), sampled.results().size());
    for (int i = 0; i < exact.size(); i++) {
      ReplayResult e = exact.get(i);
      SampledResult s = sampled.results().get(i);
      String what = e.policy() + " at " + e.frames();
      assertEquals(e.policy(), s.policy(), what);
      assertEquals(e.frames(), s.miniFrames(), what);
      assertEquals(e.requests(), s.estimate().requests(), what);
      assertEquals(e.hits(), s.estimate().hits(), what);
      assertEquals(e.hits(), s.mini().hits(), what);
      assertEquals(e.evictions(), s.estimate().evictions(), what);
    }
  }

  @Test
  void aMiniatureLruRunIsLruOnTheSampleAndItsMissesScaleByTheRate() {
    ReplayInput input = ReplayInput.ofWorkload(Workloads.parse("zipf:pages=40000,theta=0.9,requests=200000,seed=2"));
    Sampling s = new Sampling(0.25, 0, 1L << 24);
    SampledReplay.Outcome o = SampledReplay.onePass(input, s, List.of(new PolicyCatalog(true).resolve("lru")), List.of(2000, 1), 1);
    EventTrace sample = o.sample().trace();
    SampledResult r = o.results().getFirst();
    assertEquals(500, r.miniFrames());
    long hits = PlainModels.lruHits(sample, 500);
    long misses = sample.size() - hits;
    assertEquals(hits, r.mini().hits());
    assertEquals(200_000, r.estimate().requests());
    assertEquals(Math.min(200_000, Math.round(misses / 0.25)), r.estimate().misses());
    SampledResult none = o.results().get(1);
    assertFalse(none.replayed());
    assertNull(none.estimate());
    assertEquals(0, none.miniFrames());
  }

  @Test
  void rowsCarryTheSampleAndScaledCounts() {
    ReplayInput input = ReplayInput.ofWorkload(Workloads.parse("zipf:pages=40000,theta=0.9,requests=200000,seed=2"));
    ReplayPolicy lru = new PolicyCatalog(true).resolve("lru");
    SampledReplay.Outcome o = SampledReplay.onePass(input, Sampling.ofRate(0.1), List.of(lru), List.of(4000, 500), 1);
    List<ResultRow> rows = SampledReplay.rows(input, o, List.of(lru.strategies()));
    assertEquals(2, rows.size());
    ResultRow big = rows.getFirst();
    assertEquals(4000, ((Number) big.get("frames")).intValue());
    assertEquals(400, ((Number) big.get("sampledFrames")).intValue());
    assertEquals(200_000L, ((Number) big.get("requests")).longValue());
    assertEquals(o.sample().sampledRequests(), ((Number) big.get("sampledRequests")).longValue());
    assertEquals("0.1", big.get("sampling"));
    assertEquals(true, big.get("sampleTrusted"));
    assertEquals(false, rows.get(1).get("sampleTrusted"), "a miniature cache of 50 frames is below the floor");
    long hits = ((Number) big.get("hits")).longValue();
    assertEquals(hits / 200_000.0, ((Number) big.get("hitRatio")).doubleValue(), 1e-12);
    int distinct = EventTrace.load(input.open()).distinctPages();
    long estimate = ((Number) big.get("distinctPages")).longValue();
    assertTrue(Math.abs(estimate - distinct) < 0.1 * distinct, estimate + " estimated of " + distinct);
  }
}
