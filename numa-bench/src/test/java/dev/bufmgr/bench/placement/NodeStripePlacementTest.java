package dev.bufmgr.bench.placement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.evict.hand.HandCursor;
import dev.bufmgr.core.evict.hand.PartitionedHand;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.PoolConfig;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * With forced node counts 2 and 4 and 4 or 8 stripes on this host: each stripe is first touched on
 * a CPU of its node, and each pinned thread's partitioned-hand home stripe is one of its node's.
 * The stripe-to-node tables are written out by hand from the documented rule (stripe s on node
 * s*N/S).
 */
class NodeStripePlacementTest {
  private static final int FRAMES = 64;

  /** Expected node of each stripe, for (nodes, stripes). */
  private static int[] stripeNodes(int nodes, int stripes) {
    return switch (nodes * 100 + stripes) {
      case 204 -> new int[] {0, 0, 1, 1};
      case 208 -> new int[] {0, 0, 0, 0, 1, 1, 1, 1};
      case 404 -> new int[] {0, 1, 2, 3};
      case 408 -> new int[] {0, 0, 1, 1, 2, 2, 3, 3};
      default -> throw new AssertionError("no table for " + nodes + " nodes, " + stripes + " stripes");
    };
  }

  @Test
  void stripesMapToNodesInContiguousBlocks() {
    for (int nodes : new int[] {2, 4}) {
      for (int stripes : new int[] {4, 8}) {
        int[] expected = stripeNodes(nodes, stripes);
        for (int s = 0; s < stripes; s++) {
          assertEquals(expected[s], NodeStripePlacement.nodeOfStripe(s, stripes, nodes), nodes + "/" + stripes);
        }
      }
    }
    assertEquals(0, NodeStripePlacement.nodeOfStripe(0, 2, 4));
    assertEquals(2, NodeStripePlacement.nodeOfStripe(1, 2, 4));
  }

  @Test
  void eachStripeIsFirstTouchedOnACpuOfItsNode() {
    for (int nodes : new int[] {2, 4}) {
      Topology t = PinningTest.allowedCpus().withNodes(nodes);
      for (int stripes : new int[] {4, 8}) {
        NodeStripePlacement placement = new NodeStripePlacement(t);
        try (Descriptors d = Descriptors.allocate(FRAMES, stripes, Padding.NONE, Sharing.SHARED, false, placement)) {
          Map<Integer, NodeStripePlacement.Touch> touches = placement.touches();
          assertEquals(stripes, touches.size());
          int[] expected = stripeNodes(nodes, stripes);
          for (int s = 0; s < stripes; s++) {
            NodeStripePlacement.Touch touch = touches.get(s);
            int[] nodeCpus = t.nodes().get(expected[s]).cpus();
            System.out.printf("nodes=%d stripes=%d stripe %d: node %d (cpus %s), toucher affinity %s, cpu %d then %d%n",
                nodes, stripes, s, touch.node(), Topology.formatCpuList(nodeCpus),
                Topology.formatCpuList(touch.affinity()), touch.cpuBefore(), touch.cpuAfter());
            assertEquals(expected[s], touch.node());
            assertArrayEquals(nodeCpus, touch.affinity(), "the toucher may run on its node's cpus only");
            assertTrue(Arrays.binarySearch(nodeCpus, touch.cpuBefore()) >= 0, "cpu before the touch");
            assertTrue(Arrays.binarySearch(nodeCpus, touch.cpuAfter()) >= 0, "cpu after the touch");
          }
        }
      }
    }
  }

  @Test
  void packedThreadsSweepAHomeStripeOfTheirNode() throws Exception {
    homeStripesBelongToTheThreadsNodes(PinPolicy.PACKED);
  }

  @Test
  void spreadThreadsSweepAHomeStripeOfTheirNode() throws Exception {
    homeStripesBelongToTheThreadsNodes(PinPolicy.SPREAD);
  }

