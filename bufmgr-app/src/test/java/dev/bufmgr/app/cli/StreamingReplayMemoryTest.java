package dev.bufmgr.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.support.PlainModels;
import dev.bufmgr.workloads.synth.Workloads;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replay streams: a workload of 200 million requests, which would take 2.4 GB as the arrays of a
 * trace in memory, replays in a JVM of 256 MiB of heap, with the hits of a plain LRU model fed
 * the same requests a million at a time.
 */
class StreamingReplayMemoryTest {
  private static final long REQUESTS = 200_000_000L;
  private static final String SPEC = "uniform:pages=4000,requests=" + REQUESTS + ",seed=11";
  private static final int FRAMES = 1000;

  @TempDir Path dir;

  /** The JVM options of this test JVM that a child needs (module flags), without its heap size. */
  private static List<String> childJvmOptions() {
    List<String> keep = new ArrayList<>();
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("--add-") || a.startsWith("--enable-native-access") || a.startsWith("--sun-misc")) keep.add(a);
    }
    return keep;
  }

  @Test
  void aTraceLargerThanTheHeapReplaysWithTheReferenceHits() throws IOException, InterruptedException {
    assertTrue(REQUESTS * EventTrace.BYTES_PER_EVENT > 8L * 256 * 1024 * 1024, "the trace must not fit the child's heap");
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(childJvmOptions());
    cmd.addAll(List.of("-Xmx256m", "-Djava.io.tmpdir=" + dir, "-cp", System.getProperty("java.class.path"),
        BufmgrCommand.class.getName(), "replay", "--workload", SPEC, "--policy", "lru", "--frames",
        Integer.toString(FRAMES), "--output", "jsonl"));
    Process child = new ProcessBuilder(cmd).redirectError(dir.resolve("err.txt").toFile()).start();

    PlainModels.Lru reference = new PlainModels.Lru(FRAMES);
    EventBatch batch = new EventBatch(1 << 20);
    long seen = 0;
    try (EventSource s = Workloads.parse(SPEC).open()) {
      for (int n; (n = s.fill(batch)) > 0; seen += n) {
        for (int i = 0; i < n; i++) reference.access(batch.pages[i]);
      }
    }
    assertEquals(REQUESTS, seen);

    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(child.waitFor(5, TimeUnit.MINUTES), "the child replay did not end");
    String err = java.nio.file.Files.readString(dir.resolve("err.txt"));
    assertEquals(0, child.exitValue(), err);
    assertEquals(REQUESTS, field(out, "requests"), out);
    assertEquals(reference.hits(), field(out, "hits"), out);
  }

  private static long field(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\":(-?\\d+)").matcher(json);
    assertTrue(m.find(), name + " in " + json);
    return Long.parseLong(m.group(1));
  }
}
