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
 * dies, even by SIGKILL), the file naming the holder. A file left by a writer that died still
 * names it; the next writer takes the lock over (the kernel lock is free) and says so in {@link
 * #takenOver}, as PostgreSQL's {@code CreateLockFile} overwrites a {@code postmaster.pid} whose
 * process is gone.
 */
public final class LogDirectoryLock implements AutoCloseable {
  /** The lock file's name in a log directory. */
  public static final String NAME = "bufmgr.lock";
  private final FileChannel channel;
  private final FileLock lock;
  private final String takenOver;

  private LogDirectoryLock(FileChannel channel, FileLock lock, String takenOver) {
    this.channel = channel;
    this.lock = lock;
    this.takenOver = takenOver;
  }

  /**
   * The line saying this lock was taken over from a writer that died holding it, or {@code null}
   * when the file named no other process.
   */
  public String takenOver() {
    return takenOver;
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
    String stale = stale(dir, previous(ch), self.pid());
    String text = "pid " + self.pid() + " started " + self.info().startInstant().map(Instant::toString).orElse("?") + "\n";
    ch.truncate(0);
    ch.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), 0);
    return new LogDirectoryLock(ch, lock, stale);
  }

  /**
   * The file's text read through the locking channel: opening and closing another descriptor of
   * the file would drop this process's lock (POSIX record locks belong to the process, and any
   * close of the file releases them).
   */
  private static String previous(FileChannel ch) throws IOException {
    ByteBuffer b = ByteBuffer.allocate((int) Math.min(ch.size(), 4096));
    while (b.hasRemaining() && ch.read(b, b.position()) > 0) {}
    return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8).trim();
  }

  /**
   * The take-over line when the free lock's file names another process: the kernel lock is free,
   * so that process is gone (its pid may since belong to another, or to an unreaped zombie).
   */
  private static String stale(Path dir, String previous, long self) {
    if (!previous.startsWith("pid ")) return null;
    long pid;
    try {
      pid = Long.parseLong(previous.substring(4).split(" ", 2)[0]);
    } catch (NumberFormatException e) {
      return null;
    }
    if (pid == self) return null;
    return dir + ": took over the stale lock of a writer that died (" + previous + "; the lock was free)";
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

  /** Empties the file (a clean exit leaves no holder named, as PostgreSQL removes its lock file) and releases the lock. */
  @Override
  public void close() throws IOException {
    try {
      channel.truncate(0);
      lock.release();
    } finally {
      channel.close();
    }
  }
}
