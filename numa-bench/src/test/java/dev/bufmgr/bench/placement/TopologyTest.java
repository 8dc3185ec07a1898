package dev.bufmgr.bench.placement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopologyTest {

  @Test
  void countsCpusInLinuxCpuLists() {
    assertEquals(9, Topology.countCpus("0-3,8-11,16"));
    assertEquals(1, Topology.countCpus("0"));
    assertEquals(2, Topology.countCpus(" 0-1\n"));
    assertEquals(0, Topology.countCpus(""));
  }

  @Test
  void refusesTextThatIsNotACpuList() {
    assertThrows(IllegalArgumentException.class, () -> Topology.countCpus("0-x"));
    assertThrows(IllegalArgumentException.class, () -> Topology.countCpus("5-2"));
  }

  @Test
  void readsNodesAndTheirCpusFromSysfs(@TempDir Path sysfs) throws IOException {
    node(sysfs, "node1", "36-71\n");
    node(sysfs, "node0", "0-35\n");
    Files.createDirectories(sysfs.resolve("power"));
    Files.writeString(sysfs.resolve("online"), "0-1\n");

    Topology t = Topology.detect(72, sysfs);

    assertEquals(List.of(new Topology.Node(0, "0-35", 36), new Topology.Node(1, "36-71", 36)), t.nodes());
    assertEquals("72 cores, 2 NUMA nodes (node0: 0-35; node1: 36-71)", t.describe());
  }

  @Test
  void withoutSysfsNodesTheHostIsOneNodeOfAllCores(@TempDir Path dir) {
    Topology t = Topology.detect(4, dir.resolve("absent"));

    assertEquals(List.of(new Topology.Node(0, "0-3", 4)), t.nodes());
    assertEquals("4 cores, 1 NUMA node (node0: 0-3)", t.describe());
  }

  @Test
  void parsesAndFormatsCpuLists() {
    assertArrayEquals(new int[] {0, 1, 2, 3, 8, 16}, Topology.parseCpuList("16,0-3,8"));
    assertArrayEquals(new int[0], Topology.parseCpuList(" "));
    assertEquals("0-3,8,16-17", Topology.formatCpuList(new int[] {0, 1, 2, 3, 8, 16, 17}));
    assertEquals("", Topology.formatCpuList(new int[0]));
  }

  @Test
  void forcedNodesAreContiguousBlocksOfTheCpus() {
    Topology twoCpus = new Topology(2, List.of(new Topology.Node(0, "0-1", 2)));
    assertEquals(List.of("0-1"), cpuLists(twoCpus.withNodes(1)));
    assertEquals(List.of("0", "1"), cpuLists(twoCpus.withNodes(2)));
    assertEquals(List.of("0", "0", "1", "1"), cpuLists(twoCpus.withNodes(4)), "more nodes than cpus: neighbours share");
    Topology eight = new Topology(8, List.of(new Topology.Node(0, "0-7", 8)));
    assertEquals(List.of("0-1", "2-4", "5-7"), cpuLists(eight.withNodes(3)));
    Topology snc = new Topology(16, List.of(new Topology.Node(0, "0-3,8-11", 8), new Topology.Node(1, "4-7,12-15", 8)));
    assertEquals(List.of("0-3", "4-7", "8-11", "12-15"), cpuLists(snc.withNodes(4)));
    assertEquals(List.of("0-7", "8-15"), cpuLists(snc.withNodes(2)), "forcing renumbers by cpu, not by the host's nodes");
  }

  @Test
  void aForcedTopologySaysSoAndNumbersItsNodes() {
    Topology t = new Topology(2, List.of(new Topology.Node(3, "0-1", 2))).withNodes(4);
    assertTrue(t.forced());
    assertEquals(List.of(0, 1, 2, 3), t.nodes().stream().map(Topology.Node::id).toList());
    assertEquals("2 cores, 4 NUMA nodes forced (node0: 0; node1: 0; node2: 1; node3: 1)", t.describe());
    assertEquals(0, t.nodeIndexOf(0));
    assertEquals(2, t.nodeIndexOf(1));
    assertEquals(-1, t.nodeIndexOf(2));
  }

  @Test
  void refusesANodeCountOutOfRange() {
    Topology t = new Topology(2, List.of(new Topology.Node(0, "0-1", 2)));
    var e = assertThrows(IllegalArgumentException.class, () -> t.withNodes(0));
    assertEquals("nodes=0: must be 1 to 1024", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> t.withNodes(1025));
  }

  private static List<String> cpuLists(Topology t) {
    return t.nodes().stream().map(Topology.Node::cpuList).toList();
  }

  private static void node(Path sysfs, String name, String cpuList) throws IOException {
    Path dir = Files.createDirectories(sysfs.resolve(name));
    Files.writeString(dir.resolve("cpulist"), cpuList);
  }
}
