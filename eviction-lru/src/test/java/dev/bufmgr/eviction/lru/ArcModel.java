package dev.bufmgr.eviction.lru;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A plain ARC written from the paper's pseudocode (Megiddo and Modha, FAST '03, Fig. 4), sharing
 * no code with the selector: T1, T2, B1 and B2 as insertion-ordered maps whose last entry is the
 * MRU end. It follows the paper's cases as written (REPLACE in cases II and III whatever the
 * lists hold; case IV's "|L1| = c" and "|T1| &lt; c" tests) and takes from libCacheSim's ARC.c
 * only what the paper leaves open: p and δ are real numbers, and REPLACE takes from T1 when T2
 * is empty.
 */
final class ArcModel {
  private final int c;
  private final LinkedHashMap<Long, Boolean> t1 = new LinkedHashMap<>();
  private final LinkedHashMap<Long, Boolean> t2 = new LinkedHashMap<>();
  private final LinkedHashMap<Long, Boolean> b1 = new LinkedHashMap<>();
  private final LinkedHashMap<Long, Boolean> b2 = new LinkedHashMap<>();
  private double p;
  private long recentGhostHits;
  private long frequentGhostHits;
  private long recentEvictions;
  private long frequentEvictions;

  ArcModel(int frames) {
    this.c = frames;
  }

  /** Serves one request for page {@code x}; returns whether it hit. */
  boolean access(long x) {
    if (t1.remove(x) != null || t2.remove(x) != null) { // case I
      t2.put(x, Boolean.TRUE);
      return true;
    }
    if (b1.containsKey(x)) { // case II
      recentGhostHits++;
      p = Math.min(p + (b1.size() >= b2.size() ? 1 : (double) b2.size() / b1.size()), c);
      replace(false);
      b1.remove(x);
      t2.put(x, Boolean.TRUE);
      return false;
    }
    if (b2.containsKey(x)) { // case III
      frequentGhostHits++;
      p = Math.max(p - (b2.size() >= b1.size() ? 1 : (double) b1.size() / b2.size()), 0);
      replace(true);
      b2.remove(x);
      t2.put(x, Boolean.TRUE);
      return false;
    }
    int l1 = t1.size() + b1.size(); // case IV
    int l2 = t2.size() + b2.size();
    if (l1 == c) { // A
      if (t1.size() < c) {
        removeLru(b1);
        replace(false);
      } else {
        removeLru(t1);
        recentEvictions++;
      }
    } else if (l1 + l2 >= c) { // B
      if (l1 + l2 == 2 * c) removeLru(b2);
      replace(false);
    }
    t1.put(x, Boolean.TRUE);
    return false;
  }

  /** The paper's REPLACE(x, p), with libCacheSim's fallback to T1 when T2 is empty. */
  private void replace(boolean xInB2) {
    boolean fromT1 = !t1.isEmpty() && (t1.size() > p || (xInB2 && t1.size() == p));
    if (fromT1 || t2.isEmpty()) {
      b1.put(removeLru(t1), Boolean.TRUE);
      recentEvictions++;
    } else {
      b2.put(removeLru(t2), Boolean.TRUE);
      frequentEvictions++;
    }
  }

  /** The counts the selector publishes, under its names. */
  Map<String, Long> counters() {
    Map<String, Long> c = new LinkedHashMap<>();
    c.put("recentGhostHits", recentGhostHits);
    c.put("frequentGhostHits", frequentGhostHits);
    c.put("recentEvictions", recentEvictions);
    c.put("frequentEvictions", frequentEvictions);
    return c;
  }

  private static long removeLru(LinkedHashMap<Long, Boolean> list) {
    Iterator<Long> it = list.keySet().iterator();
    long page = it.next();
    it.remove();
    return page;
  }

  boolean contains(long page) {
    return t1.containsKey(page) || t2.containsKey(page);
  }

  /** T1's target size p. */
  double target() {
    return p;
  }
}
