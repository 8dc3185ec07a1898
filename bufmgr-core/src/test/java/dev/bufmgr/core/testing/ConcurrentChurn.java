package dev.bufmgr.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolSession;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Several threads on one small pool with overlapping pages: half the requests go to a hot set of
 * half the pool, the rest spread over four pools' worth; one in ten reads through the BULKREAD
 * ring, one in ten holds its pin while it pins the next page, one in ten dirties its page. So
 * victims are met pinned, claimed victims are given back and rings reuse buffers from anywhere.
 * Then the checks every selector must pass: no pin left, and every buffer still reachable.
 */
public final class ConcurrentChurn {
  private ConcurrentChurn() {}

  /** Runs {@code threads} threads of {@code requests} requests each; rethrows the first failure. */
  public static void run(BufferPool pool, int threads, int requests) throws InterruptedException {
    int frames = pool.frames();
    CyclicBarrier start = new CyclicBarrier(threads);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      long seed = t;
      workers.add(Thread.ofPlatform().name("churn-" + t).start(() -> {
        SplittableRandom rnd = new SplittableRandom(seed);
        try (PoolSession s = pool.openSession()) {
          start.await();
          for (int i = 0; i < requests; i++) {
            int kind = rnd.nextInt(10);
            AccessStrategy strategy = kind == 0 ? AccessStrategy.BULKREAD : AccessStrategy.NORMAL;
            long page = kind < 5 ? rnd.nextInt(frames / 2) : rnd.nextInt(frames * 4);
            int b = s.pin(page, strategy, 0);
            if (kind == 9) s.unpin(s.pin(page + 1, AccessStrategy.NORMAL, 0));
            if (kind == 3) s.markDirty(b, 0);
            s.unpin(b);
          }
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        }
      }));
    }
    for (Thread w : workers) w.join();
    if (failure.get() != null) throw new AssertionError("worker failed", failure.get());
  }

  /** Checks that no buffer is left pinned and that the mapping counts every buffer with a page; returns that count. */
  public static int checkNoPinLeft(BufferPool pool) {
    int resident = 0;
    for (int b = 0; b < pool.frames(); b++) {
      long st = pool.descriptors().state(b);
      assertEquals(0, BufferState.refCount(st), "buffer " + b + " left pinned");
      if (BufferState.has(st, BufferState.TAG_VALID)) resident++;
    }
    assertEquals(pool.residentPages(), resident);
    return resident;
  }

  /** Checks that one thread can pin as many fresh pages as there are buffers: the victim search reaches every buffer. */
  public static void checkEveryBufferReachable(BufferPool pool) {
    try (PoolSession s = pool.openSession()) {
      for (long page = 0; page < pool.frames(); page++) s.pin(1_000_000 + page, AccessStrategy.NORMAL, 0);
      for (long page = 0; page < pool.frames(); page++) {
        assertTrue(pool.bufferOf(1_000_000 + page) >= 0, "fresh page " + page + " resident");
      }
    }
  }
}
