package dev.bufmgr.workloads.support;

import dev.bufmgr.workloads.event.EventTrace;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Independent, deliberately plain reference models written for the tests with JDK collections:
 * obviously correct and slow. Production policies must match their hit counts exactly.
 */
public final class PlainModels {
  private PlainModels() {}

  /** LRU by an access-ordered LinkedHashMap that drops its eldest entry past {@code frames}. */
  public static long lruHits(EventTrace t, int frames) {
    Lru lru = new Lru(frames);
    for (int i = 0; i < t.size(); i++) lru.access(t.pages()[i]);
    return lru.hits();
  }

  /** The same LRU model fed one request at a time, for references computed in pieces. */
  public static final class Lru {
    private final LinkedHashMap<Long, Boolean> cache;
    private long hits;

    public Lru(int frames) {
      cache = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
          return size() > frames;
        }
      };
    }

    /** Requests {@code page}: a hit when cached, otherwise it is loaded (the eldest leaves when full). */
    public void access(long page) {
      if (cache.get(page) != null) hits++;
      else cache.put(page, Boolean.TRUE);
    }

    /** Hits so far. */
    public long hits() {
      return hits;
    }
  }

  /**
   * Belady's MIN with bypass: on a miss with a full cache, scan every cached page for the one
   * used farthest ahead (never = infinitely far); if the missing page's own next use is at least
   * as far, it is not admitted, otherwise that page leaves.
   */
  public static long optHits(EventTrace t, int frames) {
    int n = t.size();
    Map<Long, ArrayDeque<Integer>> future = new HashMap<>();
    for (int i = 0; i < n; i++) future.computeIfAbsent(t.pages()[i], k -> new ArrayDeque<>()).add(i);
    Map<Long, Long> cachedNextUse = new HashMap<>();
    long hits = 0;
    for (int i = 0; i < n; i++) {
      long p = t.pages()[i];
      ArrayDeque<Integer> q = future.get(p);
      q.poll();
      long nextUse = q.isEmpty() ? Long.MAX_VALUE : q.peek();
      if (cachedNextUse.containsKey(p)) {
        hits++;
        cachedNextUse.put(p, nextUse);
        continue;
      }
      if (cachedNextUse.size() < frames) {
        cachedNextUse.put(p, nextUse);
        continue;
      }
      long farthestPage = 0;
      long farthest = -1;
      for (Map.Entry<Long, Long> e : cachedNextUse.entrySet()) {
        if (e.getValue() > farthest) {
          farthest = e.getValue();
          farthestPage = e.getKey();
        }
      }
      if (nextUse >= farthest) continue;
      cachedNextUse.remove(farthestPage);
      cachedNextUse.put(p, nextUse);
    }
    return hits;
  }
}
