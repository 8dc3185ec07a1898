package dev.bufmgr.workloads.baseline;

import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.event.LongIntMap;
import dev.bufmgr.workloads.replay.ClassTally;
import dev.bufmgr.workloads.replay.ReplayPolicy;
import dev.bufmgr.workloads.replay.ReplayResult;

/**
 * Belady's optimal replacement (MIN; Belady, "A study of replacement algorithms for a virtual
 * storage computer", IBM Systems Journal 1966): on a miss with a full pool, the page whose next
 * use lies farthest ahead leaves. The missing page is itself a candidate: when its own next use
 * lies farther than every cached page's, it is not admitted (a bypass), which makes this the
 * upper bound for policies that may decline admission too, such as W-TinyLFU.
 *
 * <p>Memory: one int per request for the next use, one bit per request for "the page requested
 * there is cached", and a binary max-heap of longs (next use in the high half, the inserting
 * request in the low half) holding at most about 2 x frames entries; stale entries are dropped
 * lazily and the heap is compacted when it doubles.
 */
public final class OptPolicy implements ReplayPolicy {
  private static final int NEVER = Integer.MAX_VALUE;

  @Override
  public String name() {
    return "opt";
  }

  @Override
  public ReplayResult replay(EventTrace trace, int frames) {
    long start = System.nanoTime();
    ClassTally tally = new ClassTally(trace);
    int n = trace.size();
    long[] pages = trace.pages();
    int[] nextUse = nextUses(pages, n);
    long[] resident = new long[(n >>> 6) + 1];
    LongMaxHeap heap = new LongMaxHeap(2 * frames + 16);
    int cached = 0;
    long hits = 0;
    long evictions = 0;
    for (int i = 0; i < n; i++) {
      int nu = nextUse[i];
      long entry = ((long) nu << 32) | i;
      if ((resident[i >>> 6] & (1L << i)) != 0) {
        hits++;
        resident[i >>> 6] &= ~(1L << i);
      } else if (cached < frames) {
        tally.miss(i);
        cached++;
      } else {
        tally.miss(i);
        long top = validTop(heap, resident);
        if (nu >= (int) (top >>> 32)) continue;
        heap.pop();
        int victimUse = (int) (top >>> 32);
        if (victimUse != NEVER) resident[victimUse >>> 6] &= ~(1L << victimUse);
        evictions++;
      }
      if (nu != NEVER) resident[nu >>> 6] |= 1L << nu;
      heap.push(entry);
      if (heap.size() > 2 * frames + 8) compact(heap, resident);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    return new ReplayResult(name(), frames, n, hits, evictions, null, null, seconds, tally.hits(), tally.misses());
  }

  /** For each request, the index of the same page's next request, or NEVER. */
  static int[] nextUses(long[] pages, int n) {
    int[] next = new int[n];
    LongIntMap last = new LongIntMap(Math.min(n, 1 << 20));
    for (int i = n - 1; i >= 0; i--) {
      int j = last.get(pages[i]);
      next[i] = j < 0 ? NEVER : j;
      last.put(pages[i], i);
    }
    return next;
  }

  private static boolean valid(long entry, long[] resident) {
    int use = (int) (entry >>> 32);
    return use == NEVER || (resident[use >>> 6] & (1L << use)) != 0;
  }

  private static long validTop(LongMaxHeap heap, long[] resident) {
    while (!valid(heap.peek(), resident)) heap.pop();
    return heap.peek();
  }

  private static void compact(LongMaxHeap heap, long[] resident) {
    heap.retainIf(e -> valid(e, resident));
  }
}
