package dev.bufmgr.workloads.baseline;

import dev.bufmgr.core.evict.ParameterSpec;
import dev.bufmgr.core.evict.SelectorParameters;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.event.LongIntMap;
import dev.bufmgr.workloads.replay.ClassTally;
import dev.bufmgr.workloads.replay.ReplayPolicy;
import dev.bufmgr.workloads.replay.ReplayResult;
import java.util.List;
import java.util.Map;

/**
 * Belady's optimal replacement (MIN; Belady, "A study of replacement algorithms for a virtual
 * storage computer", IBM Systems Journal 1966): on a miss with a full pool, the page whose next
 * use lies farthest ahead (a page never used again first) leaves. Two variants, chosen by the
 * parameter {@code bypass}:
 *
 * <ul>
 *   <li>{@code opt:bypass=true} (the default, {@code opt}): the missing page is itself a
 *       candidate; when its own next use lies no sooner than every cached page's, it is not
 *       admitted. This bounds policies that may decline admission too, such as W-TinyLFU.
 *   <li>{@code opt:bypass=false}: demand paging, every miss is admitted and the cached page used
 *       farthest ahead leaves first. This is what libCacheSim's Belady does ({@code
 *       libCacheSim/cache/eviction/Belady.c}, last changed in commit 2800fe4 and read at commit
 *       aa0fc40 of github.com/1a1a11a/libCacheSim: {@code cache_get_base} evicts the top of a
 *       max-priority queue of next-access times before inserting the missing object), and it is
 *       the bound for the pool's selectors and LRU, which cannot decline a page.
 * </ul>
 *
 * <p>Which page leaves among several never used again changes no hit count, so both variants are
 * exact: the same hits as any other implementation of the same rule.
 *
 * <p>Memory: OPT needs the whole trace in memory (its future), plus one int per request for the
 * next use, one bit per request for "the page requested there is cached", and a binary max-heap
 * of longs (next use in the high half, the inserting request in the low half) holding at most
 * about 2 x frames entries; stale entries are dropped lazily and the heap is compacted when it
 * doubles.
 */
public final class OptPolicy implements ReplayPolicy {
  /** The policy's name in a spec. */
  public static final String NAME = "opt";

  /** Its parameters: {@code bypass}, true by default. */
  public static final List<ParameterSpec> PARAMETERS = List.of(
      ParameterSpec.choice("bypass", "true", List.of("true", "false"),
          "true: a missing page used no sooner than every cached page is not admitted (MIN with bypass, the bound "
              + "for admission-filtering policies); false: demand paging, every miss admitted (libCacheSim's Belady, "
              + "the bound for pool selectors and lru)"));

  private static final int NEVER = Integer.MAX_VALUE;

  private final boolean bypass;
  private final String name;

  /** OPT with bypass ({@code opt}, {@code opt:bypass=true}). */
  public OptPolicy() {
    this(true);
  }

  /** OPT with bypass ({@code true}) or demand paging ({@code false}). */
  public OptPolicy(boolean bypass) {
    this(SelectorParameters.resolve(NAME, PARAMETERS, Map.of("bypass", Boolean.toString(bypass))));
  }

  /** OPT with parameters validated against {@link #PARAMETERS}. */
  public OptPolicy(SelectorParameters parameters) {
    this.bypass = parameters.choice("bypass").equals("true");
    this.name = parameters.canonicalName();
  }

  /** Whether a missing page may be declined. */
  public boolean bypass() {
    return bypass;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean admitsEveryMiss() {
    return !bypass;
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
        if (bypass && nu >= (int) (top >>> 32)) continue;
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
