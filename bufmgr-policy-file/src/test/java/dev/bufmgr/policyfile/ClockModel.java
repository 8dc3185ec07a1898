package dev.bufmgr.policyfile;

import java.util.HashMap;
import java.util.Map;

/**
 * CLOCK written from its description (Corbato 1968; DESIGN.md's reference semantics for the
 * pool's free buffers), sharing no code with the pool or the example: buffers fill in order while
 * some are empty, then a hand starting at buffer 0 clears set reference bits until it meets a
 * clear one, which is the victim; a loaded page and a hit set the bit. Normal reads only.
 */
final class ClockModel {
  private final long[] pageOf;
  private final boolean[] referenced;
  private final Map<Long, Integer> bufferOf = new HashMap<>();
  private int filled;
  private int hand;

  ClockModel(int frames) {
    pageOf = new long[frames];
    referenced = new boolean[frames];
  }

  /** Serves a read of {@code page}; returns whether it hit. */
  boolean read(long page) {
    Integer b = bufferOf.get(page);
    if (b != null) {
      referenced[b] = true;
      return true;
    }
    int victim;
    if (filled < pageOf.length) {
      victim = filled++;
    } else {
      while (referenced[hand]) {
        referenced[hand] = false;
        hand = (hand + 1) % pageOf.length;
      }
      victim = hand;
      hand = (hand + 1) % pageOf.length;
      bufferOf.remove(pageOf[victim]);
    }
    pageOf[victim] = page;
    referenced[victim] = true;
    bufferOf.put(page, victim);
    return false;
  }
}
