package dev.bufmgr.core.testing;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** A hand-written event sequence for tests: {@code (page, packed meta)} pairs in order. */
public final class ListSource implements EventSource {
  private final List<long[]> events = new ArrayList<>();
  private int next;
  private int imageBytes = -1;

  /** Appends an event. */
  public ListSource add(long page, int meta) {
    events.add(new long[] {page, meta});
    return this;
  }

  /** Says every page's image takes {@code bytes} (default: the whole page). */
  public ListSource withImageBytes(int bytes) {
    imageBytes = bytes;
    return this;
  }

  @Override
  public int imageBytes(int pageClass) {
    return imageBytes;
  }

  @Override
  public String name() {
    return "test-list";
  }

  @Override
  public Set<EventField> carries() {
    return EnumSet.allOf(EventField.class);
  }

  @Override
  public int fill(EventBatch batch) {
    batch.clear();
    while (next < events.size() && batch.size() < batch.capacity()) {
      long[] e = events.get(next++);
      batch.add(e[0], (int) e[1]);
    }
    return batch.size();
  }

  @Override
  public void close() {}
}
