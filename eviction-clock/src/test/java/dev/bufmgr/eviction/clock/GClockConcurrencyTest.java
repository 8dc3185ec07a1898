package dev.bufmgr.eviction.clock;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.testing.ConcurrentChurn;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Several threads share one small pool ({@link ConcurrentChurn}) under each G-CLOCK hand; then no
 * buffer may be left pinned, every usage count must lie within the selector's maximum, and one
 * thread must be able to pin N fresh pages at once (the sweep reaches every buffer).
 */
class GClockConcurrencyTest {

  static java.util.List<String> specs() {
    return GClockVariants.SPECS;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("specs")
  void invariantsHoldAfterConcurrentUse(String spec) throws Exception {
    int frames = 48;
    PoolConfig config = PoolConfig.builder().frames(frames).stripes(2).selector(spec).build();
    int max = spec.contains("maxUsage=1") ? 1 : 5;
    try (BufferPool pool = new BufferPool(config)) {
      ConcurrentChurn.run(pool, 4, 60_000);
      ConcurrentChurn.checkNoPinLeft(pool);
      for (int b = 0; b < frames; b++) {
        int usage = BufferState.usage(pool.descriptors().state(b));
        assertTrue(usage >= 0 && usage <= max, "buffer " + b + " usage " + usage + " above " + max);
      }
      ConcurrentChurn.checkEveryBufferReachable(pool);
    }
  }
}
