package dev.bufmgr.core.evict.queue;

import java.util.Arrays;

/**
 * An ordered queue of buffer numbers for selectors that keep their buffers in a list (SIEVE's
 * load order, LRU's recency order): doubly linked through two arrays indexed by buffer, so every
 * operation is O(1) and allocates nothing. The head is the newest end, the tail the oldest.
 *
 * <p>Not thread-safe: a selector on shared descriptors guards it with its own lock.
 */
public final class BufferQueue {
  /** The buffer number that stands for none (past either end). */
  public static final int NONE = -1;

  private final int[] newer;
  private final int[] older;
  private final boolean[] queued;
  private int head = NONE;
  private int tail = NONE;
  private int size;
  private long changes;

  /** An empty queue for a pool of {@code frames} buffers. */
  public BufferQueue(int frames) {
    newer = new int[frames];
    older = new int[frames];
    queued = new boolean[frames];
    Arrays.fill(newer, NONE);
    Arrays.fill(older, NONE);
  }

  /** Puts {@code b} at the head; a buffer already queued moves there. */
  public void pushHead(int b) {
    if (queued[b]) unlink(b);
    older[b] = head;
    newer[b] = NONE;
    if (head != NONE) newer[head] = b;
    else tail = b;
    head = b;
    queued[b] = true;
    size++;
    changes++;
  }

  /**
   * Puts {@code b} just older than {@code anchor}, a queued buffer other than {@code b} (the tail
   * when {@code anchor} is the tail): in a sweep toward the head that wraps, the position reached
   * just before {@code anchor}, as CLOCK-Pro inserts a page just behind its hot hand. A buffer
   * already queued moves there.
   */
  public void insertOlderThan(int b, int anchor) {
    if (b == anchor || !queued[anchor]) throw new IllegalArgumentException("anchor " + anchor + " for " + b);
    if (queued[b]) unlink(b);
    int o = older[anchor];
    older[b] = o;
    newer[b] = anchor;
    older[anchor] = b;
    if (o != NONE) newer[o] = b;
    else tail = b;
    queued[b] = true;
    size++;
    changes++;
  }

  /** Takes {@code b} out of the queue; nothing when it is not queued. */
  public void unlink(int b) {
    if (!queued[b]) return;
    int n = newer[b];
    int o = older[b];
    if (n != NONE) older[n] = o;
    else head = o;
    if (o != NONE) newer[o] = n;
    else tail = n;
    newer[b] = NONE;
    older[b] = NONE;
    queued[b] = false;
    size--;
    changes++;
  }

  /** Whether {@code b} is queued. */
  public boolean contains(int b) {
    return queued[b];
  }

  /** The buffer queued just after {@code b} (toward the head), or {@link #NONE} at the head. */
  public int newer(int b) {
    return newer[b];
  }

  /** The buffer queued just before {@code b} (toward the tail), or {@link #NONE} at the tail. */
  public int older(int b) {
    return older[b];
  }

  /** The buffer toward the head from {@code b}, or the tail past the head (a sweep's next step). */
  public int newerWrapping(int b) {
    int n = newer[b];
    return n == NONE ? tail : n;
  }

  /** The newest buffer, or {@link #NONE} when empty. */
  public int head() {
    return head;
  }

  /** The oldest buffer, or {@link #NONE} when empty. */
  public int tail() {
    return tail;
  }

  /** The number of queued buffers. */
  public int size() {
    return size;
  }

  /** A count of the changes made so far, so a walker can tell when a position it kept is stale. */
  public long changes() {
    return changes;
  }
}
