package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.params.Component;
import dev.bufmgr.core.params.ParameterSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every kind's registry finds its components by name, and {@code bufmgr list} shows them all with their parameters. */
class ComponentKindsTest {

  /** One component of each kind with the parameter names it is documented to take, in order. */
  private static final Map<String, Map<String, List<String>>> KNOWN = Map.of(
      "Selectors", Map.of("gclock", List.of("maxUsage", "batch", "hand"), "sieve", List.of()),
      "Baselines", Map.of("opt", List.of("bypass"), "caffeine", List.of("runs"), "lru", List.of(), "fifo", List.of()),
      "Release policies", Map.of("pgdelay", List.of("delay", "siblings"), "greedy", List.of()),
      "Devices", Map.of("lognormal", List.of("median", "p99", "perbyte", "write"), "file", List.of()),
      "Loops", Map.of("closed", List.of("clients", "think", "dist"), "open", List.of("rate", "phases")),
      "Trace formats", Map.of("msr", List.of("pageSize"), "lirs", List.of()),
      "Workloads", Map.of("zipf", List.of("requests", "seed", "pages", "theta", "scramble", "writes")));

  @Test
  void eachKindFindsItsComponentsByNameAndRefusesAnUnknownOne() {
    List<ComponentKinds.Kind> kinds = ComponentKinds.all();
    assertEquals(List.of("Selectors", "Baselines", "Release policies", "Devices", "Loops", "Trace formats", "Workloads"),
        kinds.stream().map(ComponentKinds.Kind::title).toList());
    for (ComponentKinds.Kind kind : kinds) {
      KNOWN.get(kind.title()).forEach((name, params) -> {
        Component c = kind.registry().find(name);
        assertEquals(name, c.name());
        assertEquals(params, c.parameters().stream().map(ParameterSpec::name).toList(), name);
        assertTrue(!c.description().isBlank() && c.description().lines().count() == 1, name);
      });
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> kind.registry().find("nope"));
      assertTrue(e.getMessage().startsWith("unknown " + kind.registry().kind() + " 'nope' (known: "), e.getMessage());
    }
  }

  @Test
  void listShowsEveryComponentOfEveryKindWithItsParameters() {
    CliRun r = CliRun.of("list");
    assertEquals(0, r.status(), r.err());
    List<String> lines = r.out().lines().toList();
    for (ComponentKinds.Kind kind : ComponentKinds.all()) {
      assertTrue(lines.contains(kind.title() + " (" + kind.flags() + "):"), kind.title());
      for (Component c : kind.registry().all()) {
        assertTrue(lines.stream().anyMatch(l -> l.matches("  " + java.util.regex.Pattern.quote(c.name()) + " +"
            + java.util.regex.Pattern.quote(c.description()))), c.name());
        for (ParameterSpec p : c.parameters()) {
          String line = p.usage() + ": " + p.allowed() + "; " + p.description();
          assertTrue(lines.stream().anyMatch(l -> l.strip().equals(line)), c.name() + ": " + line);
        }
      }
    }
    for (String s : List.of("maxUsage=5: an integer in [1, 255]", "t (required): a duration", "siblings=5",
        "f0 (required): a duration", "clients (required): an integer in [1, 100000]", "pageSize=8192",
        "pages (required): an integer in [2, ", "runs=5: an integer in [1, 100]")) {
      assertTrue(r.out().contains(s), s);
    }
  }

  @Test
  void theOldFlagNamesStillWorkAndHelpGivesBoth() {
    String[] common = {"--commits", "2000", "--output", "csv"};
    CliRun release = CliRun.of(concat(new String[] {"commit", "--release", "timer:t=1ms"}, common));
    CliRun policy = CliRun.of(concat(new String[] {"commit", "--policy", "timer:t=1ms"}, common));
    assertEquals(0, release.status(), release.err());
    assertEquals(withoutWallSeconds(release.out()), withoutWallSeconds(policy.out()));
    assertTrue(CliRun.of("commit", "--help").out().contains("--policy, --release=NAME[:k=v,...]"));
    assertTrue(CliRun.of("pipeline", "--help").out().contains("--commit, --release=NAME[:k=v,...]"));
    assertTrue(CliRun.of("commit", "--policy", "nope").err().contains("--release 'nope': unknown release policy 'nope'"));
  }

  /** The csv rows without their last column, the wall-clock seconds that differ between two runs. */
  private static List<String> withoutWallSeconds(String csv) {
    return csv.lines().map(l -> l.substring(0, l.lastIndexOf(','))).toList();
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
