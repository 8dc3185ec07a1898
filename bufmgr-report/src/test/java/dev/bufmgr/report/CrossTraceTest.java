package dev.bufmgr.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The report's numbers on {@link HandRows}, every expected value worked out by hand. */
class CrossTraceTest {
  private static final double EPS = 1e-12;
  private final CrossTrace ct = CrossTrace.of(HandRows.rows(), "fifo", Set.of("opt"));

  @Test
  void sizesInOrderAndContendersWithoutTheBound() {
    assertEquals(List.of("0.01", "0.1"), ct.sizes());
    assertEquals(List.of("fifo", "lru", "s3fifo"), ct.contenders());
    assertEquals(List.of("fifo", "lru", "s3fifo", "opt"), ct.policies());
  }

  @Test
  void reductionsPerTrace() {
    Map<String, Map<String, Double>> r = ct.reductions("0.1");
    // lru: A (0.5-0.4)/0.5, B (0.4-0.3)/0.4, C (0.2-0.25)/0.2; D has a zero baseline, E no lru row.
    assertEquals(Set.of("A", "B", "C"), r.get("lru").keySet());
    assertEquals(0.2, r.get("lru").get("A"), EPS);
    assertEquals(0.25, r.get("lru").get("B"), EPS);
    assertEquals(-0.25, r.get("lru").get("C"), EPS);
    assertEquals(Set.of("A", "B", "C", "E"), r.get("s3fifo").keySet());
    assertEquals(0.25, r.get("s3fifo").get("E"), EPS);
  }

  @Test
  void percentilesAreNumpyLinear() {
    // lru over [-0.25, 0.2, 0.25]: position h = 2p; P10 at 0.2: -0.25 + 0.2 * 0.45.
    CrossTrace.Distribution lru = ct.distribution("0.1", "lru");
    assertEquals(3, lru.traces());
    assertEquals(-0.16, lru.p10(), EPS);
    assertEquals(-0.025, lru.p25(), EPS);
    assertEquals(0.2, lru.median(), EPS);
    assertEquals(0.2 / 3, lru.mean(), EPS);
    assertEquals(0.225, lru.p75(), EPS);
    assertEquals(0.24, lru.p90(), EPS);
    // s3fifo over [0.25, 0.25, 0.4, 0.5]: h = 3p.
    CrossTrace.Distribution s3 = ct.distribution("0.1", "s3fifo");
    assertEquals(4, s3.traces());
    assertEquals(0.25, s3.p10(), EPS);
    assertEquals(0.25, s3.p25(), EPS);
    assertEquals(0.325, s3.median(), EPS);
    assertEquals(0.35, s3.mean(), EPS);
    assertEquals(0.425, s3.p75(), EPS);
    assertEquals(0.47, s3.p90(), EPS);
    // The bound keeps its reduction: opt over [0.375, 0.6, 0.75, 0.75].
    CrossTrace.Distribution opt = ct.distribution("0.1", "opt");
    assertEquals(0.4425, opt.p10(), EPS);
    assertEquals(0.54375, opt.p25(), EPS);
    assertEquals(0.675, opt.median(), EPS);
    assertEquals(0.61875, opt.mean(), EPS);
    assertEquals(0.75, opt.p90(), EPS);
    assertNull(ct.distribution("0.1", "fifo"), "no reduction of the baseline from itself");
    // At 0.01: lru over A 0 and G 0.5; s3fifo over A 0.1/0.9 and G 0.
    assertEquals(0.25, ct.distribution("0.01", "lru").mean(), EPS);
    assertEquals(0.05, ct.distribution("0.01", "lru").p10(), EPS);
    assertEquals(0.1 / 0.9 / 2, ct.distribution("0.01", "s3fifo").mean(), EPS);
  }

