package dev.bufmgr.eviction.lru;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A FIFO of page ids that left the cache, with O(1) lookup and removal: 2Q's A1out, ARC's B1 and
 * B2 (an LRU list of ids no one touches but to remove them is a FIFO). Adding an id it holds
 * changes nothing; past its capacity the oldest id leaves (libCacheSim's A1out is a FIFO cache of
 * that many objects); an id asked for again is removed. Capacity 0 holds nothing.
 * Not thread-safe: the selector's lock guards it.
 */
final class GhostIds {
  private final int capacity;
  private final LinkedHashMap<Long, Boolean> ids;

  GhostIds(int capacity) {
    this.capacity = capacity;
    this.ids = new LinkedHashMap<>(16, 0.75f, false) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
        return size() > GhostIds.this.capacity;
      }
    };
  }

  /** Remembers {@code page} as the newest id, unless held already. */
  void add(long page) {
    if (capacity > 0) ids.putIfAbsent(page, Boolean.TRUE);
  }

  /** Forgets {@code page}; returns whether it was held. */
  boolean remove(long page) {
    return ids.remove(page) != null;
  }

  /** Whether {@code page} is held. */
  boolean contains(long page) {
    return ids.containsKey(page);
  }

  /** Forgets the oldest id, if any. */
  void dropOldest() {
    ids.pollFirstEntry();
  }

  /** Ids held. */
  int size() {
    return ids.size();
  }
}
