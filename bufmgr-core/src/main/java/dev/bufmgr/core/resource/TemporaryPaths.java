package dev.bufmgr.core.resource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The files and folders a run writes before it publishes them (hidden {@code .partial} siblings
 * of result files, staged result folders, a probe's data file). Whatever is still tracked when the
 * JVM shuts down — a failed run that could not clean up, or an interrupt (SIGINT, SIGTERM; the
 * JVM runs its shutdown hooks) — is removed then, so no run leaves a half-written file behind. A
 * SIGKILL runs no hook; the leftovers are then hidden {@code .partial} names.
 */
public final class TemporaryPaths {
  private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("bufmgr-temporary-paths").unstarted(TemporaryPaths::removeAll));
  }

  private TemporaryPaths() {}

  /** Tracks {@code path} (a file or folder being written) until {@link #published} or {@link #delete}. */
  public static Path track(Path path) {
    LIVE.add(path.toAbsolutePath());
    return path;
  }

  /** Stops tracking {@code path}: it was moved into place or is no longer temporary. */
  public static void published(Path path) {
    LIVE.remove(path.toAbsolutePath());
  }

  /** Removes {@code path} (recursively for a folder) and stops tracking it; never throws. */
  public static void delete(Path path) {
    if (path == null) return;
    removeTree(path.toAbsolutePath());
    LIVE.remove(path.toAbsolutePath());
  }

  /** The paths tracked now (for tests). */
  public static List<Path> tracked() {
    return List.copyOf(LIVE);
  }

  private static void removeAll() {
    for (Path p : List.copyOf(LIVE)) removeTree(p);
    LIVE.clear();
  }

  private static void removeTree(Path root) {
    for (int attempt = 0; attempt < 3 && Files.exists(root); attempt++) {
      try (Stream<Path> walk = Files.walk(root)) {
        for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
      } catch (IOException | RuntimeException e) {
        // A writer may still be adding files inside a folder: walk again.
      }
    }
  }
}
