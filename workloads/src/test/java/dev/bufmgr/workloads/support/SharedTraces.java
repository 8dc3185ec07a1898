package dev.bufmgr.workloads.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.bufmgr.workloads.event.EventTrace;
import dev.bufmgr.workloads.trace.TraceFormats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the shared LIRS traces: walks up from the working directory to the first folder with a
 * {@code shared/traces} sibling of the repository or inside it; tests are skipped only when none
 * exists.
 */
public final class SharedTraces {
  private static final Map<String, EventTrace> CACHE = new ConcurrentHashMap<>();

  private SharedTraces() {}

  /** The folder holding the LIRS traces, or null when absent. */
  public static Path lirsFolder() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolve("shared/traces/lirs");
      if (Files.isDirectory(candidate)) return candidate;
    }
    return null;
  }

  /** A LIRS trace file by name (e.g. "cs.trace.gz"); skips the test when the folder is absent. */
  public static Path lirs(String name) {
    Path folder = lirsFolder();
    assumeTrue(folder != null, "shared/traces/lirs not found above " + Path.of("").toAbsolutePath());
    return folder.resolve(name);
  }

  /** A LIRS trace loaded into memory, cached across tests. */
  public static EventTrace load(String name) {
    return CACHE.computeIfAbsent(name, n -> EventTrace.load(TraceFormats.open(lirs(n), "lirs")));
  }
}
