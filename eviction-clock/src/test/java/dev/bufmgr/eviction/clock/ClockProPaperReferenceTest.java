package dev.bufmgr.eviction.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.testing.ProbedFactory;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code clockpro-paper} in the pool against the paper's model ({@link ClockProPaperModel}), request by request. */
class ClockProPaperReferenceTest {

  /**
   * Loops a little larger and a little smaller than the pool (so pages come back within and after
   * their test periods, and the non-resident bound is reached) mixed with a skewed stream over
   * four times the pool (test hits and ended test periods both move the cold target).
   */
  @ParameterizedTest
  @CsvSource({"1, 40, 1.0", "2, 64, 1.0", "3, 97, 0.3", "4, 5, 1.0", "5, 150, 0.0"})
  void matchesThePaperModelOnLoopsAndSkew(long seed, int frames, double coldRatio) {
    SplittableRandom r = new SplittableRandom(seed);
    ClockProPaperModel model = new ClockProPaperModel(frames, coldRatio);
    ProbedFactory<ClockProPaperSelector> probe = new ProbedFactory<>(new ClockProPaperFactory(), ClockProPaperSelector.class);
    int longLoop = frames + frames / 4 + 1;
    int shortLoop = Math.max(1, frames / 2);
    try (BufferPool pool = probe.pool(
            PoolConfig.builder().frames(frames).selector("clockpro-paper:coldRatio=" + coldRatio).build());
        PoolSession s = pool.openSession()) {
      ClockProPaperSelector selector = probe.last();
      long position = 0;
      for (int i = 0; i < 6_000; i++) {
        int phase = (i / 1_000) % 3;
        long page;
        if (phase == 0) page = position++ % longLoop;
        else if (phase == 1) page = 10_000 + position++ % shortLoop;
        else page = 20_000 + skewed(r, 4 * frames);
        if (r.nextInt(4) == 0) page = 20_000 + skewed(r, 4 * frames);
        String where = "seed " + seed + ", " + frames + " frames, request " + i + " (page " + page + ")";
        assertEquals(model.access(page), s.access(page, AccessStrategy.NORMAL, 0, false), where);
        assertEquals(model.coldTarget, selector.coldTarget(), where);
      }
      assertEquals(model.hot(), selector.hotPages());
      assertEquals(model.cold(), selector.coldPages());
      assertEquals(model.nonResident(), selector.nonResidentPages());
      assertEquals(model.promotions, selector.counters().get("promotions"));
      assertEquals(model.testHits, selector.counters().get("testHits"));
      assertEquals(model.demotions, selector.counters().get("demotions"));
      assertEquals(model.testExpiries, selector.counters().get("testsEnded"));
      assertTrue(model.promotions > 0 && model.testHits > 0 && model.demotions > 0 && model.testExpiries > 0,
          "every move happens");
    }
  }

  /** A page in {@code [0, n)}, low ones far more often (the square of a uniform draw). */
  private static long skewed(SplittableRandom r, int n) {
    double u = r.nextDouble();
    return (long) (u * u * n);
  }

  /** The sequences {@link ClockProPaperModelTest} works by hand, through the pool. */
  @ParameterizedTest
  @CsvSource({
      "3, '1,2,3,1,4,2,4,5,6,2,6,4,7', 'false,false,false,true,false,false,true,false,false,false,true,true,false'",
      "2, '1,2,3,4,5,6,4', 'false,false,false,false,false,false,false'"})
  void theHandWorkedSequencesInThePool(int frames, String pages, String hits) {
    String[] p = pages.split(",");
    String[] h = hits.split(",");
    try (BufferPool pool = new BufferPool(PoolConfig.builder().frames(frames).selector("clockpro-paper").build());
        PoolSession s = pool.openSession()) {
      for (int i = 0; i < p.length; i++) {
        assertEquals(Boolean.parseBoolean(h[i]), s.access(Long.parseLong(p[i]), AccessStrategy.NORMAL, 0, false),
            "request " + i);
      }
    }
  }
}
