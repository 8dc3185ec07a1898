package dev.bufmgr.eviction.lru;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * CAR written straight from Bansal and Modha's Fig. 2 (FAST '04) over plain lists of page ids,
 * for checking {@code car} request by request. T1 and T2 are lists whose first element is the
 * clock's head and whose last is its tail; B1 and B2 are lists whose first element is the MRU id.
 * Slow on purpose: every membership test scans a list.
 */
final class CarModel {
  private final int c;
  private final List<Long> t1 = new ArrayList<>();
  private final List<Long> t2 = new ArrayList<>();
  private final List<Long> b1 = new ArrayList<>();
  private final List<Long> b2 = new ArrayList<>();
  private final Map<Long, Boolean> ref = new HashMap<>();
  private double p;

  CarModel(int c) {
    this.c = c;
  }

  /** Requests page {@code x}; returns whether it hit. */
  boolean access(long x) {
    if (t1.contains(x) || t2.contains(x)) {
      ref.put(x, true); // line 1
      return true;
    }
    if (t1.size() + t2.size() == c) { // line 3
      replace(); // line 4
      boolean inGhost = b1.contains(x) || b2.contains(x);
      if (!inGhost && t1.size() + b1.size() == c) { // line 5
        b1.remove(b1.size() - 1);
      } else if (!inGhost && t1.size() + t2.size() + b1.size() + b2.size() == 2 * c) { // line 6
        b2.remove(b2.size() - 1);
      }
    }
    if (!b1.contains(x) && !b2.contains(x)) { // line 7
      t1.add(x);
    } else if (b1.contains(x)) { // line 8
      p = Math.min(p + Math.max(1, (double) b2.size() / b1.size()), c);
      b1.remove(x);
      t2.add(x);
    } else { // line 9
      p = Math.max(p - Math.max(1, (double) b1.size() / b2.size()), 0);
      b2.remove(x);
      t2.add(x);
    }
    ref.put(x, false);
    return false;
  }

  /** Lines 23 to 34. */
  private void replace() {
    while (true) {
      if (t1.size() >= Math.max(1, p)) {
        long head = t1.remove(0);
        if (!ref.get(head)) {
          b1.add(0, head);
          ref.remove(head);
          return;
        }
        ref.put(head, false);
        t2.add(head);
      } else {
        long head = t2.remove(0);
        if (!ref.get(head)) {
          b2.add(0, head);
          ref.remove(head);
          return;
        }
        ref.put(head, false);
        t2.add(head);
      }
    }
  }

  /** Whether page {@code x} is in the cache. */
  boolean contains(long x) {
    return t1.contains(x) || t2.contains(x);
  }
}
