package dev.bufmgr.core.event;

/**
 * A batch of events in primitive arrays: {@code pages[i]} is the i-th event's page id and {@code
 * meta[i]} its small fields packed by {@link EventMeta}. Sources fill a batch, consumers read
 * {@code pages[0..size)} and {@code meta[0..size)}; no object is made per event.
 */
public final class EventBatch {
  /** The default number of events per batch. */
  public static final int DEFAULT_CAPACITY = 1 << 14;

  /** Page ids; entries at or past {@link #size()} are meaningless. */
  public final long[] pages;
  /** Packed small fields ({@link EventMeta}); entries at or past {@link #size()} are meaningless. */
  public final int[] meta;

  private int size;

  /** A batch of {@link #DEFAULT_CAPACITY} events. */
  public EventBatch() {
    this(DEFAULT_CAPACITY);
  }

  /** A batch that holds up to {@code capacity} events. */
  public EventBatch(int capacity) {
    if (capacity < 1) throw new IllegalArgumentException("batch capacity must be at least 1");
    this.pages = new long[capacity];
    this.meta = new int[capacity];
  }

  /** The number of events held. */
  public int size() {
    return size;
  }

  /** The number of events the batch can hold. */
  public int capacity() {
    return pages.length;
  }

  /** Empties the batch. */
  public void clear() {
    size = 0;
  }

  /** Appends one event; the caller makes sure there is room. */
  public void add(long page, int packedMeta) {
    pages[size] = page;
    meta[size] = packedMeta;
    size++;
  }

  /** Sets the number of events after a bulk fill of the arrays. */
  public void setSize(int newSize) {
    if (newSize < 0 || newSize > pages.length) {
      throw new IllegalArgumentException("size " + newSize + " outside 0.." + pages.length);
    }
    size = newSize;
  }
}
