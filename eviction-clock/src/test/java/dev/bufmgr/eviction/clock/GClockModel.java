package dev.bufmgr.eviction.clock;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.testing.Request;
import dev.bufmgr.core.testing.RingModel;
import java.util.HashMap;
import java.util.Map;

/**
 * A plain, single-threaded G-CLOCK written straight from DESIGN.md's reference semantics and
 * PostgreSQL's rings, sharing no code with the pool: arrays of pages and usage counts, a hand, and
 * a hash map. The tests compare the pool with it request by request.
 */
final class GClockModel {
  private final int frames;
  private final int maxUsage;
  private final long[] pageOf;
  private final int[] usage;
  private final boolean[] occupied;
  private final Map<Long, Integer> bufferOf = new HashMap<>();
  private final RingModel ringModel;
  private final boolean rings;
  private int nextEmpty;
  private int hand;
  long lastTicks;

  GClockModel(int frames, int maxUsage, boolean rings) {
    this.frames = frames;
    this.maxUsage = maxUsage;
    this.rings = rings;
    this.ringModel = new RingModel(frames);
    this.pageOf = new long[frames];
    this.usage = new int[frames];
    this.occupied = new boolean[frames];
  }

  /** Serves one request; returns whether it hit. */
  boolean access(Request r) {
    boolean ring = rings && r.strategy() != AccessStrategy.NORMAL;
    Integer b = bufferOf.get(r.page());
    if (b != null) {
      if (ring) {
        if (usage[b] == 0) usage[b] = 1;
      } else if (usage[b] < maxUsage) {
        usage[b]++;
      }
      return true;
    }
    int victim = -1;
    if (ring) {
      int slot = ringModel.advance(r.strategy());
      if (slot >= 0 && usage[slot] <= 1) victim = slot;
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
    usage[victim] = 1;
    bufferOf.put(r.page(), victim);
    return false;
  }

  /** The buffer holding {@code page}, or -1. */
  int bufferOf(long page) {
    return bufferOf.getOrDefault(page, -1);
  }

  private int freeOrSweep() {
    lastTicks = 0;
    if (nextEmpty < frames) return nextEmpty++;
    while (true) {
      int b = hand;
      hand = (hand + 1) % frames;
      lastTicks++;
      if (usage[b] > 0) usage[b]--;
      else return b;
    }
  }
}
