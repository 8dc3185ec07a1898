package dev.bufmgr.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.pool.AccessStrategy;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolInvariants;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.pool.StorageMode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A multi-threaded stress test every selector runs: several threads pin, dirty and unpin random
 * pages (a few pins held at once, some through rings) and make one-off requests ({@code access},
 * whose read hits take no pin) on a pool much smaller than the page set,
 * in page-memory mode on two stripes. While it runs, every pinned buffer must hold the page asked
 * for (tag and stamped bytes) and a monitor checks that no buffer holds more pins than threads
 * can hold; afterwards the mapping and descriptors must be a bijection, every pin returned, every
 * request counted, and every dirty page written back or still marked dirty.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class PoolStressSuite {
  private static final int THREADS = 4;
  private static final int PINS_HELD = 3;
  private static final int OPS_PER_THREAD = 60_000;

  /** The selector specs to stress, typically one per hand and batch variant. */
  protected abstract List<String> selectorSpecs();

  @ParameterizedTest(name = "{0}")
  @MethodSource("selectorSpecs")
  void invariantsHoldUnderConcurrentPinUnpinAndDirty(String spec) throws Exception {
    ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    CheckingWriteBack hook = new CheckingWriteBack(page -> true);
    PoolConfig config =
        PoolConfig.builder()
            .frames(96)
            .stripes(2)
            .storage(StorageMode.PAGE_MEMORY)
            .selector(spec)
            .writeBack(hook)
            .timeVictimSearch(true)
            .build();
    try (BufferPool pool = new BufferPool(config)) {
      AtomicBoolean done = new AtomicBoolean();
      CountDownLatch start = new CountDownLatch(1);
      List<Thread> workers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        long seed = 1000L * t + spec.hashCode();
        workers.add(Thread.ofPlatform().name("stress-" + t).start(() -> work(pool, seed, start, failures)));
      }
      Thread monitor =
          Thread.ofPlatform()
              .name("stress-monitor")
              .start(
                  () -> {
                    while (!done.get()) {
                      for (int b = 0; b < pool.frames(); b++) {
                        long st = pool.descriptors().state(b);
                        if (BufferState.refCount(st) > THREADS * PINS_HELD + 1) {
                          failures.add("buffer " + b + " shows " + BufferState.describe(st));
                        }
                      }
                      Thread.onSpinWait();
                    }
                  });
      start.countDown();
      for (Thread w : workers) assertTrue(w.join(java.time.Duration.ofMinutes(2)), "worker did not finish");
      done.set(true);
      monitor.join();
      assertEquals(List.of(), List.copyOf(failures));
      assertEquals(List.of(), List.copyOf(hook.problems()));
      PoolInvariants.checkQuiescent(pool);
      assertEquals((long) THREADS * OPS_PER_THREAD, pool.metrics().requests());
      assertTrue(pool.metrics().evictions() > 0, "the pool must have been evicting");
      assertEquals(pool.metrics().writeBacks(), hook.writes(), "every write-back went through the hook");
      assertTrue(pool.metrics().dirtyEvictions() <= hook.writes(), "a dirty eviction is always written first");
      assertTrue(pool.metrics().dirtyEvictions() > 0, "dirty pages must have been evicted");
    }
  }

  private static void work(BufferPool pool, long seed, CountDownLatch start, ConcurrentLinkedQueue<String> failures) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int[] heldBuffers = new int[PINS_HELD];
    long[] heldPages = new long[PINS_HELD];
    int held = 0;
    try (PoolSession s = pool.openSession()) {
      start.await(30, TimeUnit.SECONDS);
      for (int i = 0; i < OPS_PER_THREAD; i++) {
        if (held == PINS_HELD || (held > 0 && rnd.nextInt(3) == 0)) {
          int k = rnd.nextInt(held);
          PoolInvariants.checkPinned(pool, heldBuffers[k], heldPages[k]);
          if (rnd.nextInt(4) == 0) s.markDirty(heldBuffers[k], 0);
          s.unpin(heldBuffers[k]);
          held--;
          heldBuffers[k] = heldBuffers[held];
          heldPages[k] = heldPages[held];
        }
        int kind = rnd.nextInt(10);
        long page = kind == 0 ? 5_000 + rnd.nextInt(4_000) : kind < 6 ? rnd.nextInt(60) : rnd.nextInt(1_500);
        AccessStrategy strategy = kind == 0 ? AccessStrategy.BULKREAD : AccessStrategy.NORMAL;
        if (rnd.nextInt(4) == 0) {
          s.access(page, strategy, (int) (page % 4), rnd.nextInt(8) == 0);
          continue;
        }
        int b = s.pin(page, strategy, (int) (page % 4));
        PoolInvariants.checkPinned(pool, b, page);
        heldBuffers[held] = b;
        heldPages[held] = page;
        held++;
      }
      for (int k = 0; k < held; k++) s.unpin(heldBuffers[k]);
    } catch (Throwable e) {
      failures.add(Thread.currentThread().getName() + ": " + e);
    }
  }
}
