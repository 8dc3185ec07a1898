package dev.bufmgr.wal.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * The one-writer lock of a log directory, as PostgreSQL's {@code postmaster.pid}: an operating
 * system lock on {@value #NAME}, held for the writer's life (the kernel drops it when the process
 * dies, even by SIGKILL), the file naming the holder.
 */
public final class LogDirectoryLock implements AutoCloseable {
  /** The lock file's name in a log directory. */
  public static final String NAME = "bufmgr.lock";
  private final FileChannel channel;
  private final FileLock lock;

  private LogDirectoryLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes the lock of {@code dir} and writes this process into the file.
   *
   * @throws IllegalArgumentException naming the holder when another writer holds it
   */
  public static LogDirectoryLock acquire(Path dir) throws IOException {
    Path file = dir.resolve(NAME);
    FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = ch.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      ch.close();
      throw new IllegalArgumentException(dir + " is open for writing by another writer (" + holder(file) + "); one writer per log");
    }
    ProcessHandle self = ProcessHandle.current();
    String text = "pid " + self.pid() + " started " + self.info().startInstant().map(Instant::toString).orElse("?") + "\n";
    ch.truncate(0);
    ch.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), 0);
    return new LogDirectoryLock(ch, lock);
  }

  /** Whether a writer holds the lock of {@code dir} now; its description, or {@code null} when none does. */
  public static String heldBy(Path dir) throws IOException {
    Path file = dir.resolve(NAME);
    if (!Files.exists(file)) return null;
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      FileLock probe;
      try {
        probe = ch.tryLock();
      } catch (OverlappingFileLockException e) {
        return holder(file);
      }
      if (probe == null) return holder(file);
      probe.release();
      return null;
    }
  }

  private static String holder(Path file) {
    try {
      String s = Files.readString(file, StandardCharsets.UTF_8).trim();
      return s.isEmpty() ? "a process that has not yet written its pid" : s;
    } catch (IOException e) {
      return "unknown process";
    }
  }

  /** Releases the lock. */
  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      channel.close();
    }
  }
}
