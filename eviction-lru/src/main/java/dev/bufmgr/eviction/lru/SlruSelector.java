package dev.bufmgr.eviction.lru;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.SelectorCounter;
import dev.bufmgr.core.evict.queue.BufferQueue;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Segmented LRU, following libCacheSim's {@code cache/eviction/SLRU.c} at aa0fc40 (the file last
 * changed in 4d47e20) with unit-size objects. Segments 0 (probation) to n-1 (most protected) are
 * LRU lists, segment i holding at most {@code max[i]} pages. A loaded page enters the head of the
 * lowest segment with room, or of segment 0 when none has. A normal hit in the top segment moves
 * the page to its head; in segment i below it, to the head of segment i+1, and while a segment
 * j holds more than its share its oldest page is cooled to the head of segment j-1 (libCacheSim's
 * {@code SLRU_cool}), cascading down; a page cooled out of segment 0 leaves the cache. A miss in
 * a full cache evicts the oldest page of the lowest segment holding any.
 *
 * <p>Segment shares: libCacheSim's {@code n-seg} (default 4) segments of C / n pages each
 * (integer division), or its {@code seg-size} ratios r[i], giving (long) (r[i] / sum r x C).
 * When the shares do not add up to C, segment 0 takes the rest: pages enter it past its share
 * once the others are full, and then a hit that cools a page into it evicts every page beyond
 * its share. Here such a page cannot leave its buffer on a hit: it is <em>dropped</em>, held in a
 * queue whose buffers the next misses take first, oldest first, while libCacheSim's cache stays
 * that many pages short until those misses refill it. This is the one departure: a request for a
 * dropped page before its buffer is reused is a hit here and a miss in libCacheSim, and the page
 * re-enters as a loaded page would. With C a multiple of n (and equal shares) nothing is ever
 * dropped. The paper-level description of SLRU (Karedla, Love and Wherry, IEEE Computer 1994:
 * two segments, a miss enters the probationary one) is libCacheSim's with n = 2, except that
 * libCacheSim fills the protected segments with new pages while they have room.
 *
 * <p>In the pool: the search takes a dropped buffer first, then each segment's oldest unpinned
 * page from segment 0 up, and gives up with {@link dev.bufmgr.core.evict.NoUnpinnedBuffersException}
 * when all are pinned; a victim given back keeps its place. Rings: a ring hit moves nothing, a
 * ring reuses only a buffer no normal hit has touched since it was loaded, and a page a ring
 * pushes out simply leaves its segment. Concurrency: the segments are guarded by the selector's
 * lock on a shared pool (every normal hit takes it), by nothing on an exclusive one.
 */
final class SlruSelector extends ListSelector {
  private final int[] max;
  private final BufferQueue[] segments;
  /** The segment each listed buffer is in. */
  private final int[] segmentOf;
  /** Buffers whose pages libCacheSim would have evicted on a hit; the next victims. */
  private final BufferQueue dropped;
  private final CleaningView cleaning;
  private final SelectorCounter droppedOnHit;
  private final SelectorCounter droppedHits;
  private final SelectorCounter promotions;

  SlruSelector(Descriptors descriptors, int[] max, String name) {
    super(descriptors, name, max.length + 1);
    int frames = descriptors.frames();
    this.max = max.clone();
    this.segments = new BufferQueue[max.length];
    for (int i = 0; i < max.length; i++) segments[i] = new BufferQueue(frames);
    this.segmentOf = new int[frames];
    this.dropped = new BufferQueue(frames);
    BufferQueue[] sweeps = new BufferQueue[max.length + 1];
    sweeps[0] = dropped;
    System.arraycopy(segments, 0, sweeps, 1, max.length);
    this.cleaning = tailSweeps(sweeps);
    this.droppedOnHit = SelectorCounter.forSharing(descriptors.sharing());
    this.droppedHits = SelectorCounter.forSharing(descriptors.sharing());
    this.promotions = SelectorCounter.forSharing(descriptors.sharing());
  }

  /**
   * libCacheSim's shares: {@code ratios} null for n equal shares of C / n, else r[i] / sum r x C
   * each, truncated; at least 1 each (libCacheSim caches nothing when segment 0's share is 0, a
   * pool must hold its pages; with C at least n equal shares are never 0).
   */
  static int[] shares(int frames, int n, long[] ratios) {
    if (ratios == null) {
      int[] m = new int[n];
      java.util.Arrays.fill(m, Math.max(1, frames / n));
      return m;
    }
    long sum = 0;
    for (long r : ratios) sum += r;
    int[] m = new int[ratios.length];
    for (int i = 0; i < ratios.length; i++) m[i] = Math.max(1, (int) ((double) ratios[i] / sum * frames));
    return m;
  }

  @Override
  protected void promote(int b) {
    if (dropped.contains(b)) {
      dropped.unlink(b);
      droppedHits.increment();
      enter(b);
      return;
    }
    int top = segments.length - 1;
    int id = segmentOf[b];
    if (!segments[id].contains(b)) return;
    if (id == top) {
      segments[top].pushHead(b);
      return;
    }
    segments[id].unlink(b);
    segments[id + 1].pushHead(b);
    segmentOf[b] = id + 1;
    promotions.increment();
    while (segments[id + 1].size() > max[id + 1]) cool(id + 1);
  }

  /** libCacheSim's {@code SLRU_cool}: segment {@code id}'s oldest page to segment id-1's head, or out of the cache from segment 0. */
  private void cool(int id) {
    if (id == 0) {
      int b = segments[0].tail();
      segments[0].unlink(b);
      dropped.pushHead(b);
      droppedOnHit.increment();
      return;
    }
    int b = segments[id].tail();
    segments[id].unlink(b);
    segments[id - 1].pushHead(b);
    segmentOf[b] = id - 1;
    while (segments[id - 1].size() > max[id - 1]) cool(id - 1);
  }

  @Override
  protected int search(MissContext miss) {
    int b = claimOldest(0, dropped, miss);
    for (int i = 0; b < 0 && i < segments.length; i++) b = claimOldest(i + 1, segments[i], miss);
    if (b < 0) throw allPinned();
    return b;
  }

  @Override
  protected void leave(int b, long page, MissContext miss) {
    dropped.unlink(b);
    segments[segmentOf[b]].unlink(b);
  }

  @Override
  protected void admit(int b, MissContext miss) {
    enter(b);
  }

  /** libCacheSim's {@code SLRU_insert}: the lowest segment with room, else segment 0. */
  private void enter(int b) {
    int id = 0;
    for (int i = 0; i < segments.length; i++) {
      if (segments[i].size() + 1 <= max[i]) {
        id = i;
        break;
      }
    }
    segments[id].pushHead(b);
    segmentOf[b] = id;
  }

  /**
   * Hits that moved a page up a segment ({@code promotions}) and pages libCacheSim would have
   * evicted on a hit, left for the next misses ({@code droppedOnHit}), and hits on such pages before a
   * miss took their buffers, each a miss in libCacheSim ({@code droppedHits}).
   */
  @Override
  public Map<String, Long> counters() {
    Map<String, Long> c = new LinkedHashMap<>();
    c.put("promotions", promotions.sum());
    c.put("droppedOnHit", droppedOnHit.sum());
    c.put("droppedHits", droppedHits.sum());
    return c;
  }

  /** The dropped buffers, then each segment from its oldest page, segment 0 first. Reusable: unpinned. */
  @Override
  public CleaningView cleaningView() {
    return cleaning;
  }
}
