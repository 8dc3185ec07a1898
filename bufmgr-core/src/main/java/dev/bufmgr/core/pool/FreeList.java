package dev.bufmgr.core.pool;

import dev.bufmgr.core.buffer.BufferTransitions;

import dev.bufmgr.core.buffer.BufferState;
import dev.bufmgr.core.buffer.Descriptors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Buffers that hold no page. At start every buffer is free and they are handed out
 * lowest-numbered first (the reference semantics); a buffer comes back only when a thread claimed
 * it for a page that another thread loaded first. A buffer is handed out claimed: pinned once by
 * the caller, with TAG_VALID clear.
 */
final class FreeList {
  private final int frames;
  private final AtomicInteger nextUnused = new AtomicInteger();
  private final ReentrantLock returnedLock = new ReentrantLock();
  private int[] returned = new int[16];
  private volatile int returnedCount;

  FreeList(int frames) {
    this.frames = frames;
  }

  /** Claims a free buffer and returns it, or returns -1 when none is left. */
  int poll(Descriptors descriptors) {
    if (returnedCount > 0) {
      int b = pollReturned(descriptors);
      if (b >= 0) return b;
    }
    while (nextUnused.get() < frames) {
      int b = nextUnused.getAndIncrement();
      if (b >= frames) break;
      if (claimEmpty(descriptors, b)) return b;
    }
    return -1;
  }

  /** Gives back a claimed buffer that holds no page; the caller has already dropped its pin. */
  void giveBack(int buffer) {
    returnedLock.lock();
    try {
      if (returnedCount == returned.length) returned = java.util.Arrays.copyOf(returned, returned.length * 2);
      returned[returnedCount] = buffer;
      returnedCount = returnedCount + 1;
    } finally {
      returnedLock.unlock();
    }
  }

  private int pollReturned(Descriptors descriptors) {
    returnedLock.lock();
    try {
      while (returnedCount > 0) {
        int b = returned[returnedCount - 1];
        returnedCount = returnedCount - 1;
        if (claimEmpty(descriptors, b)) return b;
      }
      return -1;
    } finally {
      returnedLock.unlock();
    }
  }

  /** Claims {@code b} only if it is unpinned and holds no page (a selector may have taken it). */
  private static boolean claimEmpty(Descriptors descriptors, int b) {
    long st = descriptors.state(b);
    return !BufferState.isPinned(st)
        && !BufferState.has(st, BufferState.TAG_VALID)
        && BufferTransitions.tryClaim(descriptors, b, st);
  }
}
