package dev.bufmgr.replay.baseline;

import java.util.Arrays;

/**
 * A binary max-heap of long keys, each with an int value, in two growable parallel arrays: OPT's
 * queue of next accesses, and fixed-size sampling's pages by hash value.
 */
public final class LongMaxHeap {
  private long[] keys;
  private int[] values;
  private int size;

  /** An empty heap with room for {@code capacity} keys before it grows. */
  public LongMaxHeap(int capacity) {
    keys = new long[Math.max(4, capacity)];
    values = new int[keys.length];
  }

  /** The number of keys. */
  public int size() {
    return size;
  }

  /** The largest key. */
  public long peekKey() {
    if (size == 0) throw new IllegalStateException("empty heap");
    return keys[0];
  }

  /** The value of the largest key. */
  public int peekValue() {
    if (size == 0) throw new IllegalStateException("empty heap");
    return values[0];
  }

  /** Adds {@code key} with {@code value}. */
  public void push(long key, int value) {
    if (size == keys.length) {
      keys = Arrays.copyOf(keys, keys.length * 2);
      values = Arrays.copyOf(values, keys.length);
    }
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (keys[parent] >= key) break;
      keys[i] = keys[parent];
      values[i] = values[parent];
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
  }

  /** Removes the largest key. */
  public void pop() {
    peekKey();
    size--;
    if (size > 0) siftDown(0, keys[size], values[size]);
  }

  /** Empties the heap. */
  public void clear() {
    size = 0;
  }

  private void siftDown(int i, long key, int value) {
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < size && keys[right] > keys[child]) child = right;
      if (key >= keys[child]) break;
      keys[i] = keys[child];
      values[i] = values[child];
      i = child;
    }
    keys[i] = key;
    values[i] = value;
  }
}
