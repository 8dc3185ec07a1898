package dev.bufmgr.bench.placement;

import dev.bufmgr.core.buffer.StripePlacement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Descriptor stripes split over a topology's nodes in contiguous blocks: with S stripes and N
 * nodes, stripe s belongs to node (index) {@code s * N / S}, so node n holds stripes {@code
 * ceil(n*S/N)} to {@code ceil((n+1)*S/N) - 1} (4 stripes on 2 nodes: 0-1 on node 0, 2-3 on node
 * 1; 2 stripes on 4 nodes: stripe 0 on node 0, stripe 1 on node 2, nodes 1 and 3 hold none).
 *
 * <ul>
 *   <li>Each stripe is first touched by a thread allowed on its node's CPUs only ({@link
 *       Pinning#pinCurrentThread(int[])}), so the kernel's first-touch rule puts its memory on
 *       that node. The CPU the touch ran on is recorded ({@link #touches()}).
 *   <li>A thread's home stripe is one of its node's ({@link Pinning#currentNode}), the node's
 *       stripes handed out round-robin among that node's threads; a node holding no stripe (fewer
 *       stripes than nodes) gets the stripe {@code floor(n*S/N)}, the last one of an earlier node.
 *       A thread should be pinned before its first victim search, when its hand cursor is made.
 * </ul>
 *
 * <p>One instance per pool: the round-robin counters and the touch records are the instance's.
 */
public final class NodeStripePlacement implements StripePlacement {
  private final Topology topology;
  private final AtomicInteger[] nextOnNode;
  private final Map<Integer, Touch> touches = new ConcurrentHashMap<>();

  /**
   * What a stripe's toucher saw: the node it was placed for, its affinity after pinning and the CPU
   * it ran on just before and just after the touch.
   */
  public record Touch(int stripe, int node, int[] affinity, int cpuBefore, int cpuAfter) {}

  public NodeStripePlacement(Topology topology) {
    this.topology = topology;
    this.nextOnNode = new AtomicInteger[topology.nodes().size()];
    for (int n = 0; n < nextOnNode.length; n++) nextOnNode[n] = new AtomicInteger();
  }

  /** The node index stripe {@code stripe} of {@code stripes} belongs to among {@code nodes}. */
  public static int nodeOfStripe(int stripe, int stripes, int nodes) {
    return (int) ((long) stripe * nodes / stripes);
  }

  /** The first stripe of node {@code node}: {@code ceil(node*S/N)}. */
  public static int firstStripeOf(int node, int stripes, int nodes) {
    return (int) (((long) node * stripes + nodes - 1) / nodes);
  }

  @Override
  public Thread toucher(int stripe, int stripes, Runnable touch) {
    int node = nodeOfStripe(stripe, stripes, topology.nodes().size());
    int[] cpus = topology.nodes().get(node).cpus();
    return Thread.ofPlatform()
        .name("descriptor-stripe-" + stripe + "-node" + node)
        .unstarted(() -> {
          Pinning.pinCurrentThread(cpus);
          int[] affinity = Pinning.currentAffinity();
          int before = Pinning.currentCpu();
          touch.run();
          touches.put(stripe, new Touch(stripe, node, affinity, before, Pinning.currentCpu()));
        });
  }

  @Override
  public int homeStripe(int stripes, int arrival) {
    int nodes = topology.nodes().size();
    int node = Pinning.currentNode(topology);
    int first = firstStripeOf(node, stripes, nodes);
    int end = firstStripeOf(node + 1, stripes, nodes);
    if (first >= end) return (int) ((long) node * stripes / nodes);
    return first + Math.floorMod(nextOnNode[node].getAndIncrement(), end - first);
  }

  /** The touches seen so far, by stripe. */
  public Map<Integer, Touch> touches() {
    return Map.copyOf(touches);
  }

  @Override
  public String toString() {
    return "stripes over " + topology.describe();
  }
}
