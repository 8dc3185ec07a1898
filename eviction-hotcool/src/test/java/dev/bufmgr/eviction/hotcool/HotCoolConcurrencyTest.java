package dev.bufmgr.eviction.hotcool;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.testing.ConcurrentChurn;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Several threads share one small pool ({@link ConcurrentChurn}); then no buffer may be left
 * pinned, the usage bits must be a valid HOT/COOL value, and one thread must be able to pin N
 * fresh pages at once (the sweep reaches every buffer).
 */
class HotCoolConcurrencyTest {

  @ParameterizedTest
  @ValueSource(strings = {"batch=1", "batch=16,promote=repeat", "batch=64", "hand=partitioned,batch=8"})
  void invariantsHoldAfterConcurrentUse(String parameters) throws Exception {
    int frames = 48;
    PoolConfig config =
        PoolConfig.builder().frames(frames).stripes(2).selector("hotcool:" + parameters).build();
    try (BufferPool pool = new BufferPool(config)) {
      ConcurrentChurn.run(pool, 4, 60_000);
      ConcurrentChurn.checkNoPinLeft(pool);
      for (int b = 0; b < frames; b++) {
        int usage = BufferState.usage(pool.descriptors().state(b));
        assertTrue(usage == Promotion.COOL || usage == Promotion.HOT || usage == Promotion.COOL_SEEN, "usage " + usage);
      }
      ConcurrentChurn.checkEveryBufferReachable(pool);
    }
  }
}
