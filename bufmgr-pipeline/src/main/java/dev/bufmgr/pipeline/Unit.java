package dev.bufmgr.pipeline;

import java.util.Arrays;

/**
 * One unit of a pipeline client's work, in primitive arrays: a transaction (its BEGIN event
 * first, its COMMIT last), a run of page reads outside any transaction (autocommit statements),
 * or a requested checkpoint. Filled by {@link UnitReader}; reused from unit to unit.
 */
public final class Unit {
  /** A transaction: BEGIN, page requests, COMMIT. */
  public static final int TRANSACTION = 0;
  /** Page reads outside any transaction. */
  public static final int READS = 1;
  /** A requested checkpoint. */
  public static final int CHECKPOINT = 2;

  private long[] pages = new long[32];
  private int[] meta = new int[32];
  private int size;
  private int kind;

  /** The unit's kind: {@link #TRANSACTION}, {@link #READS} or {@link #CHECKPOINT}. */
  public int kind() {
    return kind;
  }

  /** The number of events. */
  public int size() {
    return size;
  }

  /** The page of event {@code i}. */
  public long page(int i) {
    return pages[i];
  }

  /** The packed fields of event {@code i} ({@link dev.bufmgr.core.event.EventMeta}). */
  public int meta(int i) {
    return meta[i];
  }

  void clear(int newKind) {
    size = 0;
    kind = newKind;
  }

  void kind(int newKind) {
    kind = newKind;
  }

  void add(long page, int packed) {
    if (size == pages.length) {
      pages = Arrays.copyOf(pages, size * 2);
      meta = Arrays.copyOf(meta, size * 2);
    }
    pages[size] = page;
    meta[size] = packed;
    size++;
  }
}
