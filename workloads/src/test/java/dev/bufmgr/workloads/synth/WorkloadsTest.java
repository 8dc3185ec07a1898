package dev.bufmgr.workloads.synth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.workloads.event.EventTrace;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WorkloadsTest {

  private static EventTrace load(String spec) {
    return EventTrace.load(Workloads.parse(spec).open());
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "uniform:pages=1000,requests=5000,seed=3",
    "zipf:pages=1000,theta=0.9,requests=5000,seed=3,writes=0.2",
    "hotset:pages=1000,requests=5000,seed=3",
    "pgbench-select:accounts=5000,requests=5001,seed=3",
    "mix:requests=5000,seed=3,streams=0.7*zipf(pages=100;theta=0.5)+0.3*scan(pages=50)"
  })
  void sameSpecSameEventsAndExactCount(String spec) {
    EventTrace a = load(spec);
    EventTrace b = load(spec);
    long requests = Workloads.parse(spec).requests();
    assertEquals(requests, a.size());
    assertArrayEquals(Arrays.copyOf(a.pages(), a.size()), Arrays.copyOf(b.pages(), b.size()));
    EventTrace c = load(spec.replace("seed=3", "seed=4"));
    assertFalse(Arrays.equals(Arrays.copyOf(a.pages(), a.size()), Arrays.copyOf(c.pages(), c.size())));
  }

  @Test
  void zipfHeadFrequenciesFollowTheDistribution() {
    int n = 1000;
    double theta = 0.99;
    int requests = 400_000;
    EventTrace t = load("zipf:pages=" + n + ",theta=" + theta + ",scramble=false,requests=" + requests + ",seed=11");
    int[] counts = new int[n];
    for (int i = 0; i < t.size(); i++) counts[(int) t.pages()[i]]++;
    double zeta = 0;
    for (int i = 1; i <= n; i++) zeta += Math.pow(i, -theta);
    // Gray et al. give ranks 0 and 1 their exact Zipf probabilities.
    assertEquals(1 / zeta, counts[0] / (double) requests, 0.005);
    assertEquals(Math.pow(2, -theta) / zeta, counts[1] / (double) requests, 0.005);
    assertTrue(counts[2] > counts[50] && counts[50] > counts[900]);
  }

  @Test
  void scrambledZipfStaysInsideThePageSpaceAndMovesTheHottestPage() {
    EventTrace t = load("zipf:pages=500,requests=20000,seed=5");
    int[] counts = new int[500];
    for (int i = 0; i < t.size(); i++) counts[(int) t.pages()[i]]++;
    int hottest = 0;
    for (int p = 1; p < 500; p++) if (counts[p] > counts[hottest]) hottest = p;
    assertTrue(counts[hottest] > 0.05 * t.size());
    assertTrue(hottest != 0, "scrambled ranks should not leave rank 0 on page 0 (seeded: it does not)");
  }

  @Test
  void hotSetSendsTheRightShareToHotPages() {
    EventTrace t = load("hotset:pages=1000,hotPages=0.1,hotAccesses=0.9,requests=100000,seed=2");
    int hot = 0;
    for (int i = 0; i < t.size(); i++) if (t.pages()[i] < 100) hot++;
    assertEquals(0.9, hot / (double) t.size(), 0.01);
  }

  @Test
  void scanIsSequentialThroughTheBulkreadRing() {
    EventTrace t = load("scan:pages=3,requests=7");
    assertArrayEquals(new long[] {0, 1, 2, 0, 1, 2, 0}, Arrays.copyOf(t.pages(), 7));
    assertEquals(AccessStrategy.BULKREAD, EventMeta.strategy(t.meta(0)));
    assertEquals(AccessStrategy.NORMAL, EventMeta.strategy(load("loop:pages=3,requests=2").meta(0)));
  }

  @Test
  void pgbenchLookupDescendsRootLeafThenHeap() {
    // 1000 rows: ceil(1000/367) = 3 leaves under the root; row 400 is in leaf 1 (block 1 + 1)
    // and on heap page 400 / 61 = 6.
    PgbenchSelectShape shape = new PgbenchSelectShape(1000);
    assertEquals(4, shape.indexPages());
    assertEquals(17, shape.heapPages());
    var batch = new dev.bufmgr.core.event.EventBatch(8);
    shape.lookup(400, batch);
    assertArrayEquals(new long[] {1L << 32, (1L << 32) | 2, (2L << 32) | 6}, Arrays.copyOf(batch.pages, batch.size()));
    assertEquals(PageClasses.INDEX_ROOT, EventMeta.pageClass(batch.meta[0]));
    assertEquals(PageClasses.INDEX_LEAF, EventMeta.pageClass(batch.meta[1]));
    assertEquals(PageClasses.HEAP, EventMeta.pageClass(batch.meta[2]));
  }

  @Test
  void pgbenchScaleOneHasAnInnerLevelAndPostgresSizes() {
    // Scale 1: 100000 rows, 273 leaves, one root: 274 index pages; 1640 heap pages.
    PgbenchSelectShape s1 = new PgbenchSelectShape(100_000);
    assertEquals(274, s1.indexPages());
    assertEquals(1640, s1.heapPages());
    assertEquals(3, s1.requestsPerLookup());
    assertEquals(4, new PgbenchSelectShape(200_000).requestsPerLookup());
  }

  @Test
  void pgbenchSizedByFramesFitsTheIndexNotTheHeap() {
    // 1000 frames, half for the index: 497 leaves + 2 inner + 1 root = 500 pages holds
    // 497 * 367 = 182399 rows; one more row needs a 498th leaf.
    assertEquals(182_399, PgbenchSelectShape.accountsFor(1000, 0.5));
    PgbenchSelectShape s = new PgbenchSelectShape(182_399);
    assertTrue(s.indexPages() <= 1000 && s.heapPages() > 1000);
  }

  @Test
  void mixKeepsStreamsApartAndWeighted() {
    EventTrace t = load("mix:requests=50000,seed=9,streams=3*uniform(pages=10)+1*scan(pages=20)");
    int second = 0;
    for (int i = 0; i < t.size(); i++) {
      long p = t.pages()[i];
      if ((p >>> 48) == 1) {
        second++;
        assertEquals(AccessStrategy.BULKREAD, EventMeta.strategy(t.meta(i)));
      } else {
        assertTrue(p < 10);
      }
    }
    assertEquals(0.25, second / (double) t.size(), 0.01);
  }

  @Test
  void badSpecsAreRefusedByName() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Workloads.parse("zipf:pages=10,thta=0.5"))
        .getMessage().contains("thta"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Workloads.parse("zipfy:pages=10"))
        .getMessage().contains("zipfy"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Workloads.parse("zipf:pages=10,theta=1"))
        .getMessage().contains("theta"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Workloads.parse("uniform:pages=x"))
        .getMessage().contains("pages=x"));
    assertThrows(IllegalArgumentException.class, () -> Workloads.parse("uniform"));
    assertEquals("workload 'zipf:pages=10,thta=0.5': unknown parameter 'thta' for zipf "
            + "(known: requests, seed, pages, theta, scramble, writes)",
        assertThrows(IllegalArgumentException.class, () -> Workloads.parse("zipf:pages=10,thta=0.5")).getMessage());
    assertEquals("workload 'uniform': missing parameter 'pages' (an integer in [2, 1099511627776])",
        assertThrows(IllegalArgumentException.class, () -> Workloads.parse("uniform")).getMessage());
    assertEquals("mix stream 'zipf:pages=10,seed=2': unknown parameter 'seed' for zipf (known: pages, theta, scramble, writes)",
        assertThrows(IllegalArgumentException.class, () -> Workloads.parse("mix:streams=1*zipf(pages=10;seed=2)"))
            .getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Workloads.parse("pgbench-select:scale=1,indexShare=0.3"))
        .getMessage().contains("indexShare goes with frames"));
  }

  @Test
  void canonicalSpecEchoesDefaults() {
    assertEquals("zipf:requests=1000,seed=1,pages=100,theta=0.99,scramble=true,writes=0.0",
        Workloads.parse("zipf:pages=100,requests=1000").canonical());
    assertEquals("pgbench-select:requests=5,seed=1,frames=1000,indexShare=0.5",
        Workloads.parse("pgbench-select:frames=1000,requests=5").canonical());
    assertEquals("tpcb:requests=5,seed=2,scale=1.0,mode=simple-update,touched=0.0,readOnly=0.0",
        Workloads.parse("tpcb:mode=simple-update,scale=1,seed=2,requests=5").canonical());
  }
}
