package dev.bufmgr.replay;

import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.workloads.event.EventTrace;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
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
      List<Consumer<PoolSession>> work = new ArrayList<>();
      long total = 0;
      for (int t = 0; t < threads; t++) {
        EventTrace mine = mineAll.get(t);
        int from = startAt[t];
        total += mine.size();
        work.add(s -> {
          PoolPolicy.replayInto(s, mine.pages(), mine.meta(), from, mine.size(), null);
          PoolPolicy.replayInto(s, mine.pages(), mine.meta(), 0, from, null);
        });
      }
      double seconds = SessionThreads.run(pool, work, "replay");
      return policy.result(pool, frames, total, seconds, classes);
    }
  }
}
