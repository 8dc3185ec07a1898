package dev.bufmgr.core.pool;

import dev.bufmgr.core.buffer.AccessStrategy;
import java.util.Arrays;

/**
 * One session's ring of buffers for a bulk access strategy (PostgreSQL's {@code
 * BufferAccessStrategyData}, freelist.c): a fixed array of slots and a current position. Each
 * miss through the ring advances to the next slot; the slot's buffer is reused if it is unpinned
 * and still cold, otherwise the selector's victim takes the slot.
 */
final class Ring {
  private static final int EMPTY = -1;

  private final AccessStrategy strategy;
  private final int[] slots;
  private int current = -1;

  Ring(AccessStrategy strategy, int size) {
    this.strategy = strategy;
    this.slots = new int[size];
    Arrays.fill(slots, EMPTY);
  }

  /** The strategy this ring serves. */
  AccessStrategy strategy() {
    return strategy;
  }

  /** Moves to the next slot and returns its buffer, or -1 when the slot is empty. */
  int advance() {
    if (++current >= slots.length) current = 0;
    return slots[current];
  }

  /** Puts {@code buffer} into the current slot (PostgreSQL's {@code AddBufferToRing}). */
  void replaceCurrent(int buffer) {
    slots[current] = buffer;
  }

  /** Empties the current slot (after {@code StrategyRejectBuffer} refused its buffer). */
  void clearCurrent() {
    slots[current] = EMPTY;
  }

  /** The number of slots. */
  int size() {
    return slots.length;
  }

  /** The buffers in the ring's slots, -1 for empty slots (a copy). */
  int[] buffers() {
    return slots.clone();
  }
}
