package dev.bufmgr.conformance;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolInvariants;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.pool.StorageMode;
import dev.bufmgr.core.testing.VersionedDisk;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A multi-threaded stress test every selector runs, on page contents: several threads pin, change
 * and unpin random pages (a few pins held at once, some through rings) and make one-off requests
 * ({@code access}, whose read hits take no pin) on a pool much smaller than the page set, in
 * page-memory mode on two stripes, behind a {@link VersionedDisk}. Each page has one writer
 * thread (page mod threads), which raises the page's version in its frame; so:
 *
 * <ul>
 *   <li>a writer that finds a version other than the one it last wrote sees a lost update (a
 *       dirty page dropped unwritten, a change during write-back forgotten);
 *   <li>a reader that finds a version below what the writer had published before the pin sees a
 *       stale page;
 *   <li>a pinned frame whose id stamps or incarnation change before the unpin was taken away
 *       under the pin; a pinned buffer whose tag or stamps name another page is under the wrong
 *       tag.
 * </ul>
 *
 * Every {@value #PAUSE_EVERY} operations the threads stop together with their pins held and the
 * mapping, the descriptors and the pin counts are checked ({@link PoolInvariants#checkWithPins},
 * every pin accounted to a thread); afterwards the pool must be quiescent, every request counted
 * and every write-back seen by the disk. Run by the JUnit suite {@code PoolStressSuite} and, short,
 * by {@code bufmgr check-policy}; {@code -DpoolStress.writeNanos=N} sets how long a disk write
 * takes (20,000 by default).
 */
public final class PoolStressCheck {
  private static final int THREADS = 4;
  private static final int PINS_HELD = 3;
  private static final int PAUSE_EVERY = 5_000;
  private static final int PAGES = 9_000;
  /** Time each disk write takes: long enough for a writer to change a page under its write-back. */
  private static final long WRITE_NANOS = Long.getLong("poolStress.writeNanos", 20_000);

  private PoolStressCheck() {}

  /**
   * Runs {@code opsPerThread} operations on each of the threads against the selector {@code spec}
   * from {@code registry} and checks what the class comment lists.
   *
   * @throws CheckFailed naming the first problems seen
   */
  public static void run(SelectorRegistry registry, String spec, long opsPerThread) throws InterruptedException {
    ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    VersionedDisk disk = new VersionedDisk(PAGES, WRITE_NANOS);
    AtomicLongArray published = new AtomicLongArray(PAGES);
    PoolConfig config =
        PoolConfig.builder()
            .frames(96)
            .stripes(2)
            .storage(StorageMode.PAGE_MEMORY)
            .selector(spec)
            .writeBack(disk)
            .pageLoader(disk)
            .timeVictimSearch(true)
            .build();
    try (BufferPool pool = new BufferPool(config, registry)) {
      AtomicBoolean done = new AtomicBoolean();
      AtomicLongArray heldPins = new AtomicLongArray(THREADS);
      long[] pauses = {0};
      CyclicBarrier pause = new CyclicBarrier(THREADS, () -> {
        pauses[0]++;
        try {
          PoolInvariants.checkWithPins(pool);
          long held = 0;
          for (int t = 0; t < THREADS; t++) held += heldPins.get(t);
          if (PoolInvariants.totalPins(pool) != held) {
            failures.add("pause " + pauses[0] + ": the buffers hold " + PoolInvariants.totalPins(pool) + " pins, the threads " + held);
          }
        } catch (AssertionError e) {
          failures.add("pause " + pauses[0] + ": " + e.getMessage());
        }
      });
      CountDownLatch start = new CountDownLatch(1);
      List<Thread> workers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        long seed = 1000L * t + spec.hashCode();
        int me = t;
        workers.add(Thread.ofPlatform().name("stress-" + t).start(
            () -> work(pool, me, seed, opsPerThread, start, pause, heldPins, published, failures)));
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
      for (Thread w : workers) Expect.isTrue(w.join(java.time.Duration.ofHours(2)), "a worker did not finish");
      done.set(true);
      monitor.join();
      Expect.equal(List.of(), List.copyOf(failures).subList(0, Math.min(5, failures.size())));
      Expect.equal(List.of(), List.copyOf(disk.problems()).subList(0, Math.min(5, disk.problems().size())));
      PoolInvariants.checkQuiescent(pool);
      Expect.equal((opsPerThread - 1) / PAUSE_EVERY, pauses[0], "every pause was taken");
      Expect.equal(THREADS * opsPerThread, pool.metrics().requests());
      Expect.isTrue(pool.metrics().evictions() > 0, "the pool must have been evicting");
      Expect.equal(pool.metrics().writeBacks(), disk.writes(), "every write-back went through the disk");
      Expect.isTrue(pool.metrics().dirtyEvictions() <= disk.writes(), "a dirty eviction is always written first");
      Expect.isTrue(pool.metrics().dirtyEvictions() > 0, "dirty pages must have been evicted");
      checkEveryVersionSurvived(pool, disk, published);
    }
  }

  /** After the run, each page's newest version is on the disk or in its (dirty) buffer. */
  private static void checkEveryVersionSurvived(BufferPool pool, VersionedDisk disk, AtomicLongArray published) {
    try (PoolSession s = pool.openSession()) {
      for (int page = 0; page < PAGES; page++) {
        long want = published.get(page);
        if (want == 0 || disk.version(page) == want) continue;
        int b = s.pin(page, AccessStrategy.NORMAL, 0);
        long have = s.page(b).get(ValueLayout.JAVA_LONG_UNALIGNED, VersionedDisk.VERSION);
        s.unpin(b);
        Expect.equal(want, have, "page " + page + ": its last version is neither on the disk nor in the pool");
      }
    }
  }

  private static void work(
      BufferPool pool, int me, long seed, long opsPerThread, CountDownLatch start, CyclicBarrier pause, AtomicLongArray heldPins,
      AtomicLongArray published, ConcurrentLinkedQueue<String> failures) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int[] heldBuffers = new int[PINS_HELD];
    long[] heldPages = new long[PINS_HELD];
    long[] heldIncarnations = new long[PINS_HELD];
    int held = 0;
    try (PoolSession s = pool.openSession()) {
      start.await(30, TimeUnit.SECONDS);
      for (long i = 0; i < opsPerThread; i++) {
        if (i % PAUSE_EVERY == 0 && i > 0) {
          heldPins.set(me, held);
          pause.await(60, TimeUnit.SECONDS);
        }
        if (held == PINS_HELD || (held > 0 && rnd.nextInt(3) == 0)) {
          int k = rnd.nextInt(held);
          int b = heldBuffers[k];
          long page = heldPages[k];
          PoolInvariants.checkPinned(pool, b, page);
          MemorySegment frame = s.page(b);
          if (frame.get(ValueLayout.JAVA_LONG_UNALIGNED, VersionedDisk.INCARNATION) != heldIncarnations[k]) {
            failures.add("page " + page + " in buffer " + b + " was reloaded while pinned");
          }
          if (page % THREADS == me && rnd.nextInt(3) == 0) {
            long v = frame.get(ValueLayout.JAVA_LONG_UNALIGNED, VersionedDisk.VERSION);
            if (v != published.get((int) page)) {
              failures.add("lost update: page " + page + " holds version " + v + ", its writer wrote " + published.get((int) page));
            }
            frame.set(ValueLayout.JAVA_LONG_UNALIGNED, VersionedDisk.VERSION, v + 1);
            s.markDirty(b, 0);
            published.set((int) page, v + 1);
          } else if (rnd.nextInt(8) == 0) {
            s.markDirty(b, 0); // a change that leaves the version (a hint bit)
          }
          s.unpin(b);
          held--;
          heldBuffers[k] = heldBuffers[held];
          heldPages[k] = heldPages[held];
          heldIncarnations[k] = heldIncarnations[held];
        }
        int kind = rnd.nextInt(10);
        long page = kind == 0 ? 5_000 + rnd.nextInt(4_000) : kind < 6 ? rnd.nextInt(60) : rnd.nextInt(1_500);
        AccessStrategy strategy = kind == 0 ? AccessStrategy.BULKREAD : AccessStrategy.NORMAL;
        if (rnd.nextInt(4) == 0) {
          s.access(page, strategy, (int) (page % 4), rnd.nextInt(8) == 0);
          continue;
        }
        long before = published.get((int) page);
        int b = s.pin(page, strategy, (int) (page % 4));
        PoolInvariants.checkPinned(pool, b, page);
        MemorySegment frame = s.page(b);
        long v = frame.get(ValueLayout.JAVA_LONG_UNALIGNED, VersionedDisk.VERSION);
        if (v < before) failures.add("stale page: page " + page + " holds version " + v + " after version " + before + " was written");
        heldBuffers[held] = b;
        heldPages[held] = page;
        heldIncarnations[held] = frame.get(ValueLayout.JAVA_LONG_UNALIGNED, VersionedDisk.INCARNATION);
        held++;
      }
      for (int k = 0; k < held; k++) s.unpin(heldBuffers[k]);
    } catch (Throwable e) {
      failures.add(Thread.currentThread().getName() + ": " + e);
      pause.reset();
    }
  }
}
