package dev.bufmgr.core.evict.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The queue's order after pushes, insertions before an anchor and unlinks. */
class BufferQueueTest {

  private static List<Integer> tailToHead(BufferQueue q) {
    List<Integer> out = new ArrayList<>();
    for (int b = q.tail(); b != BufferQueue.NONE; b = q.newer(b)) out.add(b);
    return out;
  }

  @Test
  void insertOlderThanPutsTheBufferJustBeforeTheAnchorInASweep() {
    BufferQueue q = new BufferQueue(6);
    q.pushHead(0);
    q.pushHead(1);
    q.pushHead(2);
    q.insertOlderThan(3, 1);
    assertEquals(List.of(0, 3, 1, 2), tailToHead(q));
    q.insertOlderThan(4, 0);
    assertEquals(List.of(4, 0, 3, 1, 2), tailToHead(q));
    assertEquals(4, q.tail());
    q.insertOlderThan(2, 4);
    assertEquals(List.of(2, 4, 0, 3, 1), tailToHead(q));
    assertEquals(1, q.head());
    assertEquals(5, q.size());
    q.unlink(3);
    assertEquals(List.of(2, 4, 0, 1), tailToHead(q));
    assertEquals(2, q.newerWrapping(1));
    assertEquals(4, q.older(0));
    assertEquals(BufferQueue.NONE, q.older(2));
  }

  @Test
  void insertOlderThanRefusesAnAnchorNotQueuedOrItself() {
    BufferQueue q = new BufferQueue(3);
    q.pushHead(0);
    assertThrows(IllegalArgumentException.class, () -> q.insertOlderThan(1, 2));
    assertThrows(IllegalArgumentException.class, () -> q.insertOlderThan(0, 0));
  }
}
