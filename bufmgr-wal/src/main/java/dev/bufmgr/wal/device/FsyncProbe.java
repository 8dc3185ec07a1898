package dev.bufmgr.wal.device;

import dev.bufmgr.core.resource.TemporaryPaths;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Measures this machine's write+fdatasync latency the way a log uses its disk: a preallocated
 * file (like a WAL segment, zero-filled and forced first), into which blocks are written one
 * after another, each followed by {@link FileChannel#force force(false)}, timed together.
 */
public final class FsyncProbe {
  /** The probe's data file inside the probed directory (removed afterwards). */
  public static final String DATA_FILE = "fsync-probe.dat";

  private FsyncProbe() {}

  /**
   * Runs {@code count} timed write+fdatasync operations of {@code blockBytes} each, cycling
   * through a preallocated file of {@code fileBytes}.
   *
   * @return the latencies in nanoseconds, in measurement order
   * @throws IOException when the directory cannot be written
   */
  public static long[] measure(Path dir, int count, int blockBytes, long fileBytes) throws IOException {
    if (count < 1 || blockBytes < 1 || fileBytes < blockBytes) {
      throw new IllegalArgumentException("probe needs count >= 1 and file size >= block size >= 1");
    }
    Path file = TemporaryPaths.track(dir.resolve(DATA_FILE));
    long blocks = fileBytes / blockBytes;
    long[] out = new long[count];
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
        StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer zeros = ByteBuffer.allocateDirect(1 << 20);
      for (long pos = 0; pos < blocks * blockBytes; ) {
        zeros.clear().limit((int) Math.min(zeros.capacity(), blocks * blockBytes - pos));
        pos += ch.write(zeros, pos);
      }
      ch.force(true);
      ByteBuffer block = ByteBuffer.allocateDirect(blockBytes);
      for (int i = 0; i < blockBytes; i++) block.put(i, (byte) (i * 31 + 7));
      for (int i = 0; i < count; i++) {
        long pos = (i % blocks) * blockBytes;
        block.clear();
        block.put(0, (byte) i);
        long t0 = System.nanoTime();
        while (block.hasRemaining()) pos += ch.write(block, pos);
        ch.force(false);
        out[i] = System.nanoTime() - t0;
      }
    } finally {
      TemporaryPaths.delete(file);
    }
    return out;
  }
}
