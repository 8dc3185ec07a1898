package dev.bufmgr.core.event;

import java.util.Locale;

/**
 * An optional part of an event. Every event has a page id; a trace format or generator declares
 * which of these further fields its events really carry. Where a field is not carried the event
 * holds its default (a read, {@link dev.bufmgr.core.buffer.AccessStrategy#NORMAL}, page class 0,
 * no log record, no transaction boundary).
 */
public enum EventField {
  /** Whether the request writes the page (dirties it) rather than only reading it. */
  WRITES("read/write operations"),
  /** The access strategy (PostgreSQL ring) the request goes through. */
  STRATEGIES("access strategies"),
  /** The page class (for example index inner, index leaf, heap) used for per-class hit ratios. */
  PAGE_CLASSES("page classes"),
  /**
   * Transactions for the pipeline: begin, commit and checkpoint events, and for each page change
   * the size of its write-ahead log record and whether it initializes the page.
   */
  TRANSACTIONS("transactions (begin, commit, log record sizes)");

  private final String description;

  EventField(String description) {
    this.description = description;
  }

  /** Words for messages, e.g. "page classes". */
  public String description() {
    return description;
  }

  /** The field's lower-case name, e.g. "page_classes". */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
