package dev.bufmgr.bench.matrix;

import dev.bufmgr.bench.placement.ForkFlags;
import dev.bufmgr.bench.placement.Topology;
import dev.bufmgr.bench.placement.MemoryMode;
import dev.bufmgr.results.report.Json;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The machine a matrix ran on, recorded with every result: CPU model, CPUs, NUMA nodes ({@link
 * Topology}), {@code lscpu} and {@code numactl --hardware} when installed, JDK, the JVM flags of
 * the runner and of the forks (and the forks' memory mode, {@link MemoryMode}), kernel, transparent
 * huge-page mode and huge pages. Written as
 * {@code machine.json} and at the top of {@code summary.md}.
 */
public final class MachineRecord {
  private static final long COMMAND_SECONDS = 10;
  private final Map<String, Object> fields;
  private final Topology topology;

  private MachineRecord(Map<String, Object> fields, Topology topology) {
    this.fields = fields;
    this.topology = topology;
  }

  /** Records this machine; {@code forkFlags} are the flags every benchmark fork gets. */
  public static MachineRecord collect(Topology topology, List<String> forkFlags) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("cpuModel", cpuModel());
    f.put("cpus", topology.cores());
    f.put("nodes", topology.nodes().size());
    f.put("topology", topology.describe());
    f.put("kernel", System.getProperty("os.version"));
    f.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    f.put("jdk", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
        + System.getProperty("java.runtime.version"));
    f.put("javaHome", System.getProperty("java.home"));
    f.put("runnerJvmFlags", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    f.put("forkJvmFlags", String.join(" ", forkFlags));
    f.put("forkMemoryMode", MemoryMode.requested(forkFlags).describe());
    f.put("transparentHugePages", firstLine(Path.of("/sys/kernel/mm/transparent_hugepage/enabled")));
    f.put("transparentHugePagesDefrag", firstLine(Path.of("/sys/kernel/mm/transparent_hugepage/defrag")));
    f.put("hugePages", meminfo("HugePages_Total") + " x " + meminfo("Hugepagesize"));
    f.put("memTotal", meminfo("MemTotal"));
    f.put("lscpu", command("lscpu"));
    f.put("numactlHardware", command("numactl", "--hardware"));
    return new MachineRecord(f, topology);
  }

  /** The fork flags of {@link ForkFlags} and the extra ones given. */
  public static List<String> forkFlags(List<String> extra) {
    List<String> all = new java.util.ArrayList<>(ForkFlags.ALL);
    all.addAll(extra);
    return all;
  }

  /** The record's fields, in order. */
  public Map<String, Object> fields() {
    return java.util.Collections.unmodifiableMap(fields);
  }

  /** The topology the numbers came from. */
  public Topology topology() {
    return topology;
  }

  /** machine.json: one JSON object. */
  public String json() {
    return Json.object(fields) + "\n";
  }

  /** The machine in Markdown, for the top of summary.md. */
  public String markdown() {
    StringBuilder sb = new StringBuilder();
    sb.append("| machine | |\n|---|---|\n");
    for (String k : List.of("cpuModel", "cpus", "nodes", "topology", "kernel", "os", "jdk", "runnerJvmFlags",
        "forkJvmFlags", "forkMemoryMode", "transparentHugePages", "hugePages", "memTotal")) {
      sb.append("| ").append(k).append(" | ").append(cell(fields.get(k))).append(" |\n");
    }
    sb.append("\n`lscpu` and `numactl --hardware` output is in machine.json (")
        .append(installed("lscpu")).append(", ").append(installed("numactlHardware")).append(").\n");
    return sb.toString();
  }

  private String installed(String key) {
    Object v = fields.get(key);
    boolean absent = v == null || v.toString().startsWith("not available");
    return (key.equals("lscpu") ? "lscpu " : "numactl ") + (absent ? "not available" : "recorded");
  }

  private static String cell(Object v) {
    String s = v == null ? "" : v.toString();
    return s.isEmpty() ? "(empty)" : s.replace("|", "\\|").replace("\n", " ");
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).trim().equals("model name")) return line.substring(colon + 1).trim();
      }
    } catch (IOException | RuntimeException e) {
      return "unknown (" + e.getMessage() + ")";
    }
    return "unknown (no model name in /proc/cpuinfo)";
  }

  private static String meminfo(String key) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith(key + ":")) return line.substring(key.length() + 1).trim();
      }
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
    return "unknown";
  }

  private static String firstLine(Path p) {
    try {
      List<String> lines = Files.readAllLines(p);
      return lines.isEmpty() ? "" : lines.get(0).trim();
    } catch (IOException | RuntimeException e) {
      return "not available (" + p + ")";
    }
  }

  /** The command's standard output, or {@code not available (reason)}. */
  private static String command(String... argv) {
    try {
      Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
      p.getOutputStream().close();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return "not available (" + argv[0] + " did not finish)";
      }
      String text = new String(out, StandardCharsets.UTF_8).strip();
      return p.exitValue() == 0 ? text : "not available (" + argv[0] + " exited " + p.exitValue() + ": " + text + ")";
    } catch (IOException e) {
      return "not available (" + argv[0] + " is not installed)";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "not available (interrupted)";
    }
  }
}
