package dev.bufmgr.replay;

import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.metrics.PoolMetrics;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.pool.StorageMode;
import dev.bufmgr.workloads.stream.EventBlock;
import java.util.Set;

/**
 * A registered victim selector replayed through the real {@link BufferPool} in metadata-only
 * mode, single-threaded: each event pins and unpins its page at once (marking it dirty when it
 * writes), so the result follows DESIGN.md's reference semantics exactly. The pool is {@link
 * Sharing#EXCLUSIVE} (plain loads and stores, no locks) since one thread owns it; the concurrent
 * driver uses a shared one. The selector is found by
 * name in the {@link SelectorRegistry}; this class knows no selector.
 */
public final class PoolPolicy implements ReplayPolicy {
  private final SelectorRegistry registry;
  private final Spec spec;
  private final String name;
  private final boolean rings;

  /**
   * A policy for the selector {@code spec}, validated against {@code registry} (throws naming an
   * unknown selector, parameter or bad value).
   *
   * @param rings whether bulk strategies go through PostgreSQL's rings
   */
  public PoolPolicy(SelectorRegistry registry, Spec spec, boolean rings) {
    this.registry = registry;
    this.spec = spec;
    this.name = registry.validate(spec).canonicalName();
    this.rings = rings;
  }

  @Override
  public String name() {
    return name;
  }

  /** The registry the selector comes from. */
  SelectorRegistry registryForRuns() {
    return registry;
  }

  /** The pool configuration used for {@code frames} buffers and page classes 0..classes-1. */
  public PoolConfig config(int frames, int classes, Sharing sharing) {
    return PoolConfig.builder()
        .frames(frames)
        .storage(StorageMode.METADATA)
        .pageClasses(classes)
        .rings(rings)
        .selector(spec)
        .sharing(sharing)
        .build();
  }

  /** A pool loads every page that misses into a buffer: it cannot decline one. */
  @Override
  public String strategies() {
    return rings ? "rings" : "normal";
  }

  @Override
  public boolean admitsEveryMiss() {
    return true;
  }

  /** Page classes a pool counts for a stream carrying {@code carries}: all it can, or one. */
  public static int classesFor(Set<EventField> carries) {
    return carries.contains(EventField.PAGE_CLASSES) ? PoolConfig.MAX_PAGE_CLASSES : 1;
  }

  @Override
  public ReplayRun start(int frames, Set<EventField> carries) {
    return new Run(frames, classesFor(carries));
  }

  /** An exclusive pool and its session, fed block by block. */
  private final class Run implements MissNotingRun {
    private final int frames;
    private final int classes;
    private final BufferPool pool;
    private final PoolSession session;
    private long requests;
    private int largestClass;

    Run(int frames, int classes) {
      this.frames = frames;
      this.classes = classes;
      this.pool = new BufferPool(config(frames, classes, Sharing.EXCLUSIVE), registry);
      this.session = pool.openSession();
    }

    @Override
    public int replay(EventBlock block, long[] missed) {
      int[] meta = block.meta();
      int n = block.size();
      if (meta != null) {
        for (int i = 0; i < n; i++) {
          int c = EventMeta.pageClass(meta[i]);
          if (c >= classes) {
            throw new IllegalArgumentException("request " + (block.first() + i + 1) + ": page class " + c
                + " exceeds the pool's largest counted class " + (classes - 1));
          }
          if (c > largestClass) largestClass = c;
        }
      }
      int misses = replayInto(session, block.pages(), meta, 0, n, missed);
      requests += n;
      return misses;
    }

    @Override
    public ReplayResult finish(double seconds) {
      session.close();
      try (pool) {
        return result(pool, frames, requests, seconds, largestClass + 1);
      }
    }
  }

  /**
   * Replays events {@code [from, to)} through {@code session}; plain reads (no fields carried) as
   * one run ({@link PoolSession#readAll}). When {@code missed} is not null, the pages of the
   * requests that missed are written to it from index 0; returns how many (0 without it).
   */
  static int replayInto(PoolSession session, long[] pages, int[] meta, int from, int to, long[] missed) {
    if (meta == null) return session.readAll(pages, from, to, missed);
    int misses = 0;
    for (int i = from; i < to; i++) {
      int m = meta[i];
      boolean hit = session.access(pages[i], EventMeta.strategy(m), EventMeta.pageClass(m), EventMeta.isWrite(m));
      if (!hit && missed != null) missed[misses++] = pages[i];
    }
    return misses;
  }

  /** The result of a replay through {@code pool}, from its metrics and its selector's counters. */
  ReplayResult result(BufferPool pool, int frames, long requests, double seconds, int classes) {
    PoolMetrics m = pool.metrics();
    long[] classHits = new long[classes];
    long[] classMisses = new long[classes];
    for (int c = 0; c < classes; c++) {
      classHits[c] = m.hits(c);
      classMisses[c] = m.misses(c);
    }
    double ticks = m.ticksPerVictimMean();
    return new ReplayResult(name, frames, requests, m.hits(), m.evictions(), m.dirtyEvictions(),
        Double.isNaN(ticks) ? null : ticks, seconds, classHits, classMisses, null, pool.selectorCounters());
  }
}
