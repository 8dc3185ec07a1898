package dev.bufmgr.eviction.hotcool;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.testing.Request;
import dev.bufmgr.core.testing.RingModel;
import java.util.HashMap;
import java.util.Map;

/**
 * A plain, single-threaded HOT/COOL clock written straight from DESIGN.md's reference semantics
 * and PostgreSQL's rings, sharing no code with the selector: per buffer a page, a hot flag and a
 * "hit once while cool" flag, a hand, and a hash map.
 */
final class HotCoolModel {
  private final int frames;
  private final boolean repeat;
  private final boolean rings;
  private final long[] pageOf;
  private final boolean[] hot;
  private final boolean[] seenWhileCool;
  private final boolean[] occupied;
  private final Map<Long, Integer> bufferOf = new HashMap<>();
  private final RingModel ringModel;
  private int nextEmpty;
  private int hand;
  /** Positions the sweep examined for the last request (0 for a hit, a free buffer or a ring reuse). */
  long lastTicks;

  HotCoolModel(int frames, boolean repeat, boolean rings) {
    this.frames = frames;
    this.repeat = repeat;
    this.rings = rings;
    this.ringModel = new RingModel(frames);
    this.pageOf = new long[frames];
    this.hot = new boolean[frames];
    this.seenWhileCool = new boolean[frames];
    this.occupied = new boolean[frames];
  }

  /** Serves one request; returns whether it hit. */
  boolean access(Request r) {
    lastTicks = 0;
    boolean ring = rings && r.strategy() != AccessStrategy.NORMAL;
    Integer b = bufferOf.get(r.page());
    if (b != null) {
      if (!ring && !hot[b]) {
        if (!repeat || seenWhileCool[b]) {
          hot[b] = true;
          seenWhileCool[b] = false;
        } else {
          seenWhileCool[b] = true;
        }
      }
      return true;
    }
    int victim = -1;
    if (ring) {
      int slot = ringModel.advance(r.strategy());
      if (slot >= 0 && !hot[slot]) victim = slot;
      if (victim < 0) {
        victim = freeOrSweep();
        ringModel.replaceCurrent(r.strategy(), victim);
      }
    } else {
      victim = freeOrSweep();
    }
    if (occupied[victim]) bufferOf.remove(pageOf[victim]);
    occupied[victim] = true;
    pageOf[victim] = r.page();
    hot[victim] = false;
    seenWhileCool[victim] = false;
    bufferOf.put(r.page(), victim);
    return false;
  }

  /** The buffer holding {@code page}, or -1. */
  int bufferOf(long page) {
    return bufferOf.getOrDefault(page, -1);
  }

  private int freeOrSweep() {
    if (nextEmpty < frames) return nextEmpty++;
    while (true) {
      int b = hand;
      hand = (hand + 1) % frames;
      lastTicks++;
      if (hot[b]) {
        hot[b] = false;
        seenWhileCool[b] = false;
      } else {
        return b;
      }
    }
  }
}
