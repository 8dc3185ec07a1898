package dev.bufmgr.workloads.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Writes result files and folders so that a failed run leaves nothing half-written: content goes
 * to a temporary sibling first and is moved into place only when complete.
 */
public final class AtomicOutput {
  private AtomicOutput() {}

  /** Writes {@code text} to {@code target}, replacing it atomically. */
  public static void writeString(Path target, String text) {
    writeBytes(target, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes {@code bytes} to {@code target}, replacing it atomically. */
  public static void writeBytes(Path target, byte[] bytes) {
    Path abs = target.toAbsolutePath();
    Path tmp = null;
    try {
      Files.createDirectories(abs.getParent());
      tmp = Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".partial");
      readableByAll(tmp, false);
      Files.write(tmp, bytes);
      move(tmp, abs);
    } catch (IOException e) {
      deleteQuietly(tmp);
      throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
    }
  }

  /** Writes a file by a writer that fills a temporary path. */
  @FunctionalInterface
  public interface FileFiller {
    /** Writes the whole content to {@code tmp} (an existing empty file). */
    void fill(Path tmp) throws IOException;
  }

  /**
   * Lets {@code filler} write a temporary sibling of {@code target} and moves it into place
   * only when the filler returns; when it throws, the temporary file is removed and the
   * exception propagates (I/O errors as {@link UncheckedIOException}).
   */
  public static void writeWith(Path target, FileFiller filler) {
    Path abs = target.toAbsolutePath();
    Path tmp = null;
    try {
      Files.createDirectories(abs.getParent());
      tmp = Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".partial");
      readableByAll(tmp, false);
      filler.fill(tmp);
      move(tmp, abs);
    } catch (IOException e) {
      deleteQuietly(tmp);
      throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
    } catch (RuntimeException | Error e) {
      deleteQuietly(tmp);
      throw e;
    }
  }

  /**
   * Creates a temporary folder beside {@code target} for a run to fill; {@link
   * #publishFolder} moves it into place, {@link #discardFolder} removes it.
   */
  public static Path stageFolder(Path target) {
    Path abs = target.toAbsolutePath();
    try {
      Files.createDirectories(abs.getParent());
      Path dir = Files.createTempDirectory(abs.getParent(), "." + abs.getFileName() + ".partial");
      readableByAll(dir, true);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create results folder " + target + ": " + e.getMessage(), e);
    }
  }

  /**
   * Checks, before a run does its work, that a results folder can later be published at {@code
   * target}: its parent can be created and written, and {@code target} is not a file.
   *
   * @throws IllegalArgumentException naming {@code what} (the flag), the path and the reason
   */
  public static void checkFolderTarget(String what, Path target) {
    Path abs = target.toAbsolutePath();
    if (Files.exists(abs) && !Files.isDirectory(abs)) {
      throw new IllegalArgumentException(what + " " + target + ": is a file, not a folder");
    }
    try {
      Files.createDirectories(abs.getParent());
      Path probe = Files.createTempDirectory(abs.getParent(), "." + abs.getFileName() + ".probe");
      Files.delete(probe);
    } catch (IOException e) {
      throw new IllegalArgumentException(what + " " + target + ": cannot write there (" + IoReasons.of(e) + ")");
    }
  }

  /** Replaces {@code target} (if any) by the staged folder. */
  public static void publishFolder(Path staged, Path target) {
    Path abs = target.toAbsolutePath();
    try {
      if (Files.exists(abs)) deleteTree(abs);
      move(staged, abs);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot publish results folder " + target + ": " + e.getMessage(), e);
    }
  }

  /** Removes a staged folder after a failed run. */
  public static void discardFolder(Path staged) {
    try {
      if (staged != null && Files.exists(staged)) deleteTree(staged);
    } catch (IOException ignored) {
      // Best effort: the staged folder is hidden and named .partial.
    }
  }

  /**
   * Gives a temporary file or folder the usual permissions (rw-r--r--, rwxr-xr-x) instead of the
   * owner-only ones temporary files get, where the file system has POSIX permissions.
   */
  private static void readableByAll(Path p, boolean folder) throws IOException {
    try {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(folder ? "rwxr-xr-x" : "rw-r--r--"));
    } catch (UnsupportedOperationException ignored) {
      // Not a POSIX file system: the default permissions apply.
    }
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
    }
  }

  private static void deleteQuietly(Path p) {
    if (p == null) return;
    try {
      Files.deleteIfExists(p);
    } catch (IOException ignored) {
      // Nothing more to do: the file is a hidden .partial sibling.
    }
  }
}
