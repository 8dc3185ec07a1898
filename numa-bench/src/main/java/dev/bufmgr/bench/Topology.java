package dev.bufmgr.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The host's processors as a benchmark run should report them: the cores the JVM may use and the
 * NUMA nodes Linux lists under {@code /sys/devices/system/node} (node directories with their
 * {@code cpulist}). A host without that directory counts as one node holding every core.
 *
 * @param cores processors available to the JVM
 * @param nodes the NUMA nodes, by number
 */
public record Topology(int cores, List<Node> nodes) {

  /** The sysfs directory Linux lists NUMA nodes in. */
  public static final Path SYSFS_NODES = Path.of("/sys/devices/system/node");

  private static final Pattern NODE_DIR = Pattern.compile("node(\\d+)");

  public Topology {
    nodes = List.copyOf(nodes);
  }

  /** One NUMA node: its number and the CPUs Linux assigns it. */
  public record Node(int id, String cpuList, int cpuCount) {}

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
   * Counts the CPUs in a Linux cpu list such as {@code 0-3,8-11,16}; an empty list counts none.
   *
   * @throws IllegalArgumentException for text that is not a cpu list
   */
  public static int countCpus(String cpuList) {
    String t = cpuList.trim();
    if (t.isEmpty()) return 0;
    int count = 0;
    for (String part : t.split(",")) {
      String range = part.trim();
      int dash = range.indexOf('-');
      try {
        if (dash < 0) {
          Integer.parseInt(range);
          count++;
        } else {
          int lo = Integer.parseInt(range.substring(0, dash));
          int hi = Integer.parseInt(range.substring(dash + 1));
          if (hi < lo) throw new IllegalArgumentException("cpu list '" + cpuList + "': range " + range + " runs backwards");
          count += hi - lo + 1;
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("cpu list '" + cpuList + "': '" + range + "' is not a cpu or a range", e);
      }
    }
    return count;
  }

  /** One line for the run's header, e.g. {@code 2 cores, 1 NUMA node (node0: 0-1)}. */
  public String describe() {
    StringBuilder sb = new StringBuilder();
    sb.append(cores).append(cores == 1 ? " core, " : " cores, ");
    sb.append(nodes.size()).append(nodes.size() == 1 ? " NUMA node (" : " NUMA nodes (");
    for (int i = 0; i < nodes.size(); i++) {
      Node n = nodes.get(i);
      if (i > 0) sb.append("; ");
      sb.append("node").append(n.id()).append(": ").append(n.cpuList().isEmpty() ? "no cpus" : n.cpuList());
    }
    return sb.append(')').toString();
  }
}
