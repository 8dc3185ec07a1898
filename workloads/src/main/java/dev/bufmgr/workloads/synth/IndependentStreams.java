package dev.bufmgr.workloads.synth;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.buffer.AccessStrategy;

/**
 * Streams of independent single-page requests: uniform, Zipf with scrambled ranks, and hot set.
 * Each request is a write with probability {@code writes}.
 */
final class IndependentStreams {
  private static final int READ = EventMeta.pack(false, AccessStrategy.NORMAL, 0);
  private static final int WRITE = EventMeta.pack(true, AccessStrategy.NORMAL, 0);

  private IndependentStreams() {}

  /** Pages uniform over [0, pages). */
  static PageStream uniform(long pages, double writes, SplitMix64 rng) {
    return out -> out.add(rng.nextLong(pages), meta(writes, rng));
  }

  /** Zipf-distributed pages. */
  static PageStream zipf(ScrambledZipf zipf, double writes, SplitMix64 rng) {
    return out -> out.add(zipf.page(rng.nextDouble()), meta(writes, rng));
  }

  /**
   * A fraction {@code hotAccesses} of requests go uniformly to the first {@code hotPages}
   * pages, the rest uniformly to the others.
   */
  static PageStream hotSet(long pages, long hotPages, double hotAccesses, double writes, SplitMix64 rng) {
    long cold = pages - hotPages;
    return (EventBatch out) -> {
      long page = rng.nextDouble() < hotAccesses ? rng.nextLong(hotPages) : hotPages + rng.nextLong(cold);
      out.add(page, meta(writes, rng));
    };
  }

  /** Pages 0, 1, ..., pages-1, 0, 1, ... through {@code strategy}. */
  static PageStream sequential(long pages, AccessStrategy strategy) {
    int meta = EventMeta.pack(false, strategy, 0);
    return new PageStream() {
      private long next;

      @Override
      public void emit(EventBatch out) {
        out.add(next, meta);
        if (++next == pages) next = 0;
      }
    };
  }

  private static int meta(double writes, SplitMix64 rng) {
    return writes > 0 && rng.nextDouble() < writes ? WRITE : READ;
  }
}
