package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.sweep.SweepRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local sweep killed with SIGKILL once its first task is recorded, then run again into the same
 * folder: the rerun skips the finished tasks, and every configuration's row is in the results
 * exactly once. The sweep runs as a real process from this test's class path.
 */
class SweepKillResumeTest {
  private static final int TRACES = 8;
  private static final List<String> POLICIES = List.of("lru", "gclock", "s3fifo", "sieve", "arc");

  @TempDir Path dir;

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void aKilledSweepResumesWithEveryRowOnce() throws Exception {
    Path traces = dir.resolve("traces");
    for (int t = 0; t < TRACES; t++) writeTrace(traces.resolve("ds" + (t % 2)).resolve("t" + t + ".trace"), 150_000, t);
    Path out = dir.resolve("out");
    List<String> args = new ArrayList<>(List.of("sweep", "--traces", traces.toString(), "--out", out.toString(), "--jobs", "1",
        "--sizes", "0.01,0.1,0.5", "--quiet"));
    for (String p : POLICIES) args.addAll(List.of("--policy", p));

    Process sweep = start(args, dir.resolve("killed.txt"));
    Path tasks = out.resolve("tasks");
    while (sweep.isAlive() && finished(tasks) == 0) Thread.sleep(10);
    sweep.destroyForcibly();
    sweep.waitFor();
    int before = finished(tasks);
    assertTrue(before >= 1 && before < TRACES, "killed after " + before + " of " + TRACES + " tasks: "
        + Files.readString(dir.resolve("killed.txt")));

    Process rerun = start(args, dir.resolve("rerun.txt"));
    assertEquals(0, rerun.waitFor(), Files.readString(dir.resolve("rerun.txt")));
    String printed = Files.readString(dir.resolve("rerun.txt"));
    assertTrue(printed.contains(TRACES + " done (" + before + " by an earlier run)"), printed);

    List<SweepRow> rows = Files.readAllLines(out.resolve("results.jsonl")).stream().map(SweepRow::fromJson).toList();
    assertEquals(TRACES * POLICIES.size() * 3, rows.size());
    Set<String> ids = new HashSet<>();
    for (SweepRow r : rows) assertTrue(ids.add(r.configId()), "row twice: " + r);
    assertTrue(rows.stream().allMatch(SweepRow::ok));
  }

  private static int finished(Path tasks) throws IOException {
    if (!Files.isDirectory(tasks)) return 0;
    try (Stream<Path> s = Files.list(tasks)) {
      return (int) s.filter(p -> p.getFileName().toString().matches("[0-9a-f]{16}\\.jsonl")).count();
    }
  }

  private static Process start(List<String> args, Path log) throws IOException {
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> cmd = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-Xmx512m",
        "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
        "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), "dev.bufmgr.app.cli.BufmgrCommand"));
    cmd.addAll(args);
    return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  private static void writeTrace(Path file, int requests, long seed) throws IOException {
    Files.createDirectories(file.getParent());
    Random r = new Random(seed);
    StringBuilder sb = new StringBuilder(requests * 6);
    for (int i = 0; i < requests; i++) sb.append((int) (20_000 * Math.pow(r.nextDouble(), 2))).append('\n');
    Files.writeString(file, sb);
  }
}
