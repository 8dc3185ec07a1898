package dev.bufmgr.conformance;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A pool run near all pinned: T threads each hold up to P pins of random pages (and one claim
 * while a miss loads the next), on a pool of T x P + 2 buffers in four stripes, so at every
 * moment at least two buffers are unpinned and a victim search that gives up with {@link
 * NoUnpinnedBuffersException} gives a false error. A search looks at the buffers one after
 * another, so it can find each one pinned at the moment it looks while some were unpinned in
 * between (PostgreSQL's clock sweep has the same race): the check fails when more than 1 search
 * in 10,000 gives up falsely, a rate the issue that asked for it measured 20 to 800 times over
 * for partitioned hands on a many-core host. Any other failure of a thread fails it too.
 */
public final class NearAllPinnedCheck {
  private NearAllPinnedCheck() {}

  /**
   * Runs {@code ops} operations on each of {@code threads} threads holding up to {@code pins}
   * pins, against the selector {@code spec} from {@code registry}.
   *
   * @return one line: the pins, victim searches and false errors seen
   * @throws CheckFailed when too many searches gave up falsely or a thread failed
   */
  public static String run(SelectorRegistry registry, String spec, int threads, int pins, int ops)
      throws InterruptedException {
    int frames = threads * pins + 2;
    PoolConfig config = PoolConfig.builder().frames(frames).stripes(4).selector(spec).build();
    AtomicLong falseErrors = new AtomicLong();
    AtomicLong pinned = new AtomicLong();
    ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    long searches;
    try (BufferPool pool = new BufferPool(config, registry)) {
      CountDownLatch start = new CountDownLatch(1);
      List<Thread> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        long seed = 7919L * t + spec.hashCode();
        workers.add(Thread.ofPlatform().name("near-all-pinned-" + t).start(() -> {
          SplittableRandom r = new SplittableRandom(seed);
          int[] held = new int[pins];
          try (PoolSession s = pool.openSession()) {
            start.await();
            int n = 0;
            for (int op = 0; op < ops; op++) {
              try {
                int b = s.pin(r.nextLong(frames * 4L), AccessStrategy.NORMAL, 0);
                held[n++] = b;
                pinned.incrementAndGet();
              } catch (NoUnpinnedBuffersException e) {
                falseErrors.incrementAndGet();
              }
              if (n == pins || (n > 0 && r.nextInt(4) == 0)) {
                for (int i = 0; i < n; i++) s.unpin(held[i]);
                n = 0;
              }
            }
            for (int i = 0; i < n; i++) s.unpin(held[i]);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } catch (RuntimeException | Error e) {
            failures.add(Thread.currentThread().getName() + ": " + e);
          }
        }));
      }
      start.countDown();
      for (Thread w : workers) Expect.isTrue(w.join(Duration.ofMinutes(3)), spec + ": a worker did not finish");
      searches = pool.metrics().victimSearches();
    }
    Expect.equal(List.of(), List.copyOf(failures), spec + ": a worker failed");
    Expect.isTrue(falseErrors.get() * 10_000 <= searches + falseErrors.get(),
        spec + ": " + falseErrors.get() + " of " + (searches + falseErrors.get()) + " searches gave up while buffers were unpinned");
    return String.format(Locale.ROOT, "near-all-pinned %s: %d threads x %d pins on %d buffers, %,d pins, %,d victim searches, "
        + "%,d false 'no unpinned buffers' (%.3f%%)", spec, threads, pins, frames, pinned.get(), searches, falseErrors.get(),
        searches == 0 ? 0.0 : 100.0 * falseErrors.get() / (searches + falseErrors.get()));
  }
}
