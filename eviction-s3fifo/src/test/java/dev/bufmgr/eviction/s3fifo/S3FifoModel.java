package dev.bufmgr.eviction.s3fifo;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.testing.Request;
import dev.bufmgr.core.testing.RingModel;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A plain, single-threaded S3-FIFO written from libCacheSim's S3FIFO.c (unit-size objects) and
 * DESIGN.md, sharing no code with the selector: deques of page ids, hash maps of counts, a
 * linked hash map as the ghost FIFO, and PostgreSQL's rings over buffer numbers. Counts are not
 * capped, as in libCacheSim.
 *
 * <p>Two admission rules: libCacheSim's S3FIFO.c since commit 2b52daa (2024-10-27) sends a new page
 * to M while nothing was evicted yet and S holds its share ({@code has_evicted}); the file before
 * it (2f60805, kept as S3FIFOv0.c, the SOSP'23 artifact's) sends every page that G does not hold to
 * S. {@code hasEvictedRule} picks one.
 */
final class S3FifoModel {
  private final int frames;
  private final int smallShare;
  private final int mainShare;
  private final int threshold;
  private final int ghostCapacity;
  private final int ringCapacity;
  private final boolean rings;
  private final boolean hasEvictedRule;
  private final long[] pageOf;
  private final Map<Long, Integer> bufferOf = new HashMap<>();
  private final Map<Long, Integer> count = new HashMap<>();
  private final Map<Long, Boolean> readThroughRing = new HashMap<>();
  private final ArrayDeque<Long> small = new ArrayDeque<>();
  private final ArrayDeque<Long> main = new ArrayDeque<>();
  private final LinkedHashMap<Long, Boolean> ghost = new LinkedHashMap<>();
  private final RingModel ringModel;
  private int ghostRingIds;
  private int nextEmpty;
  private boolean hasEvicted;
  /** Queue entries the last request's victim search examined. */
  long lastTicks;
  private long movesToMain;
  private long mainReinsertions;
  private long ghostHits;
  private long smallEvictions;
  private long mainEvictions;

  /** The model of {@code variant=current}: libCacheSim's S3FIFO.c with {@code has_evicted}. */
  S3FifoModel(int frames, double small, double ghost, int threshold, double strategyCap, boolean rings) {
    this(frames, small, ghost, threshold, strategyCap, rings, true);
  }

  /**
   * @param hasEvictedRule true for libCacheSim's S3FIFO.c since 2b52daa ({@code variant=current}),
   *     false for the file before it ({@code variant=original})
   */
  S3FifoModel(
      int frames, double small, double ghost, int threshold, double strategyCap, boolean rings,
      boolean hasEvictedRule) {
    this.hasEvictedRule = hasEvictedRule;
    this.frames = frames;
    this.smallShare = (int) (frames * small);
    this.mainShare = frames - smallShare;
    this.threshold = threshold;
    this.ghostCapacity = (int) (frames * ghost);
    this.ringCapacity = (int) (ghostCapacity * strategyCap);
    this.rings = rings;
    this.ringModel = new RingModel(frames);
    this.pageOf = new long[frames];
  }

  /** Serves one request; returns whether it hit. */
  boolean access(Request r) {
    lastTicks = 0;
    long page = r.page();
    boolean ring = rings && r.strategy() != AccessStrategy.NORMAL;
    if (bufferOf.containsKey(page)) {
      if (!ring) count.merge(page, 1, Integer::sum);
      return true;
    }
    boolean ghostHit = ghost.containsKey(page);
    if (ghostHit && ghost.remove(page)) ghostRingIds--;
    int buffer = -1;
    if (ring) {
      int slot = ringModel.advance(r.strategy());
      if (slot >= 0 && count.get(pageOf[slot]) == 0) {
        buffer = slot;
        long old = pageOf[buffer];
        if (small.remove(old)) {
          addToGhost(old);
          smallEvictions++;
        } else {
          main.remove(old);
          mainEvictions++;
        }
        forget(old);
      } else {
        buffer = freeOrEvict();
        ringModel.replaceCurrent(r.strategy(), buffer);
      }
    } else {
      buffer = freeOrEvict();
    }
    if (ghostHit) ghostHits++;
    if (ghostHit || (hasEvictedRule && !hasEvicted && small.size() >= smallShare)) main.addLast(page);
    else small.addLast(page);
    pageOf[buffer] = page;
    bufferOf.put(page, buffer);
    count.put(page, 0);
    readThroughRing.put(page, ring);
    return false;
  }

  /** The buffer holding {@code page}, or -1. */
  int bufferOf(long page) {
    return bufferOf.getOrDefault(page, -1);
  }

  /**
   * The counts the selector publishes, under its names: moves from S to M, re-insertions into M,
   * misses admitted to M by a ghost, pages leaving S and M; no pinned put-backs or idle rounds in
   * one thread.
   */
  Map<String, Long> counters() {
    Map<String, Long> c = new LinkedHashMap<>();
    c.put("movesToMain", movesToMain);
    c.put("mainReinsertions", mainReinsertions);
    c.put("ghostHits", ghostHits);
    c.put("smallEvictions", smallEvictions);
    c.put("mainEvictions", mainEvictions);
    c.put("pinnedPutBacks", 0L);
    c.put("idleRounds", 0L);
    return c;
  }

  /** Ghost ids held. */
  int ghostSize() {
    return ghost.size();
  }

  /** Ghost ids of pages read through a ring. */
  int ghostRingIds() {
    return ghostRingIds;
  }

  private int freeOrEvict() {
    if (nextEmpty < frames) return nextEmpty++;
    hasEvicted = true;
    while (true) {
      long victim = main.size() > mainShare || small.isEmpty() ? evictMain() : evictSmall();
      if (victim != Long.MIN_VALUE) {
        int b = bufferOf.get(victim);
        forget(victim);
        return b;
      }
    }
  }

  private long evictSmall() {
    while (!small.isEmpty()) {
      long p = small.pollFirst();
      lastTicks++;
      if (count.get(p) >= threshold) {
        main.addLast(p);
        count.put(p, 0);
        movesToMain++;
      } else {
        addToGhost(p);
        smallEvictions++;
        return p;
      }
    }
    return Long.MIN_VALUE;
  }

  private long evictMain() {
    while (!main.isEmpty()) {
      long p = main.pollFirst();
      lastTicks++;
      int c = count.get(p);
      if (c >= 1) {
        main.addLast(p);
        count.put(p, Math.min(c, 3) - 1);
        mainReinsertions++;
      } else {
        mainEvictions++;
        return p;
      }
    }
    return Long.MIN_VALUE;
  }

  private void addToGhost(long p) {
    if (ghostCapacity == 0 || ghost.containsKey(p)) return;
    boolean fromRing = readThroughRing.get(p);
    if (fromRing) {
      if (ringCapacity == 0) return;
      if (ghostRingIds == ringCapacity) {
        Iterator<Map.Entry<Long, Boolean>> it = ghost.entrySet().iterator();
        while (!it.next().getValue()) {}
        it.remove();
        ghostRingIds--;
      }
    }
    if (ghost.size() == ghostCapacity) {
      Iterator<Map.Entry<Long, Boolean>> it = ghost.entrySet().iterator();
      if (it.next().getValue()) ghostRingIds--;
      it.remove();
    }
    ghost.put(p, fromRing);
    if (fromRing) ghostRingIds++;
  }

  private void forget(long p) {
    bufferOf.remove(p);
    count.remove(p);
    readThroughRing.remove(p);
  }

}
