package dev.bufmgr.results.report;

import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.core.resource.TemporaryPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A file or folder a command will write, named by the flag that chose it. {@link #check()} tells,
 * before any work starts, whether it can be written there without destroying anything the
 * program did not write, so a run never computes for minutes and then fails on its output, never
 * writes one output of several, and never deletes or overwrites a user's file:
 *
 * <ul>
 *   <li>a folder is refused outright when it is the file system's root, the home folder, or the
 *       working folder or one above it (a results folder there would mix with everything else);
 *   <li>an existing folder that holds anything but the files this program wrote there (named in
 *       its {@value ResultsFolder#MANIFEST}) is refused unless {@code force}; even then only the
 *       program's own files are replaced ({@link ResultsFolder#publish});
 *   <li>an existing file is refused unless {@code force} (a file the command only appends to,
 *       such as {@code wal-load}'s acknowledgement log, is kept and may exist), and a file that is
 *       also one of the command's inputs always.
 * </ul>
 *
 * @param flag the option, e.g. {@code --plot}
 * @param path the path as given
 * @param kind what is written there
 * @param force whether the user allowed replacing what the program wrote before ({@code --force})
 * @param inputs files the command reads, which it must never write
 */
public record OutputTarget(String flag, Path path, Kind kind, boolean force, List<Path> inputs) {

  /** What a command writes at its target. */
  public enum Kind {
    /** A file, written whole (replacing an existing one only with {@code --force}). */
    FILE,
    /** A file the command appends to, creating it when absent: nothing in it is ever replaced. */
    APPENDED_FILE,
    /** A results folder ({@link ResultsFolder}). */
    FOLDER
  }

  public OutputTarget {
    inputs = List.copyOf(inputs);
  }

  /** A result file. */
  public static OutputTarget file(String flag, Path path, boolean force) {
    return new OutputTarget(flag, path, Kind.FILE, force, List.of());
  }

  /** A file the command appends to. */
  public static OutputTarget appendedFile(String flag, Path path) {
    return new OutputTarget(flag, path, Kind.APPENDED_FILE, false, List.of());
  }

  /** A results folder. */
  public static OutputTarget folder(String flag, Path path, boolean force) {
    return new OutputTarget(flag, path, Kind.FOLDER, force, List.of());
  }

  /** The same target, which must not be any of {@code files} (the command's inputs). */
  public OutputTarget notAnyOf(Path... files) {
    return new OutputTarget(flag, path, kind, force, Stream.of(files).filter(f -> f != null).toList());
  }

  /**
   * Checks that the output can be written without creating anything and without replacing what
   * the program did not write: the rules of the class comment, then that the nearest existing
   * ancestor folder accepts a new file (probed by creating and removing a hidden one).
   *
   * @throws IllegalArgumentException naming the flag, the path and the reason
   */
  public void check() {
    Path abs = path.toAbsolutePath().normalize();
    for (Path input : inputs) {
      if (sameFile(abs, input.toAbsolutePath().normalize())) throw refuse("is also an input of this command; name another file");
    }
    if (kind == Kind.FOLDER) checkFolder(abs);
    else if (Files.exists(abs)) {
      if (Files.isDirectory(abs)) throw refuse("is a folder, not a file");
      if (kind == Kind.FILE && !force) throw refuse("exists; add --force to replace it");
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

  private void checkFolder(Path abs) {
    if (abs.getParent() == null) throw refuse("is the root folder; name a new or empty folder for the results");
    Path home = Path.of(System.getProperty("user.home")).toAbsolutePath().normalize();
    if (abs.equals(home)) throw refuse("is the home folder; name a new or empty folder for the results");
    Path cwd = Path.of("").toAbsolutePath().normalize();
    if (cwd.startsWith(abs)) {
      throw refuse("is the working folder" + (abs.equals(cwd) ? "" : " or one above it") + "; name a new or empty folder for the results");
    }
    if (!Files.exists(abs)) return;
    if (!Files.isDirectory(abs)) throw refuse("is a file, not a folder");
    if (force) return;
    List<String> foreign = foreignEntries(abs);
    if (!foreign.isEmpty()) {
      throw refuse("exists and holds files bufmgr did not write (" + String.join(", ", foreign)
          + "); name a new or empty folder, or add --force to write beside them (only files bufmgr wrote there are replaced)");
    }
  }

  /** The entries of a folder that its manifest does not name (at most a few, for the message). */
  private List<String> foreignEntries(Path dir) {
    try (Stream<Path> entries = Files.walk(dir)) {
      Set<String> ours = ResultsFolder.manifestOf(dir);
      return entries
          .filter(p -> !p.equals(dir) && !Files.isDirectory(p))
          .map(p -> dir.relativize(p).toString())
          .filter(rel -> !rel.equals(ResultsFolder.MANIFEST) && !ours.contains(rel))
          .sorted()
          .limit(3)
          .toList();
    } catch (IOException | UncheckedIOException e) {
      throw refuse("cannot read the folder (" + (e instanceof IOException io ? IoReasons.of(io) : e.getMessage()) + ")");
    }
  }

  private static boolean sameFile(Path a, Path b) {
    if (a.equals(b)) return true;
    try {
      return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }

  private IllegalArgumentException refuse(String reason) {
    return new IllegalArgumentException(flag + " " + path + ": " + reason);
  }
}
