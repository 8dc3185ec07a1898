package dev.bufmgr.eviction.hotcool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.pool.AccessStrategy;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Several threads share one small pool with overlapping pages, ring reads and held pins; then no
 * buffer may be left pinned, the usage bits must be a valid HOT/COOL value, and one thread must be
 * able to pin N fresh pages at once (the sweep reaches every buffer).
 */
class HotCoolConcurrencyTest {

  @ParameterizedTest
  @ValueSource(strings = {"batch=1", "batch=16,promote=repeat", "batch=64", "hand=partitioned,batch=8"})
  void invariantsHoldAfterConcurrentUse(String parameters) throws Exception {
    int frames = 48;
    int threads = 4;
    PoolConfig config =
        PoolConfig.builder().frames(frames).stripes(2).selector("hotcool:" + parameters).build();
    try (BufferPool pool = new BufferPool(config)) {
      CyclicBarrier start = new CyclicBarrier(threads);
      AtomicReference<Throwable> failure = new AtomicReference<>();
      List<Thread> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        long seed = t;
        Thread w =
            new Thread(
                () -> {
                  SplittableRandom rnd = new SplittableRandom(seed);
                  try (PoolSession s = pool.openSession()) {
                    start.await();
                    for (int i = 0; i < 60_000; i++) {
                      int kind = rnd.nextInt(10);
                      AccessStrategy strategy = kind == 0 ? AccessStrategy.BULKREAD : AccessStrategy.NORMAL;
                      long page = kind < 5 ? rnd.nextInt(frames / 2) : rnd.nextInt(frames * 4);
                      int b = s.pin(page, strategy, 0);
                      if (kind == 9) s.unpin(s.pin(page + 1, AccessStrategy.NORMAL, 0));
                      s.unpin(b);
                    }
                  } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                  }
                });
        workers.add(w);
        w.start();
      }
      for (Thread w : workers) w.join();
      if (failure.get() != null) throw new AssertionError("worker failed", failure.get());

      int resident = 0;
      for (int b = 0; b < frames; b++) {
        long st = pool.descriptors().state(b);
        assertEquals(0, BufferState.refCount(st), "buffer " + b + " left pinned");
        int usage = BufferState.usage(st);
        assertTrue(usage == Promotion.COOL || usage == Promotion.HOT || usage == Promotion.COOL_SEEN, "usage " + usage);
        if (BufferState.has(st, BufferState.TAG_VALID)) resident++;
      }
      assertEquals(pool.residentPages(), resident);
      try (PoolSession s = pool.openSession()) {
        for (long page = 0; page < frames; page++) s.pin(1_000_000 + page, AccessStrategy.NORMAL, 0);
        for (long page = 0; page < frames; page++) assertTrue(pool.bufferOf(1_000_000 + page) >= 0);
      }
    }
  }
}
