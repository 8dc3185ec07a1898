package dev.bufmgr.core.testing;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;

/** Single-threaded replay helpers for the selectors' reference tests. */
public final class Replays {
  private Replays() {}

  /** A metadata-mode pool of {@code frames} buffers with the selector a spec names. */
  public static BufferPool pool(int frames, String selector) {
    return new BufferPool(PoolConfig.builder().frames(frames).selector(selector).build());
  }

  /** Misses of a fresh pool of {@code frames} buffers with {@code selector} on normal reads of {@code pages}. */
  public static long misses(int frames, String selector, long[] pages) {
    try (BufferPool p = pool(frames, selector); PoolSession s = p.openSession()) {
      for (long page : pages) s.access(page, AccessStrategy.NORMAL, 0, false);
      return pages.length - p.metrics().hits();
    }
  }

  /** Serves the requests in order through one session; returns which of them hit. */
  public static boolean[] replay(BufferPool pool, Request... requests) {
    boolean[] hits = new boolean[requests.length];
    try (PoolSession s = pool.openSession()) {
      for (int i = 0; i < requests.length; i++) {
        hits[i] = s.access(requests[i].page(), requests[i].strategy(), 0, requests[i].write());
      }
    }
    return hits;
  }
}
