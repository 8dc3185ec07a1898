package dev.bufmgr.core.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A pool run near all pinned, which every selector runs: T threads each hold up to P pins of
 * random pages (and one claim while a miss loads the next), on a pool of T x P + 2 buffers in
 * four stripes, so at every moment at least two buffers are unpinned and a victim search that
 * gives up with {@link NoUnpinnedBuffersException} gives a false error. A search looks at the
 * buffers one after another, so it can find each one pinned at the moment it looks while some
 * were unpinned in between (PostgreSQL's clock sweep has the same race): the suite prints the
 * searches and false errors per selector spec and fails when more than 1 search in 10,000 gives
 * up falsely, a rate the issue that asked for it measured 20 to 800 times over for partitioned
 * hands on a many-core host.
 *
 * <p>Larger runs (a documented command in the README): {@code -DnearAllPinned.threads=T},
 * {@code -DnearAllPinned.pins=P}, {@code -DnearAllPinned.ops=N} (per thread).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class NearAllPinnedSuite {
  private static final int THREADS = Integer.getInteger("nearAllPinned.threads", 4);
  private static final int PINS = Integer.getInteger("nearAllPinned.pins", 4);
  private static final int OPS = Integer.getInteger("nearAllPinned.ops", 40_000);

  /** The selector specs to run, typically one per hand and batch variant. */
  protected abstract List<String> selectorSpecs();

  @ParameterizedTest(name = "{0}")
  @MethodSource("selectorSpecs")
  void searchesRarelyGiveUpWhileBuffersAreUnpinned(String spec) throws InterruptedException {
    int frames = THREADS * PINS + 2;
    PoolConfig config = PoolConfig.builder().frames(frames).stripes(4).selector(spec).build();
    AtomicLong falseErrors = new AtomicLong();
    AtomicLong pins = new AtomicLong();
    long searches;
    try (BufferPool pool = new BufferPool(config)) {
      CountDownLatch start = new CountDownLatch(1);
      List<Thread> workers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        long seed = 7919L * t + spec.hashCode();
        workers.add(Thread.ofPlatform().name("near-all-pinned-" + t).start(() -> {
          SplittableRandom r = new SplittableRandom(seed);
          int[] held = new int[PINS];
          try (PoolSession s = pool.openSession()) {
            start.await();
            int n = 0;
            for (int op = 0; op < OPS; op++) {
              try {
                int b = s.pin(r.nextLong(frames * 4L), AccessStrategy.NORMAL, 0);
                held[n++] = b;
                pins.incrementAndGet();
              } catch (NoUnpinnedBuffersException e) {
                falseErrors.incrementAndGet();
              }
              if (n == PINS || (n > 0 && r.nextInt(4) == 0)) {
                for (int i = 0; i < n; i++) s.unpin(held[i]);
                n = 0;
              }
            }
            for (int i = 0; i < n; i++) s.unpin(held[i]);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }));
      }
      start.countDown();
      for (Thread w : workers) assertTrue(w.join(Duration.ofMinutes(3)), "a worker did not finish");
      searches = pool.metrics().victimSearches();
    }
    System.out.printf(Locale.ROOT, "near-all-pinned %s: %d threads x %d pins on %d buffers, %,d pins, %,d victim searches, "
        + "%,d false 'no unpinned buffers' (%.3f%%)%n", spec, THREADS, PINS, frames, pins.get(), searches, falseErrors.get(),
        searches == 0 ? 0.0 : 100.0 * falseErrors.get() / (searches + falseErrors.get()));
    assertTrue(falseErrors.get() * 10_000 <= searches + falseErrors.get(),
        spec + ": " + falseErrors.get() + " of " + (searches + falseErrors.get()) + " searches gave up while buffers were unpinned");
  }
}
