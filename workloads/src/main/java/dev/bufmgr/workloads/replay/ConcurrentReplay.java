package dev.bufmgr.workloads.replay;

import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.workloads.event.EventTrace;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;

/**
 * T threads on one shared pool, each replaying its own stream of events through its own session;
 * reports the merged hit ratio and the throughput (all requests over the wall time from the
 * common start to the last thread's end). Results are not deterministic: the interleaving
 * changes them.
 */
public final class ConcurrentReplay {
  private ConcurrentReplay() {}

  /**
   * Runs {@code threads} threads; thread t replays every event of {@code traces.apply(t)} once,
   * starting at {@code starts.applyAsInt(t)} and wrapping around. The events are in memory before
   * the clock starts, so generating or parsing is not timed; threads may share one trace.
   */
  public static ReplayResult run(
      PoolPolicy policy, int frames, int threads, int classes, IntFunction<EventTrace> traces, IntUnaryOperator starts) {
    if (threads < 1) throw new IllegalArgumentException("--threads must be at least 1, got " + threads);
    List<EventTrace> mineAll = new ArrayList<>();
    int[] startAt = new int[threads];
    for (int t = 0; t < threads; t++) {
      mineAll.add(traces.apply(t));
      startAt[t] = starts.applyAsInt(t);
    }
    try (BufferPool pool = new BufferPool(policy.config(frames, classes, Sharing.SHARED), policy.registryForRuns())) {
      CyclicBarrier start = new CyclicBarrier(threads + 1);
      List<Thread> workers = new ArrayList<>();
      Throwable[] failure = new Throwable[1];
      long total = 0;
      for (int t = 0; t < threads; t++) {
        EventTrace mine = mineAll.get(t);
        int from = startAt[t];
        total += mine.size();
        Thread w = new Thread(() -> {
          try {
            start.await();
          } catch (InterruptedException | BrokenBarrierException e) {
            Thread.currentThread().interrupt();
            return;
          }
          try (PoolSession s = pool.openSession()) {
            PoolPolicy.replayInto(s, mine.pages(), mine.meta(), from, mine.size());
            PoolPolicy.replayInto(s, mine.pages(), mine.meta(), 0, from);
          } catch (RuntimeException | Error e) {
            synchronized (failure) {
              if (failure[0] == null) failure[0] = e;
            }
          }
        }, "replay-" + t);
        workers.add(w);
        w.start();
      }
      long begin;
      try {
        start.await();
        begin = System.nanoTime();
        for (Thread w : workers) w.join();
      } catch (InterruptedException | BrokenBarrierException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("concurrent replay interrupted", e);
      }
      double seconds = (System.nanoTime() - begin) / 1e9;
      if (failure[0] instanceof RuntimeException re) throw re;
      if (failure[0] instanceof Error er) throw er;
      return policy.result(pool.metrics(), frames, total, seconds, classes);
    }
  }
}
