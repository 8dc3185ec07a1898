package dev.bufmgr.eviction.s3fifo;

import dev.bufmgr.core.buffer.Descriptors;

/**
 * Which S3-FIFO queue each buffer's page belongs to, as one word per buffer kept in the buffer's
 * descriptor record (the selector's word, so examining a buffer touches one record): the queue
 * (none, small or main), whether the page was read through a ring, and a generation that grows
 * with every change. A queue entry names a buffer and the generation it was pushed with, so an
 * entry left behind when its buffer moved or was reused by a ring is recognised as stale. Every
 * change is a compare-and-set, so two threads never both move the same page (plain loads and
 * stores on {@link dev.bufmgr.core.buffer.Sharing#EXCLUSIVE} descriptors).
 */
final class Membership {
  /** The buffer's page is in no queue (the buffer is free or being replaced). */
  static final int NONE = 0;
  /** The buffer's page is in the small FIFO. */
  static final int SMALL = 1;
  /** The buffer's page is in the main FIFO. */
  static final int MAIN = 2;

  private static final long QUEUE_MASK = 3;
  private static final long RING_BIT = 4;
  private static final int GEN_SHIFT = 3;
  private static final int BUFFER_BITS = 30;
  private static final long BUFFER_MASK = (1L << BUFFER_BITS) - 1;
  private static final long ENTRY_GEN_MASK = (1L << 33) - 1;

  private final Descriptors descriptors;

  /** Memberships kept in the selector words of {@code descriptors}, which must carry them. */
  Membership(Descriptors descriptors) {
    if (!descriptors.hasSelectorWords()) {
      throw new IllegalArgumentException("S3-FIFO keeps its queue membership in the descriptors' selector words");
    }
    this.descriptors = descriptors;
  }

  /** The current word of buffer {@code b}. */
  long word(int b) {
    return descriptors.selectorWord(b);
  }

  /** Replaces the word of {@code b} if it is still {@code expected}. */
  boolean compareAndSet(int b, long expected, long update) {
    return descriptors.compareAndSetSelectorWord(b, expected, update);
  }

  /** The queue a word names. */
  static int queue(long word) {
    return (int) (word & QUEUE_MASK);
  }

  /** Whether a word says the page was read through a ring. */
  static boolean readThroughRing(long word) {
    return (word & RING_BIT) != 0;
  }

  /** The word after {@code word} with the next generation, in {@code queue}, with the ring flag given. */
  static long next(long word, int queue, boolean readThroughRing) {
    long gen = (word >>> GEN_SHIFT) + 1;
    return (gen << GEN_SHIFT) | (readThroughRing ? RING_BIT : 0) | queue;
  }

  /** The word after {@code word} with the next generation, in {@code queue}, keeping the ring flag. */
  static long moved(long word, int queue) {
    return next(word, queue, readThroughRing(word));
  }

  /** The queue entry that stands for buffer {@code b} while its word is {@code word}. */
  static long entry(int b, long word) {
    return (((word >>> GEN_SHIFT) & ENTRY_GEN_MASK) << BUFFER_BITS) | b;
  }

  /** The buffer an entry names. */
  static int buffer(long entry) {
    return (int) (entry & BUFFER_MASK);
  }

  /** Whether {@code entry} still stands for its buffer's membership. */
  boolean isCurrent(long entry) {
    int b = buffer(entry);
    long w = word(b);
    return queue(w) != NONE && entry(b, w) == entry;
  }
}
