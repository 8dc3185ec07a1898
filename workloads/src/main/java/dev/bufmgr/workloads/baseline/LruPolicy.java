package dev.bufmgr.workloads.baseline;

import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.event.LongIntMap;
import dev.bufmgr.workloads.replay.ClassTally;
import dev.bufmgr.workloads.replay.ReplayPolicy;
import dev.bufmgr.workloads.replay.ReplayResult;

/**
 * Least-recently-used replacement: on a miss with a full pool, the page whose last use lies
 * farthest back leaves. Slots form a doubly linked recency list in int arrays and a primitive
 * hash map finds a page's slot, so no object is made per request.
 */
public final class LruPolicy implements ReplayPolicy {

  @Override
  public String name() {
    return "lru";
  }

  @Override
  public boolean admitsEveryMiss() {
    return true;
  }

  @Override
  public ReplayResult replay(EventTrace trace, int frames) {
    long start = System.nanoTime();
    ClassTally tally = new ClassTally(trace);
    int n = trace.size();
    long[] pages = trace.pages();
    long[] slotPage = new long[frames];
    int[] prev = new int[frames];
    int[] next = new int[frames];
    LongIntMap where = new LongIntMap(frames);
    int head = -1;
    int tail = -1;
    int used = 0;
    long hits = 0;
    long evictions = 0;
    for (int i = 0; i < n; i++) {
      long page = pages[i];
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
        continue;
      }
      tally.miss(i);
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
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    return new ReplayResult(name(), frames, n, hits, evictions, null, null, seconds, tally.hits(), tally.misses());
  }
}
