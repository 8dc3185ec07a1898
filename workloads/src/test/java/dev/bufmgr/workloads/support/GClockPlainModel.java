package dev.bufmgr.workloads.support;

import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.workloads.event.EventTrace;
import java.util.HashMap;
import java.util.Map;

/**
 * G-CLOCK written for the tests straight from DESIGN.md's reference semantics, with nothing shared
 * with the pool: buffers fill lowest-numbered first; a load sets usage 1; a hit adds 1 up to
 * maxUsage (through a ring only 0 to 1); the hand starts at 0, looks at the buffer under it and
 * advances, decrementing usage above 0 and taking usage 0. A miss through a ring advances the
 * ring's slot and reuses its buffer when its usage is at most 1, else takes a free or swept buffer
 * into the slot. Ring sizes are PostgreSQL's bytes over 8 KiB pages, capped at frames/8, at least 1.
 */
public final class GClockPlainModel {
  private final int frames;
  private final int maxUsage;
  private final boolean rings;
  private final long[] pageOf;
  private final int[] usage;
  private final boolean[] dirty;
  private final Map<Long, Integer> bufferOf = new HashMap<>();
  private final Map<AccessStrategy, int[]> ringSlots = new HashMap<>();
  private final Map<AccessStrategy, Integer> ringAt = new HashMap<>();
  private int filled;
  private int hand;
  /** Hits so far. */
  public long hits;
  /** Evictions so far (a page leaving its buffer). */
  public long evictions;
  /** Evictions of pages written since they were loaded. */
  public long dirtyEvictions;
  /** Buffers examined by the hand so far. */
  public long ticks;
  /** Victim searches so far. */
  public long searches;

  /** An empty pool of {@code frames} buffers. */
  public GClockPlainModel(int frames, int maxUsage, boolean rings) {
    this.frames = frames;
    this.maxUsage = maxUsage;
    this.rings = rings;
    this.pageOf = new long[frames];
    this.usage = new int[frames];
    this.dirty = new boolean[frames];
  }

  /** Replays a whole trace. */
  public GClockPlainModel replay(EventTrace t) {
    for (int i = 0; i < t.size(); i++) access(t.pages()[i], EventMeta.strategy(t.meta(i)), EventMeta.isWrite(t.meta(i)));
    return this;
  }

  /** One request; a write leaves the page dirty until it is evicted. */
  public void access(long page, AccessStrategy strategy, boolean write) {
    boolean viaRing = rings && strategy != AccessStrategy.NORMAL;
    Integer hit = bufferOf.get(page);
    if (hit != null) {
      hits++;
      if (write) dirty[hit] = true;
      if (viaRing) {
        if (usage[hit] == 0) usage[hit] = 1;
      } else if (usage[hit] < maxUsage) {
        usage[hit]++;
      }
      return;
    }
    int b;
    if (viaRing) {
      int[] slots = ringSlots.computeIfAbsent(strategy, s -> emptyRing(s));
      int at = (ringAt.getOrDefault(strategy, -1) + 1) % slots.length;
      ringAt.put(strategy, at);
      if (slots[at] >= 0 && usage[slots[at]] <= 1) {
        b = slots[at];
      } else {
        b = freeOrSwept();
        slots[at] = b;
      }
    } else {
      b = freeOrSwept();
    }
    if (bufferOf.get(pageOf[b]) != null && bufferOf.get(pageOf[b]) == b) {
      bufferOf.remove(pageOf[b]);
      evictions++;
      if (dirty[b]) dirtyEvictions++;
    }
    pageOf[b] = page;
    usage[b] = 1;
    dirty[b] = write;
    bufferOf.put(page, b);
  }

  private int[] emptyRing(AccessStrategy s) {
    int bytes = switch (s) {
      case BULKREAD -> 256 * 1024;
      case BULKWRITE -> 16 * 1024 * 1024;
      case VACUUM -> 2 * 1024 * 1024;
      case NORMAL -> throw new IllegalStateException("no ring for NORMAL");
    };
    int n = Math.max(1, Math.min(frames / 8, bytes / 8192));
    int[] slots = new int[n];
    java.util.Arrays.fill(slots, -1);
    return slots;
  }

  private int freeOrSwept() {
    if (filled < frames) return filled++;
    searches++;
    while (true) {
      int b = hand;
      hand = (hand + 1) % frames;
      ticks++;
      if (usage[b] == 0) return b;
      usage[b]--;
    }
  }
}
