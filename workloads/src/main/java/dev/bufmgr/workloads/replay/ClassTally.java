package dev.bufmgr.workloads.replay;

import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.workloads.event.EventTrace;

/**
 * Per-page-class counts for policies outside the pool: requests per class counted once, misses
 * per class counted on the miss path only, hits as the difference. Null arrays when the trace has
 * no classes, so a replay without classes pays nothing.
 */
public final class ClassTally {
  private final int[] meta;
  private final long[] requests;
  private final long[] misses;

  /** A tally for {@code trace}. */
  public ClassTally(EventTrace trace) {
    this.meta = trace.meta();
    if (meta == null) {
      requests = null;
      misses = null;
      return;
    }
    int classes = 1;
    for (int i = 0; i < trace.size(); i++) classes = Math.max(classes, EventMeta.pageClass(meta[i]) + 1);
    requests = new long[classes];
    misses = new long[classes];
    for (int i = 0; i < trace.size(); i++) requests[EventMeta.pageClass(meta[i])]++;
  }

  /** Counts a miss of event {@code i}. */
  public void miss(int i) {
    if (meta != null) misses[EventMeta.pageClass(meta[i])]++;
  }

  /** Hits per class, or null without classes. */
  public long[] hits() {
    if (meta == null) return null;
    long[] h = new long[requests.length];
    for (int c = 0; c < h.length; c++) h[c] = requests[c] - misses[c];
    return h;
  }

  /** Misses per class, or null without classes. */
  public long[] misses() {
    return misses == null ? null : misses.clone();
  }
}
