package dev.bufmgr.eviction.s3fifo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.testing.ConcurrentChurn;
import dev.bufmgr.core.testing.ProbedFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Several threads hammer one small pool ({@link ConcurrentChurn}), so that victims are pinned at
 * the tail, claimed victims are given back and rings reuse buffers from the middle of the queues.
 * Afterwards every buffer must still belong to exactly one queue, and every buffer must still be
 * reachable: one thread can pin N fresh pages at once.
 */
class S3FifoConcurrencyTest {

  @ParameterizedTest(name = "threshold {0}, {1}")
  @CsvSource({"1, current", "2, current", "1, original", "2, original"})
  void queuesStayConsistentAndEveryBufferStaysReachable(int threshold, String variant) throws Exception {
    int frames = 48;
    PoolConfig config =
        PoolConfig.builder().frames(frames).selector("s3fifo:threshold=" + threshold + ",variant=" + variant).build();
    ProbedFactory<S3FifoSelector> probe = new ProbedFactory<>(new S3FifoFactory(), S3FifoSelector.class);
    try (BufferPool pool = probe.pool(config)) {
      S3FifoSelector selector = probe.last();
      ConcurrentChurn.run(pool, 4, 60_000);
      int resident = ConcurrentChurn.checkNoPinLeft(pool);
      assertEquals(resident, selector.smallMembers() + selector.mainMembers(), "every resident page is in one queue");
      ConcurrentChurn.checkEveryBufferReachable(pool);
      assertEquals(frames, selector.smallMembers() + selector.mainMembers());
    }
  }
}
