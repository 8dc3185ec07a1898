package dev.bufmgr.replay.baseline;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.table.LongIntHashMap;
import dev.bufmgr.replay.ClassTally;
import dev.bufmgr.replay.MissNotingRun;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayResult;
import dev.bufmgr.replay.ReplayRun;
import dev.bufmgr.workloads.stream.EventBlock;
import java.util.Set;

/**
 * Least-recently-used replacement: on a miss with a full pool, the page whose last use lies
 * farthest back leaves. Slots form a doubly linked recency list in int arrays and a primitive
 * hash map finds a page's slot, so no object is made per request; memory is O(frames).
 */
public final class LruPolicy implements ReplayPolicy {
  /**
   * Requests of a block whose map slots are read before any of them is served, so that their cache
   * misses overlap ({@link LongIntHashMap#touchHomes}): a group of 64 gained more than 32, and 128 was
   * slower (figures: reports/design-measurements.md).
   */
  private static final int GROUP = 64;

  @Override
  public String name() {
    return "lru";
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
    private final long[] slotPage;
    private final int[] prev;
    private final int[] next;
    private final LongIntHashMap where;
    private int head = -1;
    private int tail = -1;
    private int used;
    private long requests;
    private long hits;
    private long evictions;

    Run(int frames, Set<EventField> carries) {
      this.frames = frames;
      this.tally = new ClassTally(carries);
      this.slotPage = new long[frames];
      this.prev = new int[frames];
      this.next = new int[frames];
      this.where = new LongIntHashMap(frames);
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
        where.touchHomes(pages, group, end);
        for (int i = group; i < end; i++) {
          if (!request(pages[i], meta, i) && missed != null) missed[misses++] = pages[i];
        }
      }
      return misses;
    }

    /** One request; returns whether it hit. */
    private boolean request(long page, int[] meta, int i) {
      int s = where.get(page);
      if (s >= 0) {
        hits++;
        if (s != head) {
          int p = prev[s];
          int q = next[s];
          next[p] = q;
          if (q >= 0) prev[q] = p;
          else tail = p;
          prev[s] = -1;
          next[s] = head;
          prev[head] = s;
          head = s;
        }
        return true;
      }
      tally.miss(meta, i);
      if (used < frames) {
        s = used++;
      } else {
        s = tail;
        where.remove(slotPage[s]);
        evictions++;
        tail = prev[s];
        if (tail >= 0) next[tail] = -1;
        else head = -1;
      }
      slotPage[s] = page;
      where.put(page, s);
      prev[s] = -1;
      next[s] = head;
      if (head >= 0) prev[head] = s;
      head = s;
      if (tail < 0) tail = s;
      return false;
    }

    @Override
    public ReplayResult finish(double seconds) {
      return new ReplayResult(name(), frames, requests, hits, evictions, null, null, seconds, tally.hits(), tally.misses());
    }
  }
}
