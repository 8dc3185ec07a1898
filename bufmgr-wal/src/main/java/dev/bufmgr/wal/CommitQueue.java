package dev.bufmgr.wal;

import dev.bufmgr.core.resource.Capacity;
import dev.bufmgr.core.resource.CapacityException;

/**
 * The commits a group-commit driver is tracking, oldest first, in primitive ring arrays: first
 * the batch of the flush in flight (if any), then the pending ones. Each entry is an arrival time
 * and a client number. At most one flush is in flight.
 *
 * <p>Not thread-safe: the real-time driver guards it with its lock.
 */
public final class CommitQueue {
  private long[] arrivals;
  private int[] clients;
  private int mask;
  private long head;
  private long pendingStart;
  private long tail;

  /** @param capacity initial capacity (grows as needed) */
  public CommitQueue(int capacity) {
    int c = Integer.highestOneBit(Math.max(2, capacity) * 2 - 1);
    arrivals = new long[c];
    clients = new int[c];
    mask = c - 1;
  }

  /** Appends a pending commit. */
  public void add(long arrival, int client) {
    if (tail - head == arrivals.length) grow();
    int i = (int) tail & mask;
    arrivals[i] = arrival;
    clients[i] = client;
    tail++;
  }

  /** Number of pending commits (not in the flush in flight). */
  public int pending() {
    return (int) (tail - pendingStart);
  }

  /** Number of commits in the flush in flight. */
  public int inFlight() {
    return (int) (pendingStart - head);
  }

  /** Sequence number (0-based, in arrival order) that the next added commit will get. */
  public long nextSequence() {
    return tail;
  }

  /** Sequence number just past the last commit of the flush in flight. */
  public long inFlightEnd() {
    return pendingStart;
  }

  /** Moves every pending commit into the flush in flight; returns how many. */
  public int takeBatch() {
    if (head != pendingStart) throw new IllegalStateException("a flush is already in flight");
    int n = pending();
    pendingStart = tail;
    return n;
  }

  /** Arrival time of the {@code k}-th commit (0-based) of the flush in flight. */
  public long inFlightArrival(int k) {
    return arrivals[(int) (head + k) & mask];
  }

  /** Client of the {@code k}-th commit (0-based) of the flush in flight. */
  public int inFlightClient(int k) {
    return clients[(int) (head + k) & mask];
  }

  /** Forgets the flush in flight (after its commits were acknowledged). */
  public void completeBatch() {
    head = pendingStart;
  }

  /** Heap bytes one tracked commit takes: its arrival time and its client. */
  public static final int BYTES_PER_COMMIT = Long.BYTES + Integer.BYTES;

  private void grow() {
    int n = arrivals.length;
    if (n >= 1 << 30 || 2L * n > Capacity.fitInHeap(BYTES_PER_COMMIT)) {
      throw new CapacityException(String.format(java.util.Locale.ROOT,
          "%,d commits waiting at once, more than fit in memory (%d B each): arrivals outpace the log's flushes; %s",
          n, BYTES_PER_COMMIT, Capacity.heapAdvice(2L * n * BYTES_PER_COMMIT, Capacity.freeHeapBytes())));
    }
    long[] a = new long[n * 2];
    int[] c = new int[n * 2];
    for (long s = head; s < tail; s++) {
      a[(int) s & (2 * n - 1)] = arrivals[(int) s & mask];
      c[(int) s & (2 * n - 1)] = clients[(int) s & mask];
    }
    arrivals = a;
    clients = c;
    mask = 2 * n - 1;
  }

  @Override
  public String toString() {
    return "CommitQueue[inFlight=" + inFlight() + ", pending=" + pending() + ", cap="
        + arrivals.length + "]";
  }
}
