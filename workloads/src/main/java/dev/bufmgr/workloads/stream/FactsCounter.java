package dev.bufmgr.workloads.stream;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.table.LongHashSet;
import java.util.Set;

/**
 * Counts an input's {@link InputFacts} as its blocks go by. Distinct pages take one set slot
 * each (8 bytes, at most three quarters of the slots used: about 11 to 21 bytes a distinct
 * page), the only memory that grows with the input.
 *
 * <p>{@linkplain #fromMisses() From misses}, it adds to its set only the pages that missed the
 * run noting its misses ({@link EventBlock#missBuffer}): a page's first request misses in every
 * cache, so those pages are all the distinct pages, and the set is touched by a fraction of the
 * requests (the miss ratio) instead of all.
 */
public final class FactsCounter implements BlockConsumer {
  private final Set<EventField> carries;
  private final LongHashSet seen = new LongHashSet(1 << 16);
  private long requests;
  private long strategyRequests;
  private int largestClass;
  private boolean fromMisses;

  /** A counter for an input carrying {@code carries}. */
  public FactsCounter(Set<EventField> carries) {
    this.carries = carries;
  }

  /**
   * Counts distinct pages from the misses a run notes in every block, from now on; the caller
   * hands over each block only once {@link EventBlock#missesNoted}.
   */
  public void fromMisses() {
    fromMisses = true;
  }

  /** Whether it counts distinct pages from noted misses ({@link #fromMisses()}). */
  public boolean countsMisses() {
    return fromMisses;
  }

  @Override
  public void accept(EventBlock block) {
    int n = block.size();
    long[] pages = fromMisses ? block.missBuffer() : block.pages();
    int counted = fromMisses ? block.missCount() : n;
    for (int i = 0; i < counted; i++) seen.add(pages[i]);
    int[] meta = block.meta();
    if (meta != null) {
      for (int i = 0; i < n; i++) {
        int m = meta[i];
        if (EventMeta.strategy(m) != AccessStrategy.NORMAL) strategyRequests++;
        largestClass = Math.max(largestClass, EventMeta.pageClass(m));
      }
    }
    requests += n;
  }

  /** The facts counted so far. */
  public InputFacts facts() {
    return new InputFacts(requests, seen.size(), strategyRequests, largestClass, carries);
  }
}
