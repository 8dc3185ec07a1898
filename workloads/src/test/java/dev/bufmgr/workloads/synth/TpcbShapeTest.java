package dev.bufmgr.workloads.synth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.wal.LogFormat;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** pgbench's TPC-B-like transactions, checked against the layout worked out by hand. */
class TpcbShapeTest {

  private static List<Integer> oneTransaction(TpcbShape shape, long seed) {
    EventBatch b = new EventBatch(64);
    shape.stream(new SplitMix64(seed)).emit(b);
    List<Integer> meta = new ArrayList<>();
    for (int i = 0; i < b.size(); i++) meta.add(b.meta[i]);
    return meta;
  }

  /** Log bytes as the pipeline lays the records out (each record rounded up to 8 bytes). */
  private static long logBytes(List<Integer> meta) {
    long sum = 0;
    for (int m : meta) {
      if (EventMeta.kind(m) == EventMeta.COMMIT && EventMeta.recordBytes(m) > 0) sum += LogFormat.commitLength(EventMeta.recordBytes(m));
      else if (EventMeta.isPage(m) && EventMeta.isWrite(m)) sum += LogFormat.pageChangeLength(EventMeta.recordBytes(m), 0);
    }
    return sum;
  }

  @Test
  void aHotTransactionAtScaleOneMakesFourteenEventsAndLogs400Bytes() {
    // 100,000 accounts: 273 leaves under one root, so two index levels; tellers and branches: one index page each.
    List<Integer> m = oneTransaction(new TpcbShape(1, TpcbShape.Mode.TPCB, 1, 0), 3);
    assertEquals(14, m.size(), "begin, root, leaf, prune, heap change, root, leaf, heap read, tellers index, "
        + "tellers change, branches index, branches change, history insert, commit");
    assertEquals(EventMeta.BEGIN, EventMeta.kind(m.get(0)));
    assertEquals(EventMeta.COMMIT, EventMeta.kind(m.get(13)));
    assertEquals(34, EventMeta.recordBytes(m.get(13)));
    long writes = m.stream().filter(x -> EventMeta.isPage(x) && EventMeta.isWrite(x)).count();
    assertEquals(5, writes, "accounts prune and update, tellers, branches, history");
    // Records rounded up to 8 bytes: prune 64, three HOT updates 72, history 80, commit 40.
    assertEquals(64 + 3 * 72 + 80 + 40, logBytes(m));
    assertEquals(PageClasses.HISTORY, EventMeta.pageClass(m.get(12)));
    assertTrue(EventMeta.initializes(m.get(12)), "the first history row starts its page");
  }

  @Test
  void theFirstUpdateOfAPageSinceTheLoadIsNotHotAndMovesTheRowToTheTailPage() {
    TpcbShape shape = new TpcbShape(1, TpcbShape.Mode.TPCB, 0, 0);
    EventBatch b = new EventBatch(64);
    shape.stream(new SplitMix64(3)).emit(b);
    List<Integer> m = new ArrayList<>();
    for (int i = 0; i < b.size(); i++) m.add(b.meta[i]);
    assertEquals(15, m.size());
    // Lock 54 -> 56, update 171 -> 176, INSERT_LEAF 64, tellers and branches 72 each, history 80, commit 40.
    assertEquals(56 + 176 + 64 + 2 * 72 + 80 + 40, logBytes(m));
    assertEquals(1640, b.pages[4] & 0xFFFF_FFFFL, "the new version goes to the first page past the 1,640 loaded");
    assertTrue(EventMeta.initializes(b.meta[4]), "the first moved row initializes the tail page");
    assertEquals(PageClasses.INDEX_LEAF, EventMeta.pageClass(m.get(5)));
    assertTrue(EventMeta.isWrite(m.get(5)));
  }

  @Test
  void anAccountsUpdateIsHotExactlyWhenItsPageWasUpdatedBefore() {
    // 1,000 accounts on ceil(1000 / 61) = 17 pages: each page's first update moves its row, later ones are HOT.
    TpcbShape shape = new TpcbShape(0.01, TpcbShape.Mode.SIMPLE_UPDATE, 0, 0);
    PageStream stream = shape.stream(new SplitMix64(5));
    java.util.Set<Long> seen = new java.util.HashSet<>();
    int moved = 0;
    for (int t = 0; t < 500; t++) {
      EventBatch b = new EventBatch(64);
      stream.emit(b);
      int heap = -1;
      boolean leafInsert = false;
      for (int i = 0; i < b.size(); i++) {
        int m = b.meta[i];
        if (heap < 0 && EventMeta.isPage(m) && EventMeta.isWrite(m) && EventMeta.pageClass(m) == PageClasses.HEAP) heap = i;
        if (EventMeta.isPage(m) && EventMeta.isWrite(m) && EventMeta.pageClass(m) == PageClasses.INDEX_LEAF) leafInsert = true;
      }
      boolean first = seen.add(b.pages[heap]);
      assertEquals(first, leafInsert, "transaction " + t);
      assertEquals(first ? TpcbShape.LOCK : TpcbShape.PRUNE, EventMeta.recordBytes(b.meta[heap]));
      if (first) {
        assertEquals(17, b.pages[heap + 1] & 0xFFFF_FFFFL, "17 moved rows share the first tail page");
        assertEquals(moved == 0, EventMeta.initializes(b.meta[heap + 1]));
        moved++;
      }
    }
    assertEquals(17, moved, "after 500 uniform draws every one of the 17 pages has been updated");
  }

