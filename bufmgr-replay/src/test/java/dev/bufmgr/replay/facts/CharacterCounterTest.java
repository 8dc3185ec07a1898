package dev.bufmgr.replay.facts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.replay.ReplayInput;
import dev.bufmgr.workloads.event.EventTrace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The counter against a brute-force model written here: distances by scanning back to the page's
 * previous request and collecting the pages in between (O(n^2)), percentiles by sorting the
 * distances, frequencies by a hash map, the Zipf line by the textbook normal equations, and an
 * LRU list simulated directly (a distance below c is an LRU hit at c pages).
 */
class CharacterCounterTest {

  /** The model's figures for {@code pages}. */
  private record Model(long[] distances, long footprint, long once, long[] percentiles, double alpha, double r2) {}

  private static Model model(long[] pages) {
    List<Long> dists = new ArrayList<>();
    Map<Long, Long> freq = new LinkedHashMap<>();
    for (int t = 0; t < pages.length; t++) {
      freq.merge(pages[t], 1L, Long::sum);
      Set<Long> between = new HashSet<>();
      int s = t - 1;
      while (s >= 0 && pages[s] != pages[t]) between.add(pages[s--]);
      if (s >= 0) dists.add((long) between.size());
    }
    long[] d = dists.stream().mapToLong(Long::longValue).toArray();
    long[] sorted = d.clone();
    Arrays.sort(sorted);
    long[] pct = new long[TraceCharacter.PERCENTILES.size()];
    for (int i = 0; i < pct.length; i++) {
      if (sorted.length == 0) {
        pct[i] = -1;
        continue;
      }
      int rank = (int) Math.ceil(TraceCharacter.PERCENTILES.get(i) / 100.0 * sorted.length);
      pct[i] = sorted[Math.max(rank, 1) - 1];
    }
    long once = freq.values().stream().filter(f -> f == 1).count();
    List<Long> ranked = new ArrayList<>(freq.values());
    ranked.sort((a, b) -> Long.compare(b, a));
    double alpha = Double.NaN;
    double r2 = Double.NaN;
    if (ranked.size() >= 200) {
      int n = ranked.size();
      double mx = 0;
      double my = 0;
      for (int i = 0; i < n; i++) {
        mx += Math.log(i + 1) / n;
        my += Math.log(ranked.get(i)) / n;
      }
      double cxy = 0;
      double cxx = 0;
      double cyy = 0;
      for (int i = 0; i < n; i++) {
        double dx = Math.log(i + 1) - mx;
        double dy = Math.log(ranked.get(i)) - my;
        cxy += dx * dy;
        cxx += dx * dx;
        cyy += dy * dy;
      }
      alpha = -cxy / cxx;
      r2 = cxy * cxy / (cxx * cyy);
    }
    return new Model(d, freq.size(), once, pct, alpha, r2);
  }

  private static CharacterCounter.Profile count(long[] pages, int[] meta, Set<EventField> carries) {
    EventTrace trace = new EventTrace("hand", carries, pages, meta, pages.length);
    return CharacterCounter.count(ReplayInput.ofTrace(trace, "hand.trace", "lirs"));
  }

  private static void check(long[] pages) {
    Model m = model(pages);
    CharacterCounter.Profile p = count(pages, null, Set.of());
    TraceCharacter c = p.character();
    assertEquals(pages.length, c.requests());
    assertEquals(m.footprint, c.footprint());
    assertEquals(m.once, c.oneHitPages());
    assertArrayEquals(m.percentiles, c.reuse());
    long[] hist = new long[p.reuseHistogram().length];
    for (long d : m.distances) hist[(int) d]++;
    assertArrayEquals(hist, p.reuseHistogram());
    assertEquals(m.alpha, c.zipfAlpha(), 1e-9);
    assertEquals(m.r2, c.zipfR2(), 1e-9);
    assertTrue(Double.isNaN(c.writeShare()), "a format without writes has an unknown write share");
  }

  @Test
  void handMadeTracesMatchTheModel() {
    check(new long[] {1, 2, 3, 1, 2, 3, 3, 4, 1});
    check(new long[] {7, 7, 7, 7});
    check(new long[] {1, 2, 3, 4, 5});
    check(new long[] {5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 9, 5});
  }

  @Test
  void theFirstRequestHasNoDistanceAndAnImmediateRepeatHasZero() {
    CharacterCounter.Profile p = count(new long[] {3, 3, 8, 3}, null, Set.of());
    assertArrayEquals(new long[] {1, 1}, p.reuseHistogram());
    assertEquals(2, p.character().footprint());
    assertEquals(0.5, p.character().coldShare());
    assertEquals(0.5, p.character().oneHitShare());
    assertEquals(0.25, p.character().oneHitRequestShare());
  }

  @Test
  void randomTracesLongEnoughToRenumberSlotsAndFitZipf() {
    Random r = new Random(42);
    for (int trial = 0; trial < 3; trial++) {
      long[] pages = new long[6000];
      for (int i = 0; i < pages.length; i++) {
        // A skewed draw over 900 pages, with occasional scans of fresh pages.
        pages[i] = r.nextInt(10) == 0 ? 100_000 + i : (long) Math.floor(Math.pow(r.nextDouble(), 3) * 900);
      }
      check(pages);
    }
  }

  @Test
  void distancesAreLruHitsAtEverySize() {
    Random r = new Random(7);
    long[] pages = new long[3000];
    for (int i = 0; i < pages.length; i++) pages[i] = r.nextInt(200);
    long[] hist = count(pages, null, Set.of()).reuseHistogram();
    for (int c : new int[] {1, 5, 50, 150, 199}) {
      long hitsBelow = 0;
      for (int d = 0; d < Math.min(c, hist.length); d++) hitsBelow += hist[d];
      assertEquals(lruHits(pages, c), hitsBelow, "LRU of " + c + " pages");
    }
  }

  private static long lruHits(long[] pages, int c) {
    List<Long> lru = new ArrayList<>();
    long hits = 0;
    for (long p : pages) {
      if (lru.remove(p)) hits++;
      else if (lru.size() == c) lru.removeLast();
      lru.addFirst(p);
    }
    return hits;
  }

  @Test
  void writesAreCountedOnlyWhenTheFormatCarriesThem() {
    long[] pages = {1, 2, 1, 3};
    int read = EventMeta.pack(false, AccessStrategy.NORMAL, 0);
    int write = EventMeta.pack(true, AccessStrategy.NORMAL, 0);
    int[] meta = {write, read, read, write};
    assertEquals(0.5, count(pages, meta, Set.of(EventField.WRITES)).character().writeShare());
    assertEquals(0.0, count(pages, new int[] {read, read, read, read}, Set.of(EventField.WRITES)).character().writeShare());
  }

  @Test
  void valuesReadBackAndOldRecordsWithoutThemAreAbsent() {
    TraceCharacter c = count(new long[] {1, 2, 1, 3, 1}, null, Set.of()).character();
    assertEquals(c, TraceCharacter.fromValues(new HashMap<>(c.values())));
    assertNull(TraceCharacter.fromValues(Map.of("requests", 5L, "footprint", 3L)));
  }
}
