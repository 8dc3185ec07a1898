package dev.bufmgr.replay.facts;

import java.util.Arrays;
import org.agrona.collections.Long2LongHashMap;

/**
 * Exact LRU stack distances of a stream of page requests, in O(log d) a request for d distinct
 * pages (Bennett and Kruskal, "LRU stack processing", IBM J. R&amp;D 1975; the Fenwick-tree form of
 * Almasi, Cascaval and Padua, "Calculating stack distances efficiently", MSP 2002). A request's
 * distance is the number of other distinct pages requested since the same page's previous
 * request: 0 for an immediate re-reference; an LRU cache of c pages hits it exactly when the
 * distance is below c. A page's first request is a cold miss and has no distance.
 *
 * <p>Each page's latest request holds one slot in time order; a Fenwick tree counts the held
 * slots, so the distance is the number of held slots after the page's own. Slots are renumbered
 * densely (in order) whenever they run out, so they number at most twice the distinct pages:
 * memory grows with the footprint, never with the trace's length. Per distinct page: a hash
 * entry page to index (Agrona's open-addressing map, 16 bytes a slot at most 0.65 load: 25 to 50
 * bytes), its latest slot (4), its request count (8), two slots' owner and tree cells (16) and one
 * histogram cell (8): about 60 to 90 bytes.
 */
final class StackDistances {
  private static final long ABSENT = -1;

  private final Long2LongHashMap index = new Long2LongHashMap(ABSENT);
  private int[] latest = new int[1024];
  private long[] counts = new long[1024];
  private int[] owner = new int[1024];
  private int[] tree = new int[1025];
  private long[] histogram = new long[1024];
  private int next;
  private int pages;
  private long requests;

  /** Takes the next request; returns its stack distance, or -1 for a page's first request. */
  long access(long page) {
    requests++;
    if (next == owner.length) compact();
    long found = index.get(page);
    int id;
    long distance;
    if (found == ABSENT) {
      id = pages++;
      if (id == latest.length) {
        latest = Arrays.copyOf(latest, 2 * id);
        counts = Arrays.copyOf(counts, 2 * id);
      }
      index.put(page, id);
      distance = -1;
    } else {
      id = (int) found;
      int slot = latest[id];
      distance = pages - prefix(slot);
      add(slot, -1);
      owner[slot] = -1;
      if (distance >= histogram.length) histogram = Arrays.copyOf(histogram, Math.max(2 * histogram.length, (int) distance + 1));
      histogram[(int) distance]++;
    }
    counts[id]++;
    latest[id] = next;
    owner[next] = id;
    add(next, 1);
    next++;
    return distance;
  }

  /** Requests taken. */
  long requests() {
    return requests;
  }

  /** Distinct pages seen. */
  int pages() {
    return pages;
  }

  /** Re-references (requests with a distance) at each distance {@code 0 .. length-1}; do not modify. */
  long[] histogram() {
    return histogram;
  }

  /** Each distinct page's request count, in no particular order (a fresh array). */
  long[] counts() {
    return Arrays.copyOf(counts, pages);
  }

  /** Held slots at or before {@code slot}; every page holds one, so the rest are held after it. */
  private int prefix(int slot) {
    int sum = 0;
    for (int i = slot + 1; i > 0; i -= i & -i) sum += tree[i];
    return sum;
  }

  private void add(int slot, int delta) {
    for (int i = slot + 1; i < tree.length; i += i & -i) tree[i] += delta;
  }

  /**
   * Renumbers the held slots 0 .. pages-1 in their order, in a table of at least twice the
   * pages, and rebuilds the tree: O(slots), once every (slots - pages) requests or more.
   */
  private void compact() {
    int capacity = Math.max(owner.length, 2 * pages);
    int[] moved = new int[capacity];
    int k = 0;
    for (int s = 0; s < next; s++) {
      int id = owner[s];
      if (id < 0) continue;
      moved[k] = id;
      latest[id] = k++;
    }
    Arrays.fill(moved, k, capacity, -1);
    owner = moved;
    next = k;
    tree = new int[capacity + 1];
    // Held slots are 1..k in the tree's 1-based numbering: cell i covers (i - lowbit(i), i].
    for (int i = 1; i <= capacity; i++) tree[i] = Math.max(0, Math.min(i, k) - (i - (i & -i)));
  }
}
