package dev.bufmgr.bench.placement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The host's processors as a benchmark run should report them: the cores the JVM may use and the
 * NUMA nodes Linux lists under {@code /sys/devices/system/node} (node directories with their
 * {@code cpulist}). A host without that directory counts as one node holding every core.
 *
 * <p>A <em>forced</em> topology ({@link #forced(int)}, {@link #withNodes(int)}) replaces the nodes
 * by N logical ones so that a one-node machine exercises every multi-node code path. A node's
 * <em>index</em> is its position in {@link #nodes()} (ids may have gaps on a real host; a forced
 * topology numbers its nodes 0..N-1, so there index and id agree).
 *
 * @param cores processors available to the JVM
 * @param nodes the NUMA nodes, by number
 * @param forced whether the nodes are logical ones of {@link #withNodes(int)}, not the host's
 */
public record Topology(int cores, List<Node> nodes, boolean forced) {

  /** The largest logical node count {@link #withNodes(int)} accepts (Linux's MAX_NUMNODES). */
  public static final int MAX_NODES = 1024;

  /** The sysfs directory Linux lists NUMA nodes in. */
  public static final Path SYSFS_NODES = Path.of("/sys/devices/system/node");

  private static final Pattern NODE_DIR = Pattern.compile("node(\\d+)");

  public Topology {
    nodes = List.copyOf(nodes);
    if (nodes.isEmpty()) throw new IllegalArgumentException("a topology needs at least one node");
  }

  /** The host's own nodes (not forced). */
  public Topology(int cores, List<Node> nodes) {
    this(cores, nodes, false);
  }

  /** One NUMA node: its number and the CPUs Linux assigns it. */
  public record Node(int id, String cpuList, int cpuCount) {

    /** A node holding exactly {@code cpus}, which must be ascending. */
    static Node of(int id, int[] cpus) {
      return new Node(id, formatCpuList(cpus), cpus.length);
    }

    /** This node's CPU numbers, ascending. */
    public int[] cpus() {
      return parseCpuList(cpuList);
    }

    /** Whether {@code cpu} is one of this node's. */
    public boolean holds(int cpu) {
      return Arrays.binarySearch(cpus(), cpu) >= 0;
    }
  }

  /** Detects this host's topology. */
  public static Topology detect() {
    return detect(Runtime.getRuntime().availableProcessors(), SYSFS_NODES);
  }

  /**
   * Reads the nodes under {@code sysfsNodes}; when the directory is absent or unreadable, one node
   * holding all {@code cores}.
   */
  public static Topology detect(int cores, Path sysfsNodes) {
    List<Node> nodes = new ArrayList<>();
    if (Files.isDirectory(sysfsNodes)) {
      try (Stream<Path> entries = Files.list(sysfsNodes)) {
        for (Path p : entries.sorted().toList()) {
          var m = NODE_DIR.matcher(p.getFileName().toString());
          if (!m.matches()) continue;
          Path cpuListFile = p.resolve("cpulist");
          String cpuList = Files.isReadable(cpuListFile) ? Files.readString(cpuListFile).trim() : "";
          nodes.add(new Node(Integer.parseInt(m.group(1)), cpuList, countCpus(cpuList)));
        }
      } catch (IOException | RuntimeException e) {
        nodes.clear();
      }
    }
    nodes.sort((a, b) -> Integer.compare(a.id(), b.id()));
    if (nodes.isEmpty()) nodes.add(new Node(0, cores == 1 ? "0" : "0-" + (cores - 1), cores));
    return new Topology(cores, nodes);
  }

  /**
   * The host's topology with its nodes replaced by {@code nodes} logical ones: {@code
   * detect().withNodes(nodes)}.
   */
  public static Topology forced(int nodes) {
    return detect().withNodes(nodes);
  }

  /**
   * This topology's CPUs split over {@code nodes} logical nodes in contiguous blocks, as Linux
   * numbers sub-NUMA-clustering nodes: with the C CPUs of {@link #cpus()} in ascending order, node
   * k holds those at positions {@code k*C/nodes} up to {@code (k+1)*C/nodes - 1}. With more nodes
   * than CPUs each node holds the one CPU at position {@code k*C/nodes}, so neighbouring logical
   * nodes share a CPU (4 nodes on CPUs 0-1: {0}, {0}, {1}, {1}). The result is {@link #forced()}.
   *
   * @throws IllegalArgumentException for fewer than 1 or more than {@link #MAX_NODES} nodes
   */
  public Topology withNodes(int nodes) {
    if (nodes < 1 || nodes > MAX_NODES) {
      throw new IllegalArgumentException("nodes=" + nodes + ": must be 1 to " + MAX_NODES);
    }
    int[] all = cpus();
    int c = all.length;
    List<Node> logical = new ArrayList<>(nodes);
    for (int k = 0; k < nodes; k++) {
      int lo = (int) ((long) k * c / nodes);
      int hi = Math.max(lo + 1, (int) ((long) (k + 1) * c / nodes));
      logical.add(Node.of(k, Arrays.copyOfRange(all, lo, hi)));
    }
    return new Topology(cores, logical, true);
  }

  /** Every CPU of every node, once each, ascending. */
  public int[] cpus() {
    TreeSet<Integer> all = new TreeSet<>();
    for (Node n : nodes) for (int cpu : n.cpus()) all.add(cpu);
    return all.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * The index of the first node holding {@code cpu} (on a real host the only one), or -1 when none
   * does.
   */
  public int nodeIndexOf(int cpu) {
    for (int i = 0; i < nodes.size(); i++) if (nodes.get(i).holds(cpu)) return i;
    return -1;
  }

  /**
   * Counts the CPUs in a Linux cpu list such as {@code 0-3,8-11,16}; an empty list counts none.
   *
   * @throws IllegalArgumentException for text that is not a cpu list
   */
  public static int countCpus(String cpuList) {
    return parseCpuList(cpuList).length;
  }

  /**
   * The CPU numbers of a Linux cpu list such as {@code 0-3,8-11,16}, ascending and each once; an
   * empty list has none.
   *
   * @throws IllegalArgumentException for text that is not a cpu list
   */
  public static int[] parseCpuList(String cpuList) {
    String t = cpuList.trim();
    if (t.isEmpty()) return new int[0];
    TreeSet<Integer> cpus = new TreeSet<>();
    for (String part : t.split(",")) {
      String range = part.trim();
      int dash = range.indexOf('-');
      try {
        int lo = Integer.parseInt(dash < 0 ? range : range.substring(0, dash));
        int hi = dash < 0 ? lo : Integer.parseInt(range.substring(dash + 1));
        if (lo < 0) throw new IllegalArgumentException("cpu list '" + cpuList + "': '" + range + "' is negative");
        if (hi < lo) throw new IllegalArgumentException("cpu list '" + cpuList + "': range " + range + " runs backwards");
        for (int cpu = lo; cpu <= hi; cpu++) cpus.add(cpu);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("cpu list '" + cpuList + "': '" + range + "' is not a cpu or a range", e);
      }
    }
    return cpus.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The Linux cpu list of ascending, distinct {@code cpus}, e.g. {@code 0-3,8}; empty for none. */
  public static String formatCpuList(int[] cpus) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < cpus.length; ) {
      int j = i;
      while (j + 1 < cpus.length && cpus[j + 1] == cpus[j] + 1) j++;
      if (sb.length() > 0) sb.append(',');
      sb.append(cpus[i]);
      if (j > i) sb.append('-').append(cpus[j]);
      i = j + 1;
    }
    return sb.toString();
  }

  /**
   * One line for the run's header, e.g. {@code 2 cores, 1 NUMA node (node0: 0-1)}, or for a forced
   * topology {@code 2 cores, 2 NUMA nodes forced (node0: 0; node1: 1)}.
   */
  public String describe() {
    StringBuilder sb = new StringBuilder();
    sb.append(cores).append(cores == 1 ? " core, " : " cores, ");
    sb.append(nodes.size()).append(nodes.size() == 1 ? " NUMA node" : " NUMA nodes");
    sb.append(forced ? " forced (" : " (");
    for (int i = 0; i < nodes.size(); i++) {
      Node n = nodes.get(i);
      if (i > 0) sb.append("; ");
      sb.append("node").append(n.id()).append(": ").append(n.cpuList().isEmpty() ? "no cpus" : n.cpuList());
    }
    return sb.append(')').toString();
  }
}
