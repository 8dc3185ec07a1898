package dev.bufmgr.wal.device;

import java.util.Arrays;
import java.util.function.BiConsumer;
import org.agrona.collections.Long2LongHashMap;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * A map from page id to LSN for one thread, laid out for page ids as the generators make them
 * ({@code relation << 32 | block}): one dense array of LSNs per relation, indexed by block and
 * grown as blocks appear, so a lookup is one array read; a block beyond {@value #MAX_DENSE_BLOCK}
 * falls back to a hash map. 0 means "never written". Not thread-safe.
 */
final class PageLsnTable {
  /** The largest block kept in a relation's dense array. */
  static final int MAX_DENSE_BLOCK = (1 << 24) - 1;

  private final Long2ObjectHashMap<long[]> relations = new Long2ObjectHashMap<>();
  private final Long2LongHashMap sparse = new Long2LongHashMap(0);
  private long lastRelation = Long.MIN_VALUE;
  private long[] last;
  private int dense;

  /** The LSN recorded for {@code page}, 0 when none. */
  long get(long page) {
    long rel = page >>> 32;
    long block = page & 0xFFFF_FFFFL;
    if (block > MAX_DENSE_BLOCK) return sparse.get(page);
    long[] lsns = rel == lastRelation ? last : relation(rel, false);
    return lsns == null || block >= lsns.length ? 0 : lsns[(int) block];
  }

  /** Records {@code lsn} for {@code page} when it is larger than what is recorded. */
  void raise(long page, long lsn) {
    long rel = page >>> 32;
    long block = page & 0xFFFF_FFFFL;
    if (block > MAX_DENSE_BLOCK) {
      if (lsn > sparse.get(page)) sparse.put(page, lsn);
      return;
    }
    long[] lsns = rel == lastRelation ? last : relation(rel, true);
    if (block >= lsns.length) {
      lsns = Arrays.copyOf(lsns, (int) Math.min(MAX_DENSE_BLOCK + 1L, Math.max(block + 1, 2L * lsns.length)));
      relations.put(rel, lsns);
      last = lsns;
    }
    int b = (int) block;
    if (lsns[b] == 0 && lsn > 0) dense++;
    if (lsn > lsns[b]) lsns[b] = lsn;
  }

  private long[] relation(long rel, boolean create) {
    long[] lsns = relations.get(rel);
    if (lsns == null) {
      if (!create) return null;
      lsns = new long[1024];
      relations.put(rel, lsns);
    }
    lastRelation = rel;
    last = lsns;
    return lsns;
  }

  /** Pages with an LSN recorded. */
  int size() {
    return dense + sparse.size();
  }

  /** Calls {@code action} with every page and its LSN. */
  void forEach(BiConsumer<Long, Long> action) {
    relations.forEach((rel, lsns) -> {
      for (int b = 0; b < lsns.length; b++) if (lsns[b] != 0) action.accept((rel << 32) | b, lsns[b]);
    });
    sparse.forEach(action);
  }
}
