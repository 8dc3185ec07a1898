package dev.bufmgr.results.report;

import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.core.resource.TemporaryPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file or folder a command will write, named by the flag that chose it. {@link #check()} tells,
 * before any work starts, whether it can be written there, so a run never computes for minutes
 * and then fails on its output, and never writes one output of several.
 *
 * @param flag the option, e.g. {@code --plot}
 * @param path the path as given
 * @param folder whether a folder is published there (else a file)
 */
public record OutputTarget(String flag, Path path, boolean folder) {

  /** A result file. */
  public static OutputTarget file(String flag, Path path) {
    return new OutputTarget(flag, path, false);
  }

  /** A results folder. */
  public static OutputTarget folder(String flag, Path path) {
    return new OutputTarget(flag, path, true);
  }

  /**
   * Checks that the output can be written without creating anything: the path is of the right
   * kind when it exists, and the nearest existing ancestor folder accepts a new file (probed by
   * creating and removing a hidden one).
   *
   * @throws IllegalArgumentException naming the flag, the path and the operating system's reason
   */
  public void check() {
    Path abs = path.toAbsolutePath().normalize();
    if (Files.exists(abs)) {
      if (folder && !Files.isDirectory(abs)) throw refuse("is a file, not a folder");
      if (!folder && Files.isDirectory(abs)) throw refuse("is a folder, not a file");
    }
    Path parent = abs.getParent();
    while (parent != null && !Files.exists(parent)) parent = parent.getParent();
    if (parent == null) throw refuse("no existing folder above it");
    if (!Files.isDirectory(parent)) throw refuse(parent + " is a file, not a folder");
    Path probe = null;
    try {
      probe = TemporaryPaths.track(Files.createTempFile(parent, ".bufmgr-probe", ".partial"));
    } catch (IOException e) {
      throw refuse("cannot write in " + parent + " (" + IoReasons.of(e) + ")");
    } finally {
      TemporaryPaths.delete(probe);
    }
  }

  private IllegalArgumentException refuse(String reason) {
    return new IllegalArgumentException(flag + " " + path + ": " + reason);
  }
}