  @Test
  void datasetMeans() {
    assertEquals(0.225, mean("0.1", "d1", "lru"), EPS);
    assertEquals(0.325, mean("0.1", "d1", "s3fifo"), EPS);
    assertEquals(-0.25, mean("0.1", "d2", "lru"), EPS);
    assertEquals(0.375, mean("0.1", "d2", "s3fifo"), EPS);
    assertEquals(0.5625, mean("0.1", "d2", "opt"), EPS);
  }

  @Test
  void winFractionsShareTies() {
    // 0.1: A, B, C, D have every contender (E lacks lru). A s3fifo; B lru and s3fifo; C s3fifo; D all three.
    assertWin("0.1", "fifo", 4, (1 / 3.0) / 4, 0, 1);
    assertWin("0.1", "lru", 4, (0.5 + 1 / 3.0) / 4, 0, 2);
    assertWin("0.1", "s3fifo", 4, (1 + 0.5 + 1 + 1 / 3.0) / 4, 2, 2);
    // 0.01: A s3fifo (0.8), G lru (0.25 against s3fifo's and fifo's 0.5).
    assertWin("0.01", "fifo", 2, 0, 0, 0);
    assertWin("0.01", "lru", 2, 0.5, 1, 0);
    assertWin("0.01", "s3fifo", 2, 0.5, 1, 0);
  }

  @Test
  void pairwiseCounts() {
    assertPair("0.1", "s3fifo", "lru", 2, 0, 2, 4);
    assertPair("0.1", "lru", "s3fifo", 0, 2, 2, 4);
    assertPair("0.1", "s3fifo", "fifo", 4, 0, 1, 5);
    assertPair("0.1", "lru", "fifo", 2, 1, 1, 4);
    assertTrue(ct.pairwise().stream().noneMatch(p -> p.policy().equals("opt") || p.versus().equals("opt")));
  }

  @Test
  void exclusionsNamed() {
    List<Exclusion> x = ct.exclusions();
    assertTrue(x.contains(new Exclusion("F", null, null, Exclusion.Kind.FAILED, "F line 3: not a number")), x.toString());
    assertTrue(x.contains(new Exclusion("G", "0.1", null, Exclusion.Kind.SKIPPED, "8 frames")), x.toString());
    assertTrue(x.contains(new Exclusion("D", "0.1", null, Exclusion.Kind.ZERO_BASELINE, null)), x.toString());
    assertTrue(x.contains(new Exclusion("E", "0.1", "lru", Exclusion.Kind.NO_POLICY, null)), x.toString());
    assertTrue(x.contains(new Exclusion("B", "0.01", null, Exclusion.Kind.NO_ROWS, null)), x.toString());
    // F failed; B, C, D, E have no row at 0.01; D, E, G at 0.1.
    assertEquals(1 + 4 + 3, x.size(), x.toString());
  }

  @Test
  void baselineWithoutRowsRefused() {
    assertThrows(IllegalArgumentException.class, () -> CrossTrace.of(HandRows.rows(), "arc", Set.of()));
  }

  private double mean(String size, String dataset, String policy) {
    return ct.datasetMeans().stream().filter(m -> m.size().equals(size) && m.dataset().equals(dataset) && m.policy().equals(policy))
        .findFirst().orElseThrow().mean();
  }

  private void assertWin(String size, String policy, int traces, double share, int outright, int tied) {
    CrossTrace.WinShare w = ct.wins().stream().filter(s -> s.size().equals(size) && s.policy().equals(policy)).findFirst().orElseThrow();
    assertEquals(traces, w.traces(), policy);
    assertEquals(share, w.share(), EPS, policy);
    assertEquals(outright, w.outright(), policy);
    assertEquals(tied, w.tied(), policy);
  }

  private void assertPair(String size, String a, String b, int wins, int losses, int ties, int traces) {
    CrossTrace.Pairwise p = ct.pairwise().stream().filter(q -> q.size().equals(size) && q.policy().equals(a) && q.versus().equals(b))
        .findFirst().orElseThrow();
    assertEquals(List.of(wins, losses, ties, traces), List.of(p.wins(), p.losses(), p.ties(), p.traces()), a + " vs " + b);
  }
}
