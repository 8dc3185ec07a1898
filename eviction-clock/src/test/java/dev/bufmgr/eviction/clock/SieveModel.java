package dev.bufmgr.eviction.clock;

import java.util.HashMap;
import java.util.Map;

/**
 * A plain, single-threaded SIEVE written from the NSDI '24 paper's pseudocode, sharing no code
 * with the selector: a doubly linked list of nodes (newest at the head), a visited flag per node,
 * a hash map from page to node, and a hand that remembers its node between evictions.
 */
final class SieveModel {
  private static final class Node {
    final long page;
    boolean visited;
    Node towardHead;
    Node towardTail;

    Node(long page) {
      this.page = page;
    }
  }

  private final int capacity;
  private final Map<Long, Node> nodes = new HashMap<>();
  private Node head;
  private Node tail;
  private Node hand;
  long lastEvicted = -1;

  SieveModel(int capacity) {
    this.capacity = capacity;
  }

  /** Serves one read; returns whether it hit. */
  boolean access(long page) {
    Node n = nodes.get(page);
    if (n != null) {
      n.visited = true;
      return true;
    }
    lastEvicted = -1;
    if (nodes.size() == capacity) evict();
    Node fresh = new Node(page);
    fresh.towardTail = head;
    if (head != null) head.towardHead = fresh;
    head = fresh;
    if (tail == null) tail = fresh;
    nodes.put(page, fresh);
    return false;
  }

  private void evict() {
    Node o = hand != null ? hand : tail;
    while (o.visited) {
      o.visited = false;
      o = o.towardHead != null ? o.towardHead : tail;
    }
    hand = o.towardHead;
    if (o.towardHead != null) o.towardHead.towardTail = o.towardTail;
    else head = o.towardTail;
    if (o.towardTail != null) o.towardTail.towardHead = o.towardHead;
    else tail = o.towardHead;
    nodes.remove(o.page);
    lastEvicted = o.page;
  }

  boolean contains(long page) {
    return nodes.containsKey(page);
  }
}
