package dev.bufmgr.workloads.stream;

import dev.bufmgr.core.event.EventBatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A block of consecutive page requests of a stream, shared read-only by every consumer of a
 * {@link BlockFeed}: the page ids and packed fields of requests {@code first .. first+size-1}
 * (0-based positions in the stream, markers left out) and, when some consumer asked for it, each
 * request's next access: the position of the same page's next request, or {@link #NEVER}.
 */
public final class EventBlock {
  /** The next access of a request whose page is never requested again. */
  public static final long NEVER = Long.MAX_VALUE;

  final EventBatch batch;
  final long[] next;
  final long[] missed;
  final AtomicInteger holders = new AtomicInteger();
  private int missCount;
  private volatile boolean missesNoted;
  boolean fields;
  long first;

  EventBlock(int capacity, boolean withNext, boolean withMisses) {
    this.batch = new EventBatch(capacity);
    this.next = withNext ? new long[capacity] : null;
    this.missed = withMisses ? new long[capacity] : null;
  }

  /** The number of requests. */
  public int size() {
    return batch.size();
  }

  /** The page ids; {@code [0, size())} is meaningful. Do not modify. */
  public long[] pages() {
    return batch.pages;
  }

  /**
   * The packed fields ({@link dev.bufmgr.core.event.EventMeta}), or null when the stream carries
   * none (every request a normal read of class 0). Do not modify.
   */
  public int[] meta() {
    return fields ? batch.meta : null;
  }

  /** The position of the block's first request in the stream. */
  public long first() {
    return first;
  }

  /** Each request's next access (see {@link #NEVER}), or null when no consumer asked for it. */
  public long[] next() {
    return next;
  }

  /**
   * Where the one run that notes its misses writes the pages of the requests that missed it, in
   * order, before {@link #notedMisses}; null when the feed was not asked to carry misses.
   */
  public long[] missBuffer() {
    return missed;
  }

  /** Publishes the first {@code count} pages of {@link #missBuffer} to the other threads. */
  public void notedMisses(int count) {
    missCount = count;
    missesNoted = true;
  }

  /** Whether the noting run has published this block's misses. */
  public boolean missesNoted() {
    return missesNoted;
  }

  /** How many pages of {@link #missBuffer} missed; valid once {@link #missesNoted}. */
  public int missCount() {
    return missCount;
  }

  /** Made ready for the next fill: no misses noted yet. */
  void clearMisses() {
    missesNoted = false;
  }
}
