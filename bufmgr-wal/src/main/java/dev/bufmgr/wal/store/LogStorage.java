package dev.bufmgr.wal.store;

import java.io.IOException;
import java.util.List;

/**
 * The files of one log directory, as the log sees them: named files with positional reads and
 * writes, a force per file (fdatasync), atomic renames and a force of the directory itself. The
 * real directory is {@link DirectoryStorage}; the crash tests record every call (see {@code
 * dev.bufmgr.wal.crash}) to build the file states a power loss could leave.
 *
 * <p>Durability contract, as POSIX file systems give it: a write is durable after the next
 * {@link LogFile#force} of its file; a file's creation, rename or removal is durable after the
 * next {@link #forceDirectory}. Nothing else is assumed.
 */
public interface LogStorage {
  /** The names of the directory's files, in no order. */
  List<String> list() throws IOException;

  /** Whether a file of that name exists. */
  boolean exists(String name) throws IOException;

  /** Opens an existing file for reading and, when {@code write}, writing. */
  LogFile open(String name, boolean write) throws IOException;

  /** Creates a new, empty file (refusing an existing one) open for reading and writing. */
  LogFile create(String name) throws IOException;

  /** Renames {@code from} to {@code to}, replacing {@code to} atomically when it exists. */
  void rename(String from, String to) throws IOException;

  /** Removes a file (nothing when absent). */
  void delete(String name) throws IOException;

  /** Makes the directory's entries (creations, renames, removals so far) durable. */
  void forceDirectory() throws IOException;

  /** How to name the directory in messages. */
  String describe();

  /** How to name one of its files in messages. */
  default String describe(String name) {
    return describe() + "/" + name;
  }
}
