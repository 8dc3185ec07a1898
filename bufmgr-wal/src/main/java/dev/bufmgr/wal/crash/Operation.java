package dev.bufmgr.wal.crash;

/** One change a {@link MemoryStorage} recorded, or a mark between changes. */
public sealed interface Operation {
  /** File {@code inode} was created as {@code name}. */
  record Create(String name, int inode) implements Operation {}

  /** {@code bytes} were written at {@code position} of file {@code inode}. */
  record Write(int inode, long position, byte[] bytes) implements Operation {}

  /** File {@code inode} was forced: its writes so far are durable. */
  record Force(int inode) implements Operation {}

  /** A file was renamed. */
  record Rename(String from, String to) implements Operation {}

  /** A file was removed. */
  record Delete(String name) implements Operation {}

  /** The directory was forced: its entries so far are durable. */
  record ForceDirectory() implements Operation {}

  /** Commit {@code id}, whose record ends at {@code lsn}, was acknowledged here. */
  record Mark(long id, long lsn) implements Operation {}
}
