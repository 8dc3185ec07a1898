package dev.bufmgr.workloads.stream;

import dev.bufmgr.core.event.EventField;
import java.util.Set;

/**
 * What one pass over an input found: its page requests, its distinct pages, how many requests
 * carry an access strategy other than normal, its largest page class, and the fields it carries.
 */
public record InputFacts(long requests, int distinctPages, long strategyRequests, int largestClass, Set<EventField> carries) {
  /** Unmodifiable carried fields. */
  public InputFacts {
    carries = Set.copyOf(carries);
  }
}
