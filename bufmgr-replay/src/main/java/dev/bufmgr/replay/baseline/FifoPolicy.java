package dev.bufmgr.replay.baseline;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.table.LongHashSet;
import dev.bufmgr.replay.ClassTally;
import dev.bufmgr.replay.MissNotingRun;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayResult;
import dev.bufmgr.replay.ReplayRun;
import dev.bufmgr.workloads.stream.EventBlock;
import java.util.Set;

/**
 * First in, first out, as libCacheSim's {@code libCacheSim/cache/eviction/FIFO.c} with unit-size
 * objects: a miss loads the page at the queue's head, evicting the tail page first when the pool
 * holds {@code frames} pages; a hit changes nothing. The pool fills before anything leaves
 * ({@code cache_get_base} evicts only while the occupied size plus the new object's would pass the
 * cache size), so the first eviction is at the miss after {@code frames} distinct pages.
 *
 * <p>Since the page that leaves is always the one loaded longest ago, the queue is a ring of
 * {@code frames} slots in load order: a miss on a full pool replaces the page under the hand and
 * moves the hand one slot on. A hit reads only the set of cached pages; no object is made per
 * request and memory is O(frames).
 */
public final class FifoPolicy implements ReplayPolicy {
  /** Requests of a block whose set slots are read before any of them is served, as in {@link LruPolicy}. */
  private static final int GROUP = 64;

  @Override
  public String name() {
    return "fifo";
  }

  @Override
  public boolean admitsEveryMiss() {
    return true;
  }

  @Override
  public ReplayRun start(int frames, Set<EventField> carries) {
    return new Run(frames, carries);
  }

  private final class Run implements MissNotingRun {
    private final int frames;
    private final ClassTally tally;
    /** The cached pages in load order from slot 0 until the pool is full, then around from {@link #hand}. */
    private final long[] ring;
    private final LongHashSet cached;
    private int used;
    /** The slot of the page loaded longest ago, once the pool is full. */
    private int hand;
    private long requests;
    private long hits;
    private long evictions;

    Run(int frames, Set<EventField> carries) {
      this.frames = frames;
      this.tally = new ClassTally(carries);
      this.ring = new long[frames];
      this.cached = new LongHashSet(frames);
    }

    @Override
    public int replay(EventBlock block, long[] missed) {
      long[] pages = block.pages();
      int[] meta = block.meta();
      int n = block.size();
      tally.requests(meta, n);
      requests += n;
      int misses = 0;
      for (int group = 0; group < n; group += GROUP) {
        int end = Math.min(n, group + GROUP);
        cached.touchHomes(pages, group, end);
        for (int i = group; i < end; i++) {
          long page = pages[i];
          if (cached.contains(page)) {
            hits++;
            continue;
          }
          load(page, meta, i);
          if (missed != null) missed[misses++] = page;
        }
      }
      return misses;
    }

    /** A miss: the page enters at the head, the tail leaving first when the pool is full. */
    private void load(long page, int[] meta, int i) {
      tally.miss(meta, i);
      if (used < frames) {
        ring[used++] = page;
      } else {
        cached.remove(ring[hand]);
        evictions++;
        ring[hand] = page;
        if (++hand == frames) hand = 0;
      }
      cached.add(page);
    }

    @Override
    public ReplayResult finish(double seconds) {
      return new ReplayResult(name(), frames, requests, hits, evictions, null, null, seconds, tally.hits(), tally.misses());
    }
  }
}
