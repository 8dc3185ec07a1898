package dev.bufmgr.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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

  private static void node(Path sysfs, String name, String cpuList) throws IOException {
    Path dir = Files.createDirectories(sysfs.resolve(name));
    Files.writeString(dir.resolve("cpulist"), cpuList);
  }
}
