package dev.bufmgr.workloads.baseline;

import java.util.Arrays;
import java.util.function.LongPredicate;

/** A binary max-heap of longs in one growable array. */
final class LongMaxHeap {
  private long[] a;
  private int size;

  LongMaxHeap(int capacity) {
    a = new long[Math.max(4, capacity)];
  }

  int size() {
    return size;
  }

  long peek() {
    if (size == 0) throw new IllegalStateException("empty heap");
    return a[0];
  }

  void push(long v) {
    if (size == a.length) a = Arrays.copyOf(a, a.length * 2);
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (a[parent] >= v) break;
      a[i] = a[parent];
      i = parent;
    }
    a[i] = v;
  }

  long pop() {
    long top = peek();
    long last = a[--size];
    if (size > 0) siftDown(0, last);
    return top;
  }

  private void siftDown(int i, long v) {
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < size && a[right] > a[child]) child = right;
      if (v >= a[child]) break;
      a[i] = a[child];
      i = child;
    }
    a[i] = v;
  }

  /** Keeps only the entries {@code keep} accepts and restores heap order (Floyd's heapify). */
  void retainIf(LongPredicate keep) {
    int n = 0;
    for (int i = 0; i < size; i++) if (keep.test(a[i])) a[n++] = a[i];
    size = n;
    for (int i = (size >>> 1) - 1; i >= 0; i--) siftDown(i, a[i]);
  }
}
