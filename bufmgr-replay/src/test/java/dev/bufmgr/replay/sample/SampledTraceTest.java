package dev.bufmgr.replay.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.synth.Workloads;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SampledTraceTest {
  /**
   * FAST '15's SHARDS_adj by hand: N = 1000 requests sampled at R = 1/4 should give E[N_s] = 250
   * sampled requests, but 270 came, 50 of them misses at some size (220 hits). The adjustment adds
   * E[N_s] - N_s = -20 to the hits, over a total of E[N_s]: miss ratio 1 - 200/250 = 0.2, that is
   * 200 misses of the 1000 (where the unadjusted 50/270 would say 185).
   */
  @Test
  void theAdjustmentCountsMissesAgainstTheExpectedSampledRequests() {
    long n = 1000;
    double rate = 0.25;
    long sampled = 270;
    long sampledMisses = 50;
    double expected = n * rate;
    double adjustedHits = (sampled - sampledMisses) + (expected - sampled);
    double missRatio = 1 - adjustedHits / expected;
    assertEquals(0.2, missRatio, 1e-12);
    assertEquals(200, SampledTrace.adjustedMisses(sampledMisses, n, rate));
    assertEquals(1000, SampledTrace.adjustedMisses(300, n, rate), "a miss ratio above 1 is clipped, as libCacheSim clips");
  }

  @Test
  void aDrawKeepsInOrderEveryRequestToASampledPageAndCountsThemAll() {
    Workloads.Workload w = Workloads.parse("zipf:pages=20000,theta=0.9,requests=100000,seed=3");
    Sampling s = new Sampling(0.125, 0, 1L << 24);
    SampledTrace drawn = SampledTrace.draw(w.open(), s);
    EventTrace all = EventTrace.load(w.open());
    long threshold = 1L << 21;
    long[] expected = LongStream.range(0, all.size()).map(i -> all.pages()[(int) i])
        .filter(p -> (new SplittableRandom(p).nextLong() & ((1L << 24) - 1)) < threshold).toArray();
    assertEquals(100_000, drawn.requests());
    assertEquals(0.125, drawn.rate());
    assertArrayEquals(expected, Arrays.copyOf(drawn.trace().pages(), drawn.trace().size()));
    assertEquals(expected.length, drawn.sampledRequests());
    assertEquals(Arrays.stream(expected).distinct().count(), drawn.pages());
  }

  @Test
  void aFixedSizeDrawIsTheFixedRateSampleAtItsFinalRate() {
    Workloads.Workload w = Workloads.parse("zipf:pages=50000,theta=0.8,requests=200000,seed=4");
    SampledTrace fixed = SampledTrace.draw(w.open(), Sampling.ofMaxPages(700));
    assertTrue(fixed.pages() <= 700 && fixed.pages() > 600, fixed.pages() + " pages");
    assertTrue(fixed.rate() < 0.02, "rate " + fixed.rate());
    SampledTrace atRate = SampledTrace.draw(w.open(), new Sampling(fixed.threshold() / (double) (1 << 24), 0, 1L << 24));
    assertEquals(fixed.threshold(), atRate.threshold());
    assertArrayEquals(Arrays.copyOf(atRate.trace().pages(), atRate.trace().size()),
        Arrays.copyOf(fixed.trace().pages(), fixed.trace().size()));
    assertEquals(200_000, fixed.requests());
  }
}
