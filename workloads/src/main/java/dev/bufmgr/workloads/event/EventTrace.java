package dev.bufmgr.workloads.event;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.resource.Capacity;
import dev.bufmgr.core.resource.CapacityException;
import dev.bufmgr.core.table.LongHashSet;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * A whole trace held in memory as two primitive arrays, for policies that need the future (OPT)
 * and for replaying one input under many policies and pool sizes without reading it again.
 */
public final class EventTrace {
  /** Heap bytes an event takes in memory: its page id and its packed fields. */
  public static final int BYTES_PER_EVENT = Long.BYTES + Integer.BYTES;

  private static final String WHY = "replay holds the whole trace in memory, " + BYTES_PER_EVENT + " B an event";

  private final String name;
  private final Set<EventField> carries;
  private final long[] pages;
  private final int[] meta;
  private final int count;
  private int distinct = -1;

  /**
   * Wraps arrays; {@code meta} may be null when no optional field is carried (every event is
   * then a normal read of class 0).
   */
  public EventTrace(String name, Set<EventField> carries, long[] pages, int[] meta, int count) {
    if (count < 0 || count > pages.length || (meta != null && meta.length < count)) {
      throw new IllegalArgumentException("event count " + count + " does not fit the arrays");
    }
    this.name = name;
    this.carries = carries.isEmpty() ? EnumSet.noneOf(EventField.class) : EnumSet.copyOf(carries);
    this.pages = pages;
    this.meta = meta;
    this.count = count;
  }

  /**
   * Reads a source's page requests to its end into memory and closes it. Transaction markers
   * (begin, commit, checkpoint) are dropped: a trace in memory is what replay counts, one request
   * per page event. Throws when it holds more than {@link Integer#MAX_VALUE} - 8 events, or, before
   * allocating, when the events (as the source announces them, or as they arrive) do not fit in
   * the heap ({@link dev.bufmgr.core.resource.CapacityException}).
   */
  public static EventTrace load(EventSource source) {
    try (source) {
      long expected = source.expectedCount();
      if (expected > 0) Capacity.requireHeap(source.name() + ": events", expected, BYTES_PER_EVENT, WHY);
      int cap = expected > 0 && expected < Integer.MAX_VALUE - 8 ? (int) expected : 1 << 16;
      long[] pages = new long[cap];
      int[] meta = new int[cap];
      boolean anyMeta = false;
      int n = 0;
      EventBatch batch = new EventBatch();
      for (int got; (got = source.fill(batch)) > 0; ) {
        if (n + got > pages.length) {
          long want = Math.max((long) pages.length * 2, (long) n + got);
          if (want > Integer.MAX_VALUE - 8) {
            if ((long) n + got > Integer.MAX_VALUE - 8) {
              throw new IllegalArgumentException(source.name() + ": more than " + (Integer.MAX_VALUE - 8) + " events do not fit in memory");
            }
            want = Integer.MAX_VALUE - 8;
          }
          if (want > Capacity.fitInHeap(BYTES_PER_EVENT)) {
            throw new CapacityException(String.format(Locale.ROOT, "%s: more than %,d events do not fit in memory (%s); %s",
                source.name(), n, WHY, Capacity.heapAdvice(want * BYTES_PER_EVENT, Capacity.freeHeapBytes())));
          }
          pages = Arrays.copyOf(pages, (int) want);
          meta = Arrays.copyOf(meta, (int) want);
        }
        for (int i = 0; i < got; i++) {
          int m = batch.meta[i];
          if (!EventMeta.isPage(m)) continue;
          pages[n] = batch.pages[i];
          meta[n] = m;
          anyMeta |= m != 0;
          n++;
        }
      }
      Set<EventField> carried = EnumSet.noneOf(EventField.class);
      carried.addAll(source.carries());
      carried.remove(EventField.TRANSACTIONS);
      return new EventTrace(source.name(), carried, pages, anyMeta ? meta : null, n);
    }
  }

  /** A source that delivers at most the first {@code n} events of {@code source} (and closes it). */
  public static EventSource limit(EventSource source, long n) {
    return new EventSource() {
      private long left = n;

      @Override
      public String name() {
        return source.name();
      }

      @Override
      public Set<EventField> carries() {
        return source.carries();
      }

      @Override
      public long expectedCount() {
        long e = source.expectedCount();
        return e < 0 ? n : Math.min(e, n);
      }

      @Override
      public int fill(EventBatch batch) {
        if (left <= 0) {
          batch.clear();
          return 0;
        }
        int got = source.fill(batch);
        if (got > left) {
          got = (int) left;
          batch.setSize(got);
        }
        left -= got;
        return got;
      }

      @Override
      public void close() {
        source.close();
      }
    };
  }

  /** The trace's name (file or workload spec). */
  public String name() {
    return name;
  }

  /** The optional fields its events carry. */
  public Set<EventField> carries() {
    return carries;
  }

  /** The number of events. */
  public int size() {
    return count;
  }

  /** The page ids; only {@code [0, size())} is meaningful. Do not modify. */
  public long[] pages() {
    return pages;
  }

  /** The packed fields, or null when every event is a normal read of class 0. Do not modify. */
  public int[] meta() {
    return meta;
  }

  /** The packed fields of event {@code i}. */
  public int meta(int i) {
    return meta == null ? 0 : meta[i];
  }

  /** The first {@code n} events (all of them when there are fewer), sharing this trace's arrays. */
  public EventTrace prefix(int n) {
    return n >= count ? this : new EventTrace(name, carries, pages, meta, Math.max(0, n));
  }

  /** A fresh source that delivers this trace's events from the start. */
  public EventSource source() {
    return source(0);
  }

  /**
   * A fresh source that delivers every event once, starting at event {@code start} and wrapping
   * around to the beginning (so concurrent replayers of one trace can each have their own
   * stream).
   */
  public EventSource source(int start) {
    if (start < 0 || (count > 0 && start >= count) || (count == 0 && start != 0)) {
      throw new IllegalArgumentException("start " + start + " outside the trace of " + count + " events");
    }
    return new EventSource() {
      private long delivered;
      private int next = start;

      @Override
      public String name() {
        return name;
      }

      @Override
      public Set<EventField> carries() {
        return carries;
      }

      @Override
      public long expectedCount() {
        return count;
      }

      @Override
      public int fill(EventBatch batch) {
        batch.clear();
        long left = count - delivered;
        if (left == 0) return 0;
        int n = (int) Math.min(Math.min(left, batch.capacity()), count - next);
        System.arraycopy(pages, next, batch.pages, 0, n);
        if (meta == null) Arrays.fill(batch.meta, 0, n, 0);
        else System.arraycopy(meta, next, batch.meta, 0, n);
        batch.setSize(n);
        delivered += n;
        next += n;
        if (next == count) next = 0;
        return n;
      }

      @Override
      public void close() {}
    };
  }

  /** The number of distinct page ids in the trace (counted once, then remembered). */
  public int distinctPages() {
    if (distinct < 0) {
      LongHashSet seen = new LongHashSet(Math.max(16, Math.min(count, 1 << 20)));
      for (int i = 0; i < count; i++) seen.add(pages[i]);
      distinct = seen.size();
    }
    return distinct;
  }
}
