package dev.bufmgr.eviction.s3fifo;

import dev.bufmgr.core.buffer.Sharing;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.LongPredicate;

/**
 * One of S3-FIFO's queues over buffer numbers: a FIFO of entries (see {@link Membership#entry}),
 * pushed at the head and polled at the tail, plus the number of buffers that belong to it. An
 * entry whose buffer has since left the queue is stale: the selector skips it when it is polled,
 * and a push that finds the array full first drops every stale entry (keeping the order of the
 * rest), so the array, twice the pool, never overflows. One lock per queue when shared; an
 * {@link Sharing#EXCLUSIVE} queue serves one thread and takes no lock.
 */
final class BufferFifo {
  /** What {@link #poll} returns for an empty queue. */
  static final long EMPTY = -1;

  private static final VarHandle MEMBERS;

  static {
    try {
      MEMBERS = MethodHandles.lookup().findVarHandle(BufferFifo.class, "members", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final String name;
  private final LongPredicate isCurrent;
  private final boolean exclusive;
  private volatile int members;
  private long[] entries;
  private int mask;
  private int tail;
  private int count;
  private long polls;

  /**
   * @param name "small" or "main", for messages
   * @param frames the pool's buffers
   * @param isCurrent whether an entry still stands for its buffer's membership
   * @param sharing whether many threads use the queue or one
   */
  BufferFifo(String name, int frames, LongPredicate isCurrent, Sharing sharing) {
    this.name = name;
    this.isCurrent = isCurrent;
    this.exclusive = sharing == Sharing.EXCLUSIVE;
    int size = Integer.highestOneBit(Math.max(8, frames) * 2 - 1) << 1;
    this.entries = new long[size];
    this.mask = size - 1;
  }

  /** Appends an entry at the head (the newest end). */
  void push(long entry) {
    if (exclusive) {
      append(entry);
    } else {
      synchronized (this) {
        append(entry);
      }
    }
  }

  /** Removes and returns the entry at the tail (the oldest), or {@link #EMPTY}. */
  long poll() {
    if (exclusive) return take();
    synchronized (this) {
      return take();
    }
  }

  private void append(long entry) {
    if (count == entries.length) {
      dropStale();
      if (count == entries.length) grow();
    }
    entries[(tail + count) & mask] = entry;
    count++;
  }

  private long take() {
    if (count == 0) return EMPTY;
    long e = entries[tail];
    tail = (tail + 1) & mask;
    count--;
    polls++;
    return e;
  }

  /** Entries taken from the tail so far, stale ones included: how far the queue's sweep has gone. */
  long polls() {
    if (exclusive) return polls;
    synchronized (this) {
      return polls;
    }
  }

  /**
   * The entry {@code position - polls()} places from the tail (the one a poll would return after
   * that many others), or {@link #EMPTY} when the queue holds fewer entries or the search has
   * passed that position.
   */
  long entryAtPosition(long position) {
    if (exclusive) return entryAt(position);
    synchronized (this) {
      return entryAt(position);
    }
  }

  private long entryAt(long position) {
    long offset = position - polls;
    if (offset < 0 || offset >= count) return EMPTY;
    return entries[(int) ((tail + offset) & mask)];
  }

  /** Entries held, stale ones included. */
  int size() {
    if (exclusive) return count;
    synchronized (this) {
      return count;
    }
  }

  /** The number of buffers whose page belongs to this queue. */
  int members() {
    return exclusive ? (int) MEMBERS.get(this) : members;
  }

  /** Adds {@code delta} to the number of member buffers. */
  void addMembers(int delta) {
    if (exclusive) MEMBERS.set(this, (int) MEMBERS.get(this) + delta);
    else MEMBERS.getAndAdd(this, delta);
  }

  /** Entries held, stale ones included (for tests). */
  synchronized int entries() {
    return count;
  }

  @Override
  public String toString() {
    return name;
  }

  private void dropStale() {
    int kept = 0;
    for (int i = 0; i < count; i++) {
      long e = entries[(tail + i) & mask];
      if (isCurrent.test(e)) entries[(tail + kept++) & mask] = e;
    }
    count = kept;
  }

  private void grow() {
    long[] bigger = new long[entries.length * 2];
    for (int i = 0; i < count; i++) bigger[i] = entries[(tail + i) & mask];
    entries = bigger;
    mask = bigger.length - 1;
    tail = 0;
  }
}
