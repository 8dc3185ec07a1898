package dev.bufmgr.workloads.synth;

import dev.bufmgr.core.event.EventBatch;

/**
 * An endless synthetic stream of requests. Each call appends one unit: a single page request, or
 * for shaped workloads a group (a B-tree descent and its heap page). The source stops it after
 * the requested number of events.
 */
public interface PageStream {

  /** The most events one {@link #emit} call appends. */
  default int maxUnit() {
    return 1;
  }

  /** Appends the next unit to {@code out}, which has room for {@link #maxUnit()} events. */
  void emit(EventBatch out);

  /** Whether its units are transactions (begin, logged page changes, commit) for the pipeline. */
  default boolean transactional() {
    return false;
  }

  /**
   * The bytes of a full-page image of a page of class {@code pageClass}, or -1 when the stream
   * does not know (see {@link dev.bufmgr.core.event.EventSource#imageBytes}).
   */
  default int imageBytes(int pageClass) {
    return -1;
  }

  /** The pages of the data the stream touches (tables and indexes), or -1 when unknown or unbounded. */
  default long dataPages() {
    return -1;
  }
}
