package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A policy in one file: replayed by name like any selector, checked by check-policy, refused in its own lines. */
class PolicyFileCommandsTest {
  /** The documentation's example, CLOCK. */
  private static final String EXAMPLE = Path.of("..", "examples", "policies", "Clock.java").toString();
  /** Evicts pinned buffers, on purpose. */
  private static final String BROKEN = Path.of("src", "test", "resources", "policies", "PinnedVictim.java").toString();

  @TempDir Path dir;

  @Test
  void theExampleReplaysAsTheBuiltInClockWithOneUsageBitDoes() {
    CliRun r = CliRun.of("replay", "--workload", "zipf:pages=3000,requests=30000,seed=11",
        "--policy", "file:" + EXAMPLE, "--policy", "gclock:maxUsage=1", "--frames", "150,600", "--output", "jsonl");
    assertEquals(0, r.status(), r.err());
    Map<String, Long> fileHits = new TreeMap<>();
    Map<String, Long> gclockHits = new TreeMap<>();
    for (String row : r.out().lines().toList()) {
      String policy = text(row, "policy");
      String frames = String.valueOf(number(row, "frames"));
      if (policy.startsWith("file:" + EXAMPLE)) fileHits.put(frames, number(row, "hits"));
      else if (policy.startsWith("gclock:maxUsage=1")) gclockHits.put(frames, number(row, "hits"));
    }
    assertEquals(2, fileHits.size(), r.out());
    assertEquals(gclockHits, fileHits);
  }

  private static String text(String json, String field) {
    Matcher m = Pattern.compile("\"" + field + "\":\"([^\"]*)\"").matcher(json);
    assertTrue(m.find(), field + " in " + json);
    return m.group(1);
  }

  private static long number(String json, String field) {
    Matcher m = Pattern.compile("\"" + field + "\":(\\d+)").matcher(json);
    assertTrue(m.find(), field + " in " + json);
    return Long.parseLong(m.group(1));
  }

  @Test
  void theExamplePassesCheckPolicy() {
    CliRun r = CliRun.of("check-policy", EXAMPLE, "--stress-ops", "5000");
    assertEquals(0, r.status(), r.out() + r.err());
    assertTrue(r.out().contains("pass  neverEvictsAPinnedBuffer SHARED"), r.out());
    assertTrue(r.out().contains("pass  nearAllPinned"), r.out());
    assertTrue(r.out().contains("pass  stress"), r.out());
    assertTrue(r.out().lines().toList().getLast().matches("file:.*Clock\\.java: (\\d+) of \\1 checks passed"), r.out());
  }

  @Test
  void aPolicyThatEvictsPinnedBuffersFailsWithTheSuitesMessage() {
    CliRun r = CliRun.of("check-policy", BROKEN, "--stress-ops", "5000");
    assertEquals(BufmgrCommand.EXIT_FAILED, r.status(), r.out() + r.err());
    String failure = r.out().lines().filter(l -> l.startsWith("FAIL  neverEvictsAPinnedBuffer SHARED: ")).findFirst().orElse(r.out());
    assertTrue(failure.matches("FAIL  neverEvictsAPinnedBuffer SHARED: page \\d+ was loaded into held buffer \\d+"), failure);
    assertTrue(r.out().lines().toList().getLast().matches("file:.*PinnedVictim\\.java: \\d+ of \\d+ checks passed"), r.out());
  }

  @Test
  void aCompileErrorIsOneLinePerErrorWithTheFilesLineAndExitTwo() throws Exception {
    Path typo = dir.resolve("Typo.java");
    Files.writeString(typo, """
        import dev.bufmgr.core.evict.SelectorFactory;
        public abstract class Typo implements SelectorFactory {
          public String name() { return nmae; }
        }
        """);
    for (String[] args : List.of(
        new String[] {"replay", "--workload", "zipf:pages=100,requests=100", "--policy", "file:" + typo, "--frames", "10"},
        new String[] {"check-policy", typo.toString()})) {
      CliRun r = CliRun.of(args);
      assertEquals(2, r.status(), r.err());
      assertEquals("", r.out());
      List<String> lines = r.err().lines().toList();
      assertEquals(1, lines.size(), r.err());
      assertTrue(lines.getFirst().startsWith(typo + ":3: cannot find symbol; symbol: variable nmae"), lines.getFirst());
    }
  }
}
