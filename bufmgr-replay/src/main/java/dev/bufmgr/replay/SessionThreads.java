package dev.bufmgr.replay;

import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolSession;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Runs work on threads of their own against one shared pool, each through its own session, all
 * released by one barrier, and times them from that common start to the last thread's end. The
 * first failure of any thread is rethrown once all have ended.
 */
public final class SessionThreads {
  private SessionThreads() {}

  /** Runs each piece of {@code work} on a thread named {@code name-t}; returns the wall seconds. */
  public static double run(BufferPool pool, List<Consumer<PoolSession>> work, String name) {
    CyclicBarrier start = new CyclicBarrier(work.size() + 1);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < work.size(); t++) {
      Consumer<PoolSession> mine = work.get(t);
      workers.add(Thread.ofPlatform().name(name + "-" + t).start(() -> {
        try {
          start.await();
        } catch (InterruptedException | BrokenBarrierException e) {
          Thread.currentThread().interrupt();
          failure.compareAndSet(null, e);
          return;
        }
        try (PoolSession s = pool.openSession()) {
          mine.accept(s);
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        }
      }));
    }
    long begin;
    try {
      start.await();
      begin = System.nanoTime();
      for (Thread w : workers) w.join();
    } catch (InterruptedException | BrokenBarrierException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(name + " interrupted", e);
    }
    double seconds = (System.nanoTime() - begin) / 1e9;
    Throwable f = failure.get();
    if (f instanceof RuntimeException re) throw re;
    if (f instanceof Error er) throw er;
    if (f != null) throw new IllegalStateException(name + " thread failed: " + f, f);
    return seconds;
  }
}
