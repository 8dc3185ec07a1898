package dev.bufmgr.workloads.synth;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import java.util.EnumSet;
import java.util.Set;

/**
 * Delivers exactly {@code requests} events of a {@link PageStream}; the last unit is cut when it
 * would overshoot. A generator defines every field of its events, so all fields are carried
 * (transactions only where its stream has them).
 */
public final class SyntheticSource implements EventSource {
  private final String name;
  private final PageStream stream;
  private final long requests;
  private long delivered;

  /** A source named {@code name} (the canonical spec) over {@code stream}. */
  public SyntheticSource(String name, PageStream stream, long requests) {
    this.name = name;
    this.stream = stream;
    this.requests = requests;
  }

  @Override
  public String name() {
    return name;
  }

  /** Every field but transactions, which only transactional streams (tpcb) have. */
  @Override
  public Set<EventField> carries() {
    Set<EventField> fields = EnumSet.allOf(EventField.class);
    if (!stream.transactional()) fields.remove(EventField.TRANSACTIONS);
    return fields;
  }

  @Override
  public int imageBytes(int pageClass) {
    return stream.imageBytes(pageClass);
  }

  /** The pages of the data the workload touches, or -1 when unknown (see {@link PageStream#dataPages}). */
  public long dataPages() {
    return stream.dataPages();
  }

  @Override
  public long expectedCount() {
    return requests;
  }

  @Override
  public int fill(EventBatch batch) {
    batch.clear();
    long left = requests - delivered;
    if (left == 0) return 0;
    int limit = (int) Math.min(batch.capacity(), left);
    int unit = stream.maxUnit();
    if (unit > batch.capacity()) throw new IllegalArgumentException("batch smaller than one unit of " + name);
    while (batch.size() + unit <= limit) stream.emit(batch);
    if (batch.size() < limit && limit == left) {
      EventBatch tail = new EventBatch(unit);
      while (batch.size() < limit) {
        tail.clear();
        stream.emit(tail);
        int take = Math.min(tail.size(), limit - batch.size());
        for (int i = 0; i < take; i++) batch.add(tail.pages[i], tail.meta[i]);
      }
    }
    delivered += batch.size();
    return batch.size();
  }

  @Override
  public void close() {}
}
