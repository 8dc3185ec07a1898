package dev.bufmgr.replay;

import dev.bufmgr.core.resource.ThreadFailure;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.stream.BlockConsumer;
import dev.bufmgr.workloads.stream.BlockFeed;
import dev.bufmgr.workloads.stream.EventBlock;
import dev.bufmgr.workloads.stream.FactsCounter;
import dev.bufmgr.workloads.stream.InMemoryNextAccess;
import dev.bufmgr.workloads.stream.NextAccess;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * Many configurations over one reading of an input: a {@link BlockFeed} decodes the source once
 * and hands every block to worker threads, each of which owns some of the configurations (runs
 * and any further consumers, such as a facts counter) and applies the block to each of them in
 * turn. Every configuration sees every request in order on one thread, so its result is the
 * result it would have alone; the configurations spread over the machine's cores.
 */
public final class OnePassReplay {
  private OnePassReplay() {}

  /**
   * Replays {@code source} (closed at the end) into every run and every extra consumer, on at
   * most {@code workers} threads; returns the runs' results in order, each timed over all its
   * requests. {@code nextAccess} gives next accesses when a run needs them, or is null.
   */
  public static List<ReplayResult> run(EventSource source, NextAccess nextAccess, List<ReplayRun> runs,
      List<? extends BlockConsumer> extra, int workers) {
    return run(source, nextAccess, runs, extra, workers, 0);
  }

  /**
   * As {@link #run(EventSource, NextAccess, List, List, int)}, but each run's time leaves out the
   * blocks that begin within its first {@code untimed} requests (its own warm-up): a result's
   * {@link ReplayResult#timedRequests} says how many requests its time covers.
   */
  public static List<ReplayResult> run(EventSource source, NextAccess nextAccess, List<ReplayRun> runs,
      List<? extends BlockConsumer> extra, int workers, long untimed) {
    List<BlockConsumer> all = new ArrayList<>(runs);
    all.addAll(extra);
    int w = Math.max(1, Math.min(workers, all.size()));
    long[] nanos = new long[all.size()];
    long[] timed = new long[all.size()];
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicReference<String> failedThread = new AtomicReference<>();
    int noting = notingRun(runs, extra);
    try (BlockFeed feed = new BlockFeed(source, w, nextAccess, noting >= 0)) {
      feed.start();
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < w; t++) {
        int worker = t;
        threads.add(Thread.ofPlatform().name("replay-" + t)
            .start(() -> work(feed, worker, w, all, noting, untimed, nanos, timed, failure, failedThread)));
      }
      for (Thread t : threads) t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("replay interrupted", e);
    } catch (RuntimeException e) {
      if (failure.get() == null) throw e;
    }
    Throwable f = failure.get();
    if (f != null) throw ThreadFailure.of(failedThread.get(), f);
    List<ReplayResult> results = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) results.add(runs.get(i).finish(nanos[i] / 1e9).timedOver(timed[i]));
    return results;
  }

  /**
   * The run that notes its misses for the facts counters among {@code extra}, which then count
   * from them ({@link FactsCounter#fromMisses}): the first run that can; -1 when there is no
   * counter or no such run.
   */
  private static int notingRun(List<ReplayRun> runs, List<? extends BlockConsumer> extra) {
    if (extra.stream().noneMatch(c -> c instanceof FactsCounter)) return -1;
    for (int i = 0; i < runs.size(); i++) {
      if (runs.get(i).notesMisses()) {
        for (BlockConsumer c : extra) if (c instanceof FactsCounter f) f.fromMisses();
        return i;
      }
    }
    return -1;
  }

  private static void work(BlockFeed feed, int worker, int workers, List<BlockConsumer> all, int noting, long untimed,
      long[] nanos, long[] timed, AtomicReference<Throwable> failure, AtomicReference<String> failedThread) {
    IdleStrategy idle = new BackoffIdleStrategy();
    IdleStrategy waitForMisses = new BackoffIdleStrategy();
    try {
      for (EventBlock b; (b = feed.take(worker, idle)) != null; ) {
        try {
          if (failure.get() != null) return;
          boolean timing = b.first() >= untimed;
          for (int i = worker; i < all.size(); i += workers) {
            BlockConsumer c = all.get(i);
            if (c instanceof FactsCounter f && f.countsMisses()) {
              while (!b.missesNoted()) {
                if (failure.get() != null) return;
                waitForMisses.idle();
              }
              waitForMisses.reset();
            }
            long t0 = timing ? System.nanoTime() : 0;
            if (i == noting) ((ReplayRun) c).acceptNotingMisses(b);
            else c.accept(b);
            if (!timing) continue;
            nanos[i] += System.nanoTime() - t0;
            timed[i] += b.size();
          }
        } finally {
          feed.release(b);
        }
      }
    } catch (Throwable e) {
      if (failure.compareAndSet(null, e)) failedThread.set(Thread.currentThread().getName());
      feed.stop();
    }
  }

  /** One run of {@code policy} at {@code frames} over a trace in memory. */
  static ReplayResult alone(ReplayPolicy policy, EventTrace trace, int frames) {
    ReplayRun run = policy.start(frames, trace.carries());
    NextAccess next = policy.needsNextAccess() ? new InMemoryNextAccess(trace) : null;
    return run(trace.source(), next, List.of(run), List.of(), 1).getFirst();
  }
}
