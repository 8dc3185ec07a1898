package dev.bufmgr.bench.placement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Where each policy puts thread i (hand-worked tables on fixed topologies), and pinning on this
 * host read back with {@code sched_getaffinity} under each policy and forced node counts 1, 2, 4.
 */
class PinningTest {
  private static final Topology TWO_CPUS = new Topology(2, List.of(new Topology.Node(0, "0-1", 2)));
  private static final Topology EIGHT_CPUS = new Topology(8, List.of(new Topology.Node(0, "0-7", 8)));

  @Test
  void parsesPolicyNamesAndRefusesOthersInOneLine() {
    assertEquals(PinPolicy.PACKED, PinPolicy.parse("packed"));
    assertEquals(PinPolicy.SPREAD, PinPolicy.parse("SPREAD"));
    assertEquals(PinPolicy.NONE, PinPolicy.parse(" none "));
    var e = assertThrows(IllegalArgumentException.class, () -> PinPolicy.parse("scatter"));
    assertEquals("pin policy 'scatter' is not one of none, packed, spread", e.getMessage());
  }

  @Test
  void packedFillsANodeFirstAndSpreadGoesRoundTheNodes() {
    Topology twoNodes = EIGHT_CPUS.withNodes(2); // node0 0-3, node1 4-7
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, cpus(PinPolicy.PACKED, twoNodes, 8));
    assertArrayEquals(new int[] {0, 0, 0, 0, 1, 1, 1, 1}, nodes(PinPolicy.PACKED, twoNodes, 8));
    assertArrayEquals(new int[] {0, 4, 1, 5, 2, 6, 3, 7}, cpus(PinPolicy.SPREAD, twoNodes, 8));
    assertArrayEquals(new int[] {0, 1, 0, 1, 0, 1, 0, 1}, nodes(PinPolicy.SPREAD, twoNodes, 8));
  }

  @Test
  void spreadSkipsANodeWithNoCpuLeft() {
    Topology uneven = new Topology(4, List.of(new Topology.Node(0, "0-2", 3), new Topology.Node(1, "3", 1)));
    assertArrayEquals(new int[] {0, 3, 1, 2}, cpus(PinPolicy.SPREAD, uneven, 4));
    assertArrayEquals(new int[] {0, 1, 0, 0}, nodes(PinPolicy.SPREAD, uneven, 4));
  }

  @Test
  void forcedNodeCountsOnTwoCpusMapAsDocumented() {
    for (PinPolicy p : List.of(PinPolicy.PACKED, PinPolicy.SPREAD)) {
      assertArrayEquals(new int[] {0, 1}, cpus(p, TWO_CPUS.withNodes(1), 2), p.label());
      assertArrayEquals(new int[] {0, 0}, nodes(p, TWO_CPUS.withNodes(1), 2), p.label());
      assertArrayEquals(new int[] {0, 1}, cpus(p, TWO_CPUS.withNodes(2), 2), p.label());
      assertArrayEquals(new int[] {0, 1}, nodes(p, TWO_CPUS.withNodes(2), 2), p.label());
      assertArrayEquals(new int[] {0, 0, 1, 1}, cpus(p, TWO_CPUS.withNodes(4), 4), p.label());
      assertArrayEquals(new int[] {0, 1, 2, 3}, nodes(p, TWO_CPUS.withNodes(4), 4), p.label());
    }
  }

  @Test
  void noneNeitherPicksACpuNorLimitsTheThreads() {
    assertEquals(-1, Pinning.cpuFor(PinPolicy.NONE, 1000, TWO_CPUS));
    assertEquals(-1, Pinning.nodeFor(PinPolicy.NONE, 1000, TWO_CPUS));
    Pinning.checkFits(PinPolicy.NONE, 1000, TWO_CPUS);
  }

  @Test
  void refusesMoreThreadsThanCpusInOneLine() {
    var e = assertThrows(IllegalArgumentException.class, () -> Pinning.cpuFor(PinPolicy.PACKED, 2, TWO_CPUS));
    assertEquals("pin=packed: 3 threads need 3 CPUs, but there are 2 on 2 cores, 1 NUMA node (node0: 0-1)", e.getMessage());
    var fits = assertThrows(IllegalArgumentException.class, () -> Pinning.checkFits(PinPolicy.SPREAD, 3, TWO_CPUS));
    assertFalse(fits.getMessage().contains("\n"));
    Pinning.checkFits(PinPolicy.SPREAD, 2, TWO_CPUS);
    assertThrows(IllegalArgumentException.class, () -> Pinning.cpuFor(PinPolicy.PACKED, -1, TWO_CPUS));
  }

  @Test
  void pinnedThreadsReadBackTheirAffinityUnderEveryPolicyAndForcedNodeCount() throws Exception {
    assertTrue(Pinning.isSupported(), "this test runs on Linux");
    Topology host = allowedCpus();
    for (int nodes : new int[] {1, 2, 4}) {
      Topology t = host.withNodes(nodes);
      for (PinPolicy p : List.of(PinPolicy.PACKED, PinPolicy.SPREAD)) {
        for (int i = 0; i < Pinning.slotCount(p, t); i++) {
          int index = i;
          int[] seen = onThread(() -> {
            int cpu = Pinning.pinCurrentThread(p, index, t);
            int[] mask = Pinning.currentAffinity();
            int now = Pinning.currentCpu();
            return concat(new int[] {cpu, now, Pinning.currentNode(t)}, mask);
          });
          int expectedCpu = Pinning.cpuFor(p, i, t);
          int[] mask = Arrays.copyOfRange(seen, 3, seen.length);
          System.out.printf("nodes=%d pin=%s thread %d: cpu %d node %d, sched_getaffinity %s, sched_getcpu %d%n",
              nodes, p.label(), i, seen[0], seen[2], Topology.formatCpuList(mask), seen[1]);
          assertEquals(expectedCpu, seen[0]);
          assertArrayEquals(new int[] {expectedCpu}, mask, "affinity read back, " + p.label() + " thread " + i);
          assertEquals(expectedCpu, seen[1], "sched_getcpu within the one-cpu mask");
          assertEquals(Pinning.nodeFor(p, i, t), seen[2], "the node the thread was placed on");
        }
      }
    }
  }

  @Test
  void noneLeavesTheAffinityAsItWas() throws Exception {
    int[] before = Pinning.currentAffinity();
    int[] seen = onThread(() -> {
      int[] inherited = Pinning.currentAffinity();
      int cpu = Pinning.pinCurrentThread(PinPolicy.NONE, 0, allowedCpus());
      return concat(new int[] {cpu, Pinning.currentCpu()}, concat(inherited, Pinning.currentAffinity()));
    });
    assertEquals(-1, seen[0]);
    int half = (seen.length - 2) / 2;
    int[] inherited = Arrays.copyOfRange(seen, 2, 2 + half);
    assertArrayEquals(inherited, Arrays.copyOfRange(seen, 2 + half, seen.length));
    assertArrayEquals(before, inherited);
    assertTrue(Arrays.binarySearch(inherited, seen[1]) >= 0, "sched_getcpu within the mask");
  }

  @Test
  void aThreadMayBeAllowedSeveralCpus() throws Exception {
    int[] allowed = Pinning.currentAffinity();
    int[] seen = onThread(() -> {
      Pinning.pinCurrentThread(allowed);
      return concat(new int[] {Pinning.currentCpu()}, Pinning.currentAffinity());
    });
    assertArrayEquals(allowed, Arrays.copyOfRange(seen, 1, seen.length));
    assertTrue(Arrays.binarySearch(allowed, seen[0]) >= 0);
  }

  @Test
  void theKernelsRefusalNamesTheCpuAndErrno() throws Exception {
    int[] allowed = Pinning.currentAffinity();
    int absent = allowed[allowed.length - 1] + 1;
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread t = Thread.ofPlatform().start(() -> {
      try {
        Pinning.pinCurrentThread(absent);
      } catch (Throwable e) {
        failure.set(e);
      }
    });
    t.join();
    assertTrue(failure.get() instanceof IllegalStateException, String.valueOf(failure.get()));
    assertEquals("sched_setaffinity to cpus " + absent + " failed: errno 22 (no such cpu allowed to this process)",
        failure.get().getMessage());
  }

  @Test
  void refusesToPinAVirtualThread() throws Exception {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread.ofVirtual().start(() -> {
      try {
        Pinning.pinCurrentThread(0);
      } catch (Throwable e) {
        failure.set(e);
      }
    }).join();
    assertTrue(failure.get() instanceof IllegalStateException, String.valueOf(failure.get()));
  }

  /** This host as one node of the CPUs this process may use (so that pinning to each is allowed). */
  static Topology allowedCpus() {
    int[] cpus = Pinning.currentAffinity();
    return new Topology(cpus.length, List.of(new Topology.Node(0, Topology.formatCpuList(cpus), cpus.length)));
  }

  /** Runs {@code body} on a new platform thread (pinning must not leak into the test's thread). */
  static int[] onThread(Supplier<int[]> body) throws InterruptedException {
    AtomicReference<int[]> result = new AtomicReference<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread t = Thread.ofPlatform().start(() -> {
      try {
        result.set(body.get());
      } catch (Throwable e) {
        failure.set(e);
      }
    });
    t.join();
    if (failure.get() != null) throw new AssertionError(failure.get());
    return result.get();
  }

  private static int[] concat(int[] a, int[] b) {
    int[] r = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  private static int[] cpus(PinPolicy p, Topology t, int threads) {
    List<Integer> r = new ArrayList<>();
    for (int i = 0; i < threads; i++) r.add(Pinning.cpuFor(p, i, t));
    assertEquals(threads, Pinning.slotCount(p, t), "slots");
    return r.stream().mapToInt(Integer::intValue).toArray();
  }

  private static int[] nodes(PinPolicy p, Topology t, int threads) {
    int[] r = new int[threads];
    for (int i = 0; i < threads; i++) r[i] = Pinning.nodeFor(p, i, t);
    return r;
  }
}
