package dev.bufmgr.workloads.stream;

import dev.bufmgr.core.table.LongIntHashMap;
import java.util.Arrays;

/**
 * Walks a stream's requests from the last to the first and tells each one its next access: the
 * position of the same page's request seen just before in the walk (the next one in time), or
 * {@link EventBlock#NEVER}. Holds one map entry and one long per distinct page.
 */
final class BackwardScan {
  private final LongIntHashMap ids = new LongIntHashMap(1 << 16);
  private long[] latest = new long[1 << 10];
  private int distinct;

  /** The next access of the request of {@code page} at {@code position}; positions must decrease. */
  long visit(long page, long position) {
    int id = ids.putIfAbsent(page, distinct);
    if (id == distinct) {
      if (distinct == latest.length) latest = Arrays.copyOf(latest, latest.length * 2);
      latest[distinct++] = EventBlock.NEVER;
    }
    long next = latest[id];
    latest[id] = position;
    return next;
  }
}
