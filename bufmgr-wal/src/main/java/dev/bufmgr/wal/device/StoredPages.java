package dev.bufmgr.wal.device;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;
import org.agrona.collections.Long2LongHashMap;

/**
 * What the data file holds, page by page: the LSN of the version last written (PostgreSQL's
 * {@code pd_lsn} of the page on disk). A page read back into the pool starts with this LSN, so its
 * next change decides its full-page image as PostgreSQL would; and every write is checked
 * against the write-ahead rule as it is recorded.
 *
 * <p>Threading: any number of threads (the map split into locked stripes), or one thread only.
 */
public final class StoredPages {
  private static final int STRIPES = 64;
  private final Long2LongHashMap[] maps;
  private final ReentrantLock[] locks;
  private final PageLsnTable single;

  /** No page written yet; any number of threads. */
  public StoredPages() {
    this(true);
  }

  /**
   * No page written yet.
   *
   * @param concurrent whether several threads use it (locked stripes); else one thread does (a
   *     {@link PageLsnTable}, no lock: the simulation)
   */
  public StoredPages(boolean concurrent) {
    if (concurrent) {
      maps = new Long2LongHashMap[STRIPES];
      locks = new ReentrantLock[STRIPES];
      for (int i = 0; i < STRIPES; i++) {
        maps[i] = new Long2LongHashMap(0);
        locks[i] = new ReentrantLock();
      }
      single = null;
    } else {
      maps = null;
      locks = null;
      single = new PageLsnTable();
    }
  }

  private static int stripe(long page) {
    long h = page * 0x9E3779B97F4A7C15L;
    return (int) (h >>> 58);
  }

  /**
   * Records that {@code page} was written with LSN {@code lsn} while the log was durable up to
   * {@code durableLsn}.
   *
   * @throws WriteAheadViolation when {@code lsn > durableLsn}: the page's change would reach
   *     storage before its log record (the rule of PostgreSQL's {@code FlushBuffer}, which calls
   *     {@code XLogFlush} first)
   */
  public void written(long page, long lsn, long durableLsn) {
    if (lsn > durableLsn) throw new WriteAheadViolation(page, lsn, durableLsn);
    if (single != null) {
      single.raise(page, lsn);
      return;
    }
    int s = stripe(page);
    locks[s].lock();
    try {
      if (lsn > maps[s].get(page)) maps[s].put(page, lsn);
    } finally {
      locks[s].unlock();
    }
  }

  /** The LSN of the stored version of {@code page}, 0 when never written. */
  public long lsn(long page) {
    if (single != null) return single.get(page);
    int s = stripe(page);
    locks[s].lock();
    try {
      return maps[s].get(page);
    } finally {
      locks[s].unlock();
    }
  }

  /** The number of pages written at least once. */
  public int pages() {
    if (single != null) return single.size();
    int n = 0;
    for (int s = 0; s < STRIPES; s++) {
      locks[s].lock();
      try {
        n += maps[s].size();
      } finally {
        locks[s].unlock();
      }
    }
    return n;
  }

  /** Calls {@code action} with every written page and its LSN (a snapshot per stripe). */
  public void forEach(BiConsumer<Long, Long> action) {
    if (single != null) {
      single.forEach(action);
      return;
    }
    for (int s = 0; s < STRIPES; s++) {
      long[] keys;
      long[] values;
      locks[s].lock();
      try {
        keys = new long[maps[s].size()];
        values = new long[keys.length];
        int[] i = {0};
        maps[s].forEach((k, v) -> {
          keys[i[0]] = k;
          values[i[0]++] = v;
        });
      } finally {
        locks[s].unlock();
      }
      for (int i = 0; i < keys.length; i++) action.accept(keys[i], values[i]);
    }
  }

  /** A data page written before the log was durable up to its LSN. */
  public static final class WriteAheadViolation extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    WriteAheadViolation(long page, long lsn, long durableLsn) {
      super("write-ahead rule broken: page " + page + " written with LSN " + lsn
          + " while the log was durable only to " + durableLsn);
    }
  }
}
