package dev.bufmgr.wal.sim;

import java.util.Arrays;

/**
 * A binary min-heap of (time, client) pairs in two primitive arrays: the closed loop's pending
 * client arrivals, without one object per event. Ties pop in an order fixed by the pushes, so a
 * simulation that pushes the same entries pops them the same way.
 */
public final class EventHeap {
  private long[] times;
  private int[] clients;
  private int size;

  /** An empty heap with room for {@code capacity} entries (it grows). */
  public EventHeap(int capacity) {
    times = new long[Math.max(1, capacity)];
    clients = new int[Math.max(1, capacity)];
  }

  /** The number of entries. */
  public int size() {
    return size;
  }

  /** The earliest time, or {@link Long#MAX_VALUE} when empty. */
  public long peekTime() {
    return size == 0 ? Long.MAX_VALUE : times[0];
  }

  /** The client of the earliest entry (the heap must not be empty). */
  public int peekClient() {
    return clients[0];
  }

  /** Adds an entry. */
  public void push(long time, int client) {
    if (size == times.length) {
      times = Arrays.copyOf(times, size * 2);
      clients = Arrays.copyOf(clients, size * 2);
    }
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (times[parent] <= time) break;
      times[i] = times[parent];
      clients[i] = clients[parent];
      i = parent;
    }
    times[i] = time;
    clients[i] = client;
  }

  /** Removes the earliest entry (call {@link #peekTime} and {@link #peekClient} first). */
  public void pop() {
    long t = times[--size];
    int c = clients[size];
    int i = 0;
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < size && times[right] < times[child]) child = right;
      if (t <= times[child]) break;
      times[i] = times[child];
      clients[i] = clients[child];
      i = child;
    }
    times[i] = t;
    clients[i] = c;
  }
}
