package dev.bufmgr.core.event;

import java.util.Set;

/**
 * A stream of events delivered in batches: a trace reader, a generator, or an in-memory trace.
 * Not thread-safe; one consumer reads it once, from start to end.
 */
public interface EventSource extends AutoCloseable {

  /** What the source is, for result rows and messages: a file name or a workload spec. */
  String name();

  /** The optional fields its events really carry. */
  Set<EventField> carries();

  /**
   * The bytes of a full-page image of a page of class {@code pageClass} (PostgreSQL logs a page
   * image without the unused hole between its line pointers and its tuples, so a half-empty page
   * logs about half a page), or -1 when the source does not know its pages' layout (the whole
   * page is then logged).
   */
  default int imageBytes(int pageClass) {
    return -1;
  }

  /** The number of events the source will deliver, or -1 when unknown before reading. */
  default long expectedCount() {
    return -1;
  }

  /**
   * Clears {@code batch} and fills it with the next events; returns how many (at least 1), or 0
   * at the end. A malformed input ends with an unchecked exception naming the file, record and
   * reason (trace readers throw {@code dev.bufmgr.workloads.trace.TraceException}).
   */
  int fill(EventBatch batch);

  /** Releases files; never throws for an I/O error on close. */
  @Override
  void close();
}
