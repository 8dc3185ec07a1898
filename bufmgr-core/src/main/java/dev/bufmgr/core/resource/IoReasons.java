package dev.bufmgr.core.resource;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * The operating system's reason for a failed file operation, in its own words ("Permission
 * denied", "No such file or directory"), for one-line messages. Java's file exceptions carry the
 * path as their message and the reason only in their type or {@link FileSystemException#getReason}.
 */
public final class IoReasons {
  private IoReasons() {}

  /** The reason, never the bare path. */
  public static String of(IOException e) {
    if (e instanceof AccessDeniedException) return "Permission denied";
    if (e instanceof NoSuchFileException) return "No such file or directory";
    if (e instanceof FileAlreadyExistsException) return "File exists";
    if (e instanceof NotDirectoryException) return "Not a directory";
    if (e instanceof DirectoryNotEmptyException) return "Directory not empty";
    if (e instanceof FileSystemException f && f.getReason() != null) return f.getReason();
    return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
  }
}
