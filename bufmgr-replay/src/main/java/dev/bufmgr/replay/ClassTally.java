package dev.bufmgr.replay;

import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import java.util.Arrays;
import java.util.Set;

/**
 * Per-page-class counts for policies outside the pool, kept block by block: requests per class
 * counted as each block arrives, misses on the miss path only, hits as the difference. Counts
 * nothing when the input carries no page classes, so a replay without them pays nothing.
 */
public final class ClassTally {
  private final long[] requests;
  private final long[] misses;
  private int largest;

  /** A tally for an input carrying {@code carries}. */
  public ClassTally(Set<EventField> carries) {
    boolean counting = carries.contains(EventField.PAGE_CLASSES);
    requests = counting ? new long[EventMeta.MAX_PAGE_CLASS + 1] : null;
    misses = counting ? new long[EventMeta.MAX_PAGE_CLASS + 1] : null;
  }

  /** Counts the requests of a block's first {@code n} packed fields ({@code meta} may be null). */
  public void requests(int[] meta, int n) {
    if (requests == null || meta == null) return;
    for (int i = 0; i < n; i++) {
      int c = EventMeta.pageClass(meta[i]);
      requests[c]++;
      if (c > largest) largest = c;
    }
  }

  /** Counts a miss of the request with packed fields {@code meta[i]}. */
  public void miss(int[] meta, int i) {
    if (misses != null && meta != null) misses[EventMeta.pageClass(meta[i])]++;
  }

  /** Hits per class up to the largest class seen, or null without classes. */
  public long[] hits() {
    if (requests == null) return null;
    long[] h = new long[largest + 1];
    for (int c = 0; c < h.length; c++) h[c] = requests[c] - misses[c];
    return h;
  }

  /** Misses per class up to the largest class seen, or null without classes. */
  public long[] misses() {
    return misses == null ? null : Arrays.copyOf(misses, largest + 1);
  }
}
