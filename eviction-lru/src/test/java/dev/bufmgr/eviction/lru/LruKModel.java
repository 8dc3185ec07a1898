package dev.bufmgr.eviction.lru;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * LRU-K written straight from the pseudocode of O'Neil, O'Neil and Weikum (SIGMOD '93, section
 * 2.1.2), for checking {@code lru-k} request by request: t counts requests; HIST(p, 1..K) and
 * LAST(p) per page; the victim is found by scanning every resident page for the smallest HIST(q,
 * K) among those past the correlated reference period, equal values (0: fewer than K references)
 * going to the least recent LAST(q); with none eligible, the same over every page. A history not
 * referenced for more than RIP requests is gone (RIP 0: never). Slow on purpose: every miss scans
 * the cache.
 */
final class LruKModel {
  /** A page's history: HIST(p, i) is {@code hist[i - 1]}. */
  private static final class Page {
    final long id;
    final long[] hist;
    long last;
    boolean inCache;

    Page(long id, int k) {
      this.id = id;
      this.hist = new long[k];
    }
  }

  private final int frames;
  private final int k;
  private final long crp;
  private final long rip;
  private final List<Page> resident = new ArrayList<>();
  private final Map<Long, Page> known = new HashMap<>();
  private long t;

  LruKModel(int frames, int k, long crp, long rip) {
    this.frames = frames;
    this.k = k;
    this.crp = crp;
    this.rip = rip;
  }

  /** Requests page {@code id}; returns whether it hit. */
  boolean access(long id) {
    t++;
    Page p = known.get(id);
    if (p != null && p.inCache) {
      if (t - p.last > crp) {
        long correlationPeriod = p.last - p.hist[0];
        for (int i = k - 1; i >= 1; i--) p.hist[i] = p.hist[i - 1] + correlationPeriod;
        p.hist[0] = t;
      }
      p.last = t;
      return true;
    }
    if (resident.size() == frames) {
      Page victim = victim();
      resident.remove(victim);
      victim.inCache = false;
    }
    if (p == null || (rip > 0 && t - p.last > rip)) {
      p = new Page(id, k);
      known.put(id, p);
    } else {
      for (int i = k - 1; i >= 1; i--) p.hist[i] = p.hist[i - 1];
    }
    p.hist[0] = t;
    p.last = t;
    resident.add(p);
    p.inCache = true;
    return false;
  }

  private Page victim() {
    Page best = null;
    for (Page q : resident) {
      if (t - q.last > crp && before(q, best)) best = q;
    }
    if (best != null) return best;
    for (Page q : resident) {
      if (before(q, best)) best = q;
    }
    return best;
  }

  /** Whether q goes before {@code best}: smaller HIST(q, K), then smaller LAST(q). */
  private boolean before(Page q, Page best) {
    if (best == null) return true;
    long hq = q.hist[k - 1];
    long hb = best.hist[k - 1];
    return hq < hb || (hq == hb && q.last < best.last);
  }

  /** Whether page {@code id} is in the cache. */
  boolean contains(long id) {
    Page p = known.get(id);
    return p != null && p.inCache;
  }
}
