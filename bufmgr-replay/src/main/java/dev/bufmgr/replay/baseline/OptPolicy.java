package dev.bufmgr.replay.baseline;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.table.LongIntHashMap;
import dev.bufmgr.replay.ClassTally;
import dev.bufmgr.replay.ReplayPolicy;
import dev.bufmgr.replay.ReplayResult;
import dev.bufmgr.replay.ReplayRun;
import dev.bufmgr.workloads.stream.EventBlock;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * <p>OPT reads the future: each request comes with its next access (the position of the same
 * page's next request), from the trace itself (oracleGeneral records carry it) or from a
 * pre-pass ({@link dev.bufmgr.workloads.stream.NextAccessFile}). Given that, it streams in
 * O(frames) memory: a map from cached page to slot, two longs per slot and a max-heap of (next
 * access, slot) of at most about 2 x frames entries, rebuilt from the slots when stale entries
 * double it.
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

  private final boolean bypass;
  private final String name;

  /** OPT with bypass ({@code opt}, {@code opt:bypass=true}). */
  public OptPolicy() {
    this(true);
  }

  /** OPT with bypass ({@code true}) or demand paging ({@code false}). */
  public OptPolicy(boolean bypass) {
    this(Parameters.resolve("baseline", new Spec(NAME, Map.of("bypass", Boolean.toString(bypass))), PARAMETERS));
  }

  /** OPT with parameters validated against {@link #PARAMETERS}. */
  public OptPolicy(Parameters parameters) {
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
  public boolean needsNextAccess() {
    return true;
  }

  @Override
  public ReplayRun start(int frames, Set<EventField> carries) {
    return new Run(frames, carries);
  }

  /**
   * The replay: a map from cached page to its slot, each slot's page and next access, and a
   * max-heap of (next access, slot) entries. An entry is current when its slot's next access
   * still equals its key (positions are unique; two pages never used again are alike, so an entry
   * of either serves); stale ones are skipped at the top and dropped when the heap is rebuilt from
   * the slots at twice the pool's size.
   */
  private final class Run implements ReplayRun {
    private final int frames;
    private final ClassTally tally;
    private final LongIntHashMap where;
    private final long[] slotPage;
    private final long[] slotNext;
    private final LongMaxHeap heap;
    private int used;
    private long requests;
    private long hits;
    private long evictions;

    Run(int frames, Set<EventField> carries) {
      this.frames = frames;
      this.tally = new ClassTally(carries);
      this.where = new LongIntHashMap(frames);
      this.slotPage = new long[frames];
      this.slotNext = new long[frames];
      this.heap = new LongMaxHeap(2 * frames + 16);
    }

    @Override
    public void accept(EventBlock block) {
      long[] pages = block.pages();
      long[] nexts = block.next();
      int[] meta = block.meta();
      int n = block.size();
      tally.requests(meta, n);
      requests += n;
      for (int i = 0; i < n; i++) {
        long page = pages[i];
        long nu = nexts[i];
        int s = where.get(page);
        if (s >= 0) {
          hits++;
        } else {
          tally.miss(meta, i);
          if (used < frames) {
            s = used++;
          } else {
            while (slotNext[heap.peekValue()] != heap.peekKey()) heap.pop();
            if (bypass && nu >= heap.peekKey()) continue;
            s = heap.peekValue();
            heap.pop();
            where.remove(slotPage[s]);
            evictions++;
          }
          slotPage[s] = page;
          where.put(page, s);
        }
        slotNext[s] = nu;
        heap.push(nu, s);
        if (heap.size() > 2 * frames + 8) rebuild();
      }
    }

    private void rebuild() {
      heap.clear();
      for (int s = 0; s < used; s++) heap.push(slotNext[s], s);
    }

    @Override
    public ReplayResult finish(double seconds) {
      return new ReplayResult(name, frames, requests, hits, evictions, null, null, seconds, tally.hits(), tally.misses());
    }
  }
}
