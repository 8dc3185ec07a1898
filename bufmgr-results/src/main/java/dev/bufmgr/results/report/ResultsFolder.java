package dev.bufmgr.results.report;

import dev.bufmgr.core.resource.AtomicOutput;
import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.core.resource.TemporaryPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A results folder that a run fills and then publishes without ever deleting or replacing a file
 * it did not write. The run writes into a hidden staging folder beside the target; {@link
 * #publish} then moves each staged file into the target, replacing only files named in the
 * target's {@value #MANIFEST} (the files an earlier run of this program wrote there), removes
 * the files of that earlier run that this one did not write again, and writes the new manifest.
 * A user's own files in the folder are never touched: when a staged file would replace one, the
 * publication is refused before anything moves, and the staged files are removed.
 *
 * <p>A failed or interrupted run leaves nothing at the target ({@link #discard}, and {@link
 * TemporaryPaths} on shutdown). Whether a non-empty folder may be used at all (the command line's
 * {@code --force}) is decided before the run, by {@code OutputTarget.check}.
 */
public final class ResultsFolder {
  /** The file, in a results folder, that names the files this program wrote there, one relative path a line. */
  public static final String MANIFEST = ".bufmgr-manifest";

  private static final String MANIFEST_HEADER = "# Files written here by bufmgr; a later run with --force replaces or removes only these.";

  private final Path target;
  private final Path staging;

  private ResultsFolder(Path target, Path staging) {
    this.target = target;
    this.staging = staging;
  }

  /** Creates the staging folder for {@code target} (beside it, hidden) and returns the folder to fill. */
  public static ResultsFolder stage(Path target) {
    Path abs = target.toAbsolutePath().normalize();
    try {
      Files.createDirectories(abs.getParent());
      Path dir = TemporaryPaths.track(Files.createTempDirectory(abs.getParent(), "." + abs.getFileName() + ".partial"));
      AtomicOutput.readableByAll(dir, true);
      return new ResultsFolder(abs, dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create results folder " + target + ": " + IoReasons.of(e), e);
    }
  }

  /** Where the run writes its files (a folder of relative paths that become the target's). */
  public Path staging() {
    return staging;
  }

  /** The folder the files are published to. */
  public Path target() {
    return target;
  }

  /**
   * Moves the staged files into the target, replacing only files this program wrote there, and
   * removes the staging folder.
   *
   * @throws UncheckedIOException when a staged file would replace a file not named in the
   *     target's manifest (nothing is then moved), or the file system refuses a move
   */
  public void publish() {
    try {
      List<String> written = relativeFiles(staging);
      if (!Files.exists(target)) {
        Files.writeString(staging.resolve(MANIFEST), manifestText(written), StandardCharsets.UTF_8);
        AtomicOutput.move(staging, target);
        TemporaryPaths.published(staging);
        return;
      }
      Set<String> earlier = manifestOf(target);
      for (String rel : written) {
        Path there = target.resolve(rel);
        if (Files.exists(there) && !earlier.contains(rel)) {
          String why = there + " exists and was not written by bufmgr (it is not named in " + MANIFEST + "); nothing was replaced";
          throw new UncheckedIOException("cannot publish results folder " + target + ": " + why, new IOException(why));
        }
      }
      for (String rel : written) {
        Path there = target.resolve(rel);
        Files.createDirectories(there.getParent());
        AtomicOutput.move(staging.resolve(rel), there);
      }
      Set<String> now = new LinkedHashSet<>(written);
      for (String rel : earlier) {
        if (!now.contains(rel)) Files.deleteIfExists(target.resolve(rel));
      }
      Path manifest = staging.resolve(MANIFEST);
      Files.writeString(manifest, manifestText(written), StandardCharsets.UTF_8);
      AtomicOutput.move(manifest, target.resolve(MANIFEST));
      discard();
    } catch (IOException e) {
      discard();
      throw new UncheckedIOException("cannot publish results folder " + target + ": " + IoReasons.of(e), e);
    } catch (RuntimeException e) {
      discard();
      throw e;
    }
  }

  /** Removes the staging folder (after a failed run, or after publication). */
  public void discard() {
    TemporaryPaths.delete(staging);
  }

  /** The relative paths a folder's manifest names; empty when it has none. */
  public static Set<String> manifestOf(Path folder) throws IOException {
    Path manifest = folder.resolve(MANIFEST);
    Set<String> names = new TreeSet<>();
    if (!Files.isRegularFile(manifest)) return names;
    for (String line : Files.readAllLines(manifest, StandardCharsets.UTF_8)) {
      String rel = line.strip();
      if (rel.isEmpty() || rel.startsWith("#")) continue;
      Path p = Path.of(rel).normalize();
      if (p.isAbsolute() || p.startsWith("..") || rel.equals(MANIFEST)) continue;
      names.add(p.toString());
    }
    return names;
  }

  private static String manifestText(List<String> written) {
    StringBuilder sb = new StringBuilder(MANIFEST_HEADER).append('\n');
    for (String rel : written) sb.append(rel).append('\n');
    return sb.toString();
  }

  private static List<String> relativeFiles(Path root) throws IOException {
    List<String> out = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
        String rel = root.relativize(p).toString();
        if (!rel.equals(MANIFEST)) out.add(rel);
      }
    }
    return out;
  }
}
