package dev.bufmgr.workloads.stream;

import dev.bufmgr.workloads.event.EventTrace;

/** The next access of every request of a trace already in memory (8 bytes a request). */
public final class InMemoryNextAccess implements NextAccess {
  private final long[] next;

  /** Computes the next accesses of {@code trace}, backwards in one pass. */
  public InMemoryNextAccess(EventTrace trace) {
    int n = trace.size();
    long[] pages = trace.pages();
    next = new long[n];
    BackwardScan scan = new BackwardScan();
    for (int i = n - 1; i >= 0; i--) next[i] = scan.visit(pages[i], i);
  }

  @Override
  public void fill(long first, int n, long[] into) {
    System.arraycopy(next, (int) first, into, 0, n);
  }

  @Override
  public void close() {}
}
