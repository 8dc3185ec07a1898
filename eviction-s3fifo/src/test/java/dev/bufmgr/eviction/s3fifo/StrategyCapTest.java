package dev.bufmgr.eviction.s3fifo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.testing.ProbedFactory;
import dev.bufmgr.core.testing.Request;
import dev.bufmgr.core.testing.SeededTraces;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What {@code strategyCap} does and does not change. */
class StrategyCapTest {
  private static final double[] CAPS = {0.0, 0.1, 0.5, 1.0};

  /** Hit/miss per request and the final buffer of every page, for one cap and variant. */
  private static long[] outcome(Request[] trace, int frames, boolean rings, double cap, int pages, String variant) {
    PoolConfig config = PoolConfig.builder()
        .frames(frames)
        .rings(rings)
        .selector("s3fifo:strategyCap=" + cap + ",variant=" + variant)
        .build();
    long[] out = new long[trace.length + pages];
    try (BufferPool p = new BufferPool(config); PoolSession s = p.openSession()) {
      for (int i = 0; i < trace.length; i++) {
        out[i] = s.access(trace[i].page(), trace[i].strategy(), 0, trace[i].write()) ? 1 : 0;
      }
      for (int page = 0; page < pages; page++) out[trace.length + page] = p.bufferOf(page);
    }
    return out;
  }

  @ParameterizedTest(name = "seed {0}, {1}")
  @CsvSource({"1, current", "2, current", "3, current", "4, current", "1, original", "2, original"})
  void changesNothingWithoutRingReads(long seed, String variant) {
    int frames = 64;
    int pages = 300;
    Request[] normalOnly = SeededTraces.mixed(seed, 20_000, pages, false);
    Request[] withBulk = SeededTraces.mixed(seed, 20_000, pages, true);
    long[] reference = outcome(normalOnly, frames, true, CAPS[0], pages, variant);
    long[] ringsOff = outcome(withBulk, frames, false, CAPS[0], pages, variant);
    for (double cap : CAPS) {
      assertArrayEquals(
          reference, outcome(normalOnly, frames, true, cap, pages, variant), "normal reads only, cap " + cap);
      assertArrayEquals(
          ringsOff, outcome(withBulk, frames, false, cap, pages, variant), "rings switched off, cap " + cap);
    }
    assertNotEquals(
        java.util.Arrays.toString(outcome(withBulk, frames, true, 0.0, pages, variant)),
        java.util.Arrays.toString(outcome(withBulk, frames, true, 1.0, pages, variant)),
        "with ring reads the cap does change the outcome");
  }

  /** OLTP lookups over a hot set, interrupted by BULKREAD scans of a table four times the pool. */
  private static Request[] scansBetweenOltp(long seed, int frames) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Request[] out = new Request[60_000];
    long scanBase = 1_000_000;
    long scanPos = 0;
    for (int i = 0; i < out.length; ) {
      for (int k = 0; k < 3000 && i < out.length; k++) out[i++] = Request.read(rnd.nextInt(frames * 2));
      for (int k = 0; k < frames * 4 && i < out.length; k++) {
        out[i++] = new Request(scanBase + scanPos++ % (frames * 4L), AccessStrategy.BULKREAD, false);
      }
    }
    return out;
  }

  @ParameterizedTest(name = "cap {0}, {1}")
  @CsvSource({"0.1, current", "0.5, current", "0.1, original", "0.5, original"})
  void ringIdsNeverExceedTheCapAndDoReachIt(double cap, String variant) {
    int frames = 400;
    Request[] trace = scansBetweenOltp(11, frames);
    int maxCapped = maxRingIds(trace, frames, cap, variant);
    int maxUncapped = maxRingIds(trace, frames, 1.0, variant);
    int ghostCapacity = (int) (frames * 0.9);
    int ringCapacity = (int) (ghostCapacity * cap);
    assertEquals(ringCapacity, maxCapped, "the ring ids fill exactly their cap");
    assertTrue(maxUncapped > ringCapacity, "without the cap ring ids would take more: " + maxUncapped);
  }

  /** Replays the trace and returns the most ring-read ids the ghost held, checking the cap after every request. */
  private static int maxRingIds(Request[] trace, int frames, double cap, String variant) {
    PoolConfig config =
        PoolConfig.builder().frames(frames).selector("s3fifo:strategyCap=" + cap + ",variant=" + variant).build();
    int max = 0;
    ProbedFactory<S3FifoSelector> probe = new ProbedFactory<>(new S3FifoFactory(), S3FifoSelector.class);
    try (BufferPool p = probe.pool(config); PoolSession s = p.openSession()) {
      GhostDirectory ghost = probe.last().ghost();
      for (Request r : trace) {
        s.access(r.page(), r.strategy(), 0, r.write());
        int ringIds = ghost.ringSize();
        assertTrue(ringIds <= ghost.ringCapacity(), ringIds + " ring ids over the cap " + ghost.ringCapacity());
        assertTrue(ghost.size() <= ghost.capacity());
        max = Math.max(max, ringIds);
      }
    }
    return max;
  }
}
