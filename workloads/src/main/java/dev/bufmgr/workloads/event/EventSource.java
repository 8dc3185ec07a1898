package dev.bufmgr.workloads.event;

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

  /** The number of events the source will deliver, or -1 when unknown before reading. */
  default long expectedCount() {
    return -1;
  }

  /**
   * Clears {@code batch} and fills it with the next events; returns how many (at least 1), or 0
   * at the end. A malformed input ends with a {@link dev.bufmgr.workloads.trace.TraceException}
   * naming the file, record and reason.
   */
  int fill(EventBatch batch);

  /** Releases files; never throws for an I/O error on close. */
  @Override
  void close();
}