  /** Unpinned by policy, the node comes from the CPU the thread runs on (here held on one CPU). */
  @Test
  void withoutAPolicyTheNodeOfTheCurrentCpuChoosesTheHomeStripe() throws Exception {
    for (int nodes : new int[] {2, 4}) {
      Topology t = PinningTest.allowedCpus().withNodes(nodes);
      for (int stripes : new int[] {4, 8}) {
        int[] expected = stripeNodes(nodes, stripes);
        NodeStripePlacement placement = new NodeStripePlacement(t);
        try (Descriptors d = Descriptors.allocate(FRAMES, stripes, Padding.NONE, Sharing.SHARED, false, placement)) {
          PartitionedHand hand = new PartitionedHand(d, 1);
          for (int cpu : t.cpus()) {
            int[] seen = PinningTest.onThread(() -> {
              Pinning.pinCurrentThread(PinPolicy.NONE, 0, t);
              Pinning.pinCurrentThread(cpu);
              return new int[] {homeOf(hand, d), Pinning.currentNode(t)};
            });
            System.out.printf("nodes=%d stripes=%d pin=none held on cpu %d: node %d, home stripe %d%n",
                nodes, stripes, cpu, seen[1], seen[0]);
            assertEquals(t.nodeIndexOf(cpu), seen[1], "the first node holding the cpu");
            assertEquals(seen[1], expected[seen[0]], "home stripe " + seen[0] + " on the cpu's node");
          }
        }
      }
    }
  }

  @Test
  void aNodesThreadsTakeItsStripesInTurn() throws Exception {
    Topology t = PinningTest.allowedCpus().withNodes(2);
    NodeStripePlacement placement = new NodeStripePlacement(t);
    int[] homes = PinningTest.onThread(() -> {
      Pinning.pinCurrentThread(PinPolicy.PACKED, 0, t);
      int[] h = new int[5];
      for (int i = 0; i < h.length; i++) h[i] = placement.homeStripe(8, i);
      return h;
    });
    assertArrayEquals(new int[] {0, 1, 2, 3, 0}, homes, "node 0 of 2 holds stripes 0-3 of 8");
  }

  @Test
  void aNodeWithoutStripesBorrowsTheLastStripeOfAnEarlierNode() throws Exception {
    Topology t = PinningTest.allowedCpus().withNodes(4);
    NodeStripePlacement placement = new NodeStripePlacement(t);
    int[] homes = new int[4];
    for (int i = 0; i < 4; i++) {
      int index = i;
      homes[i] = PinningTest.onThread(() -> {
        Pinning.pinCurrentThread(PinPolicy.PACKED, index, t);
        return new int[] {placement.homeStripe(2, 0)};
      })[0];
    }
    assertArrayEquals(new int[] {0, 0, 1, 1}, homes, "2 stripes on 4 nodes: stripe 0 on node 0, stripe 1 on node 2");
  }

  @Test
  void thePoolTakesThePlacementFromItsConfig() {
    Topology t = PinningTest.allowedCpus().withNodes(2);
    NodeStripePlacement placement = new NodeStripePlacement(t);
    PoolConfig config = PoolConfig.builder().frames(FRAMES).stripes(4).placement(placement)
        .selector("gclock:hand=partitioned").build();
    try (BufferPool pool = new BufferPool(config)) {
      assertEquals(4, placement.touches().size(), "every stripe touched by the placement's threads");
    }
  }

  private static void homeStripesBelongToTheThreadsNodes(PinPolicy policy) throws Exception {
    for (int nodes : new int[] {2, 4}) {
      Topology t = PinningTest.allowedCpus().withNodes(nodes);
      for (int stripes : new int[] {4, 8}) {
        int[] expected = stripeNodes(nodes, stripes);
        NodeStripePlacement placement = new NodeStripePlacement(t);
        try (Descriptors d = Descriptors.allocate(FRAMES, stripes, Padding.NONE, Sharing.SHARED, false, placement)) {
          PartitionedHand hand = new PartitionedHand(d, 1);
          for (int i = 0; i < Pinning.slotCount(policy, t); i++) {
            int index = i;
            int home = PinningTest.onThread(() -> {
              Pinning.pinCurrentThread(policy, index, t);
              return new int[] {homeOf(hand, d)};
            })[0];
            int node = Pinning.nodeFor(policy, i, t);
            System.out.printf("nodes=%d stripes=%d pin=%s thread %d: cpu %d node %d, home stripe %d (node %d)%n",
                nodes, stripes, policy.label(), i, Pinning.cpuFor(policy, i, t), node, home, expected[home]);
            assertEquals(node, expected[home], "thread " + i + "'s home stripe " + home + " is on its node");
          }
        }
      }
    }
  }

  /** The stripe of the first buffer a new search of the calling thread's cursor looks at: its home. */
  private static int homeOf(PartitionedHand hand, Descriptors d) {
    HandCursor c = hand.cursor();
    c.beginSearch();
    return d.stripeOf(c.next());
  }
}
