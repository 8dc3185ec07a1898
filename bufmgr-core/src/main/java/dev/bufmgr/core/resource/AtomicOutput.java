package dev.bufmgr.core.resource;

import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.core.resource.TemporaryPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes result files and folders so that a failed or interrupted run leaves nothing behind:
 * content goes to a hidden temporary sibling first (tracked by {@link TemporaryPaths}, so an
 * interrupt removes it) and is moved into place only when complete. Messages give the target and
 * the operating system's reason, never the temporary name.
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
      tmp = TemporaryPaths.track(Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".partial"));
      readableByAll(tmp, false);
      Files.write(tmp, bytes);
      move(tmp, abs);
    } catch (IOException e) {
      TemporaryPaths.delete(tmp);
      throw new UncheckedIOException("cannot write " + target + ": " + IoReasons.of(e), e);
    }
  }

  /**
   * Writes several files, all or none: every content goes to its temporary sibling first, and
   * only when all are written are they moved into place. When one cannot be written, every
   * temporary file is removed and no target is touched.
   */
  public static void writeAll(Map<Path, byte[]> contents) {
    Map<Path, Path> staged = new LinkedHashMap<>();
    try {
      for (Map.Entry<Path, byte[]> e : contents.entrySet()) {
        Path abs = e.getKey().toAbsolutePath();
        try {
          Files.createDirectories(abs.getParent());
          Path tmp = TemporaryPaths.track(Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".partial"));
          staged.put(tmp, abs);
          readableByAll(tmp, false);
          Files.write(tmp, e.getValue());
        } catch (IOException x) {
          throw new UncheckedIOException("cannot write " + e.getKey() + ": " + IoReasons.of(x), x);
        }
      }
      for (Map.Entry<Path, Path> e : staged.entrySet()) {
        try {
          move(e.getKey(), e.getValue());
        } catch (IOException x) {
          throw new UncheckedIOException("cannot write " + e.getValue() + ": " + IoReasons.of(x), x);
        }
      }
    } finally {
      staged.keySet().forEach(TemporaryPaths::delete);
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
      tmp = TemporaryPaths.track(Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".partial"));
      readableByAll(tmp, false);
      filler.fill(tmp);
      move(tmp, abs);
    } catch (IOException e) {
      TemporaryPaths.delete(tmp);
      throw new UncheckedIOException("cannot write " + target + ": " + IoReasons.of(e), e);
    } catch (RuntimeException | Error e) {
      TemporaryPaths.delete(tmp);
      throw e;
    }
  }

  /**
   * Gives a temporary file or folder the usual permissions (rw-r--r--, rwxr-xr-x) instead of the
   * owner-only ones temporary files get, where the file system has POSIX permissions.
   */
  public static void readableByAll(Path p, boolean folder) throws IOException {
    try {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(folder ? "rwxr-xr-x" : "rw-r--r--"));
    } catch (UnsupportedOperationException ignored) {
      // Not a POSIX file system: the default permissions apply.
    }
  }

  /**
   * Moves {@code from} to {@code to}, replacing it, atomically where the file system can, and
   * stops tracking {@code from} as temporary.
   */
  public static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
    TemporaryPaths.published(from);
  }
}
