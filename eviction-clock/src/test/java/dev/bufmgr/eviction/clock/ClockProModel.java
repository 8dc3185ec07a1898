package dev.bufmgr.eviction.clock;

import java.util.HashMap;
import java.util.Map;

/**
 * A plain, single-threaded CLOCK-Pro written from libCacheSim's {@code ClockPro.c} (its run_cold,
 * run_hot, run_test and promote), with the repairs {@link ClockProSelector} documents (every miss
 * admitted, one page out per miss, the promotion's hands moved first and its hot hand stopped
 * when nothing is hot, a test hit made resident, demoted pages unreferenced, a hot page turned
 * cold when none is cold). It shares no code with the selector: a circular doubly linked list of
 * nodes ({@code next} is the hands' direction), hands that are node references, and hash maps from
 * page to node for resident pages and test entries.
 */
final class ClockProModel {
  enum Kind { COLD, HOT, TEST }

  private static final class Node {
    final long page;
    Kind kind;
    boolean referenced;
    Node next;
    Node prev;

    Node(long page, Kind kind) {
      this.page = page;
      this.kind = kind;
    }
  }

  private final int capacity;
  private final boolean initRef;
  private final Map<Long, Node> resident = new HashMap<>();
  private final Map<Long, Node> tests = new HashMap<>();
  private Node handHot;
  private Node handCold;
  private Node handTest;
  private int nodes;
  private int hot;
  private int cold;
  int coldTarget;
  long lastEvicted = -1;
  long promotions;
  long testHits;
  long demotions;
  long testExpiries;

  ClockProModel(int capacity, boolean initRef, double coldRatio) {
    this.capacity = capacity;
    this.initRef = initRef;
    this.coldTarget = (int) (capacity * coldRatio);
  }

  ClockProModel(int capacity) {
    this(capacity, false, 1.0);
  }

  /** Serves one read; returns whether it hit. */
  boolean access(long page) {
    Node n = resident.get(page);
    if (n != null) {
      n.referenced = true;
      return true;
    }
    lastEvicted = -1;
    if (resident.size() == capacity) evictOne();
    Node test = tests.get(page);
    Node fresh = new Node(page, Kind.COLD);
    fresh.referenced = initRef;
    resident.put(page, fresh);
    cold++;
    if (handHot == null) {
      fresh.next = fresh;
      fresh.prev = fresh;
      nodes = 1;
      handHot = handCold = handTest = fresh;
      return false;
    }
    linkBefore(fresh, handHot);
    if (test != null) {
      if (coldTarget < capacity) coldTarget++;
      testHits++;
      removeTest(test);
      promote(fresh);
    }
    return false;
  }

  /** The cold hand until one page is out, which leaves a test entry in its place. */
  private void evictOne() {
    while (true) {
      if (cold == 0) {
        while (!hotStep()) {}
        continue;
      }
      Node x = handCold;
      if (x.kind != Kind.COLD) {
        handCold = x.next;
      } else if (x.referenced) {
        x.referenced = initRef;
        promote(x);
        promotions++;
      } else {
        handCold = x.next;
        evict(x);
        return;
      }
    }
  }

  private void evict(Node x) {
    cold--;
    resident.remove(x.page);
    while (tests.size() == capacity) testStep();
    Node t = new Node(x.page, Kind.TEST);
    t.prev = x.prev;
    t.next = x.next;
    if (x.next == x) {
      t.prev = t;
      t.next = t;
    } else {
      x.prev.next = t;
      x.next.prev = t;
    }
    if (handHot == x) handHot = t;
    if (handCold == x) handCold = t;
    if (handTest == x) handTest = t;
    tests.put(x.page, t);
    lastEvicted = x.page;
  }

  private void promote(Node x) {
    if (handCold == x) handCold = x.next;
    if (handTest == x) handTest = x.next;
    while (hot + 1 > capacity - coldTarget && hot > 0) hotStep();
    x.kind = Kind.HOT;
    cold--;
    hot++;
    if (handHot == x) handHot = x.next;
    if (handHot != x) {
      unlink(x);
      linkBefore(x, handHot);
    }
  }

  /** One step of the hot hand; whether it turned a page cold. */
  private boolean hotStep() {
    Node x = handHot;
    handHot = x.next;
    if (x.kind != Kind.HOT) return false;
    if (x.referenced) {
      x.referenced = false;
      return false;
    }
    x.kind = Kind.COLD;
    hot--;
    cold++;
    demotions++;
    if (handCold == x) handCold = x.next;
    if (handTest == x) handTest = x.next;
    return true;
  }

  private void testStep() {
    Node x = handTest;
    if (x.kind != Kind.TEST) {
      handTest = x.next;
      return;
    }
    coldTarget = Math.max(0, coldTarget - 1);
    testExpiries++;
    removeTest(x);
  }

  private void removeTest(Node t) {
    tests.remove(t.page);
    Node after = nodes > 1 ? t.next : null;
    if (handHot == t) handHot = after;
    if (handCold == t) handCold = after;
    if (handTest == t) handTest = after;
    unlink(t);
  }

  private void unlink(Node x) {
    x.prev.next = x.next;
    x.next.prev = x.prev;
    x.next = x.prev = null;
    nodes--;
  }

  /** Puts {@code x} just before {@code at} in the hands' direction. */
  private void linkBefore(Node x, Node at) {
    x.next = at;
    x.prev = at.prev;
    at.prev.next = x;
    at.prev = x;
    nodes++;
  }

  boolean contains(long page) {
    return resident.containsKey(page);
  }

  int hot() {
    return hot;
  }

  int cold() {
    return cold;
  }

  int tests() {
    return tests.size();
  }
}
