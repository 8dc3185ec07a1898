package dev.bufmgr.workloads.stream;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.evict.AccessStrategy;
import dev.bufmgr.workloads.event.LongSet;
import java.util.Set;

/**
 * Counts an input's {@link InputFacts} as its blocks go by. Distinct pages take one set slot
 * each (8 bytes, at most three quarters of the slots used: about 11 to 21 bytes a distinct
 * page), the only memory that grows with the input.
 */
public final class FactsCounter implements BlockConsumer {
  private final Set<EventField> carries;
  private final LongSet seen = new LongSet(1 << 16);
  private long requests;
  private long strategyRequests;
  private int largestClass;

  /** A counter for an input carrying {@code carries}. */
  public FactsCounter(Set<EventField> carries) {
    this.carries = carries;
  }

  @Override
  public void accept(EventBlock block) {
    long[] pages = block.pages();
    int n = block.size();
    for (int i = 0; i < n; i++) seen.add(pages[i]);
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