  @Test
  void theNonHotShareFollowsTheOccupancyOfTheLoadedPages() {
    // u uniform updates over N pages, a share F already touched: expected first touches N (1 - F)(1 - exp(-u/N)).
    // Scale 1: N = 1640; F = 0.5, u = 1640: 820 (1 - 1/e) = 518.3, standard deviation about 14; with the hash's
    // own count of touched pages T in place of 820, (1640 - T)(1 - 1/e).
    TpcbShape shape = new TpcbShape(1, TpcbShape.Mode.SIMPLE_UPDATE, 0.5, 0);
    int touched = 0;
    for (int p = 0; p < 1640; p++) if (shape.initiallyTouched(p)) touched++;
    assertTrue(Math.abs(touched - 820) < 60, "pages touched at the start: " + touched);
    PageStream stream = shape.stream(new SplitMix64(11));
    int leafInserts = 0;
    for (int t = 0; t < 1640; t++) {
      EventBatch b = new EventBatch(64);
      stream.emit(b);
      for (int i = 0; i < b.size(); i++) {
        int m = b.meta[i];
        if (EventMeta.isPage(m) && EventMeta.isWrite(m) && EventMeta.pageClass(m) == PageClasses.INDEX_LEAF) leafInserts++;
      }
    }
    assertTrue(Math.abs(leafInserts - (1640 - touched) * (1 - Math.exp(-1))) < 60, "updates that were not HOT: " + leafInserts);
  }

  @Test
  void simpleUpdateAndSelectOnlyTransactions() {
    List<Integer> n = oneTransaction(new TpcbShape(1, TpcbShape.Mode.SIMPLE_UPDATE, 1, 0), 3);
    assertEquals(10, n.size(), "pgbench -N: no tellers and branches updates");
    assertEquals(64 + 72 + 80 + 40, logBytes(n));
    List<Integer> s = oneTransaction(new TpcbShape(1, TpcbShape.Mode.TPCB, 1, 1), 3);
    assertEquals(5, s.size(), "begin, root, leaf, heap read, commit");
    assertEquals(0, EventMeta.recordBytes(s.get(4)), "a read-only transaction writes no commit record");
    assertEquals(0, logBytes(s));
  }

  @Test
  void historyStartsANewPageEvery157Rows() {
    TpcbShape shape = new TpcbShape(1, TpcbShape.Mode.SIMPLE_UPDATE, 1, 0);
    PageStream stream = shape.stream(new SplitMix64(1));
    int inits = 0;
    long lastPage = -1;
    for (int t = 0; t < 400; t++) {
      EventBatch b = new EventBatch(64);
      stream.emit(b);
      int h = b.size() - 2;
      assertEquals(PageClasses.HISTORY, EventMeta.pageClass(b.meta[h]));
      assertEquals(t / 157, b.pages[h] & 0xFFFF_FFFFL);
      if (EventMeta.initializes(b.meta[h])) inits++;
      lastPage = b.pages[h];
    }
    assertEquals(3, inits, "rows 0, 157 and 314 start pages");
    assertEquals(2, lastPage & 0xFFFF_FFFFL);
  }

  @Test
  void layoutSizesAndImages() {
    TpcbShape one = new TpcbShape(1, TpcbShape.Mode.TPCB, 0.9, 0);
    assertEquals(1640 + 274 + 1 + 1 + 1 + 1, one.dataPages(), "heap, index (273 leaves and a root), tellers, its index, branches, its index");
    assertEquals(8076, one.imageBytes(PageClasses.HEAP), "61 rows of 128 bytes and their line pointers, and the page header");
    assertEquals(7380, one.imageBytes(PageClasses.INDEX_LEAF));
    assertEquals(24 + 10 * 44, one.imageBytes(PageClasses.TELLERS));
    assertEquals(24 + 36, one.imageBytes(PageClasses.BRANCHES));
    assertEquals(40 + 273 * 20, one.imageBytes(PageClasses.INDEX_ROOT));
    assertEquals(-1, one.imageBytes(PageClasses.OTHER));
    double scale = TpcbShape.scaleFor(4 * 16384);
    long pages = new TpcbShape(scale, TpcbShape.Mode.TPCB, 0.9, 0).dataPages();
    assertTrue(Math.abs(pages - 4 * 16384) < 0.01 * 4 * 16384, "frames x ratio: " + pages);
  }

  @Test
  void theWorkloadSpecCarriesTransactionsAndRefusesBadParameters() {
    Workloads.Workload w = Workloads.parse("tpcb:scale=2,seed=4");
    assertEquals("tpcb:requests=1000000,seed=4,scale=2.0,mode=tpcb,touched=0.0,readOnly=0.0", w.canonical());
    assertTrue(w.open().carries().contains(EventField.TRANSACTIONS));
    assertEquals("tpcb:seed=4,scale=2.0,mode=tpcb,touched=0.0,readOnly=0.0", w.openForPipeline().name());
    assertTrue(!Workloads.parse("zipf:pages=10").open().carries().contains(EventField.TRANSACTIONS));
    assertThrows(IllegalArgumentException.class, () -> Workloads.parse("tpcb:mode=nope,scale=1"));
    assertThrows(IllegalArgumentException.class, () -> Workloads.parse("tpcb:scale=1,frames=10,ratio=2"));
    assertThrows(IllegalArgumentException.class, () -> Workloads.parse("tpcb:frames=10"));
    assertThrows(IllegalArgumentException.class, () -> Workloads.parse("tpcb:scale=1,touched=2"));
  }
}
