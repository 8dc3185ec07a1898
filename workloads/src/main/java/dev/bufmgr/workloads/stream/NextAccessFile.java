package dev.bufmgr.workloads.stream;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.resource.DiskGuard;
import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.core.resource.TemporaryPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The next access of every request of an input that does not carry them, computed in a pre-pass
 * of bounded memory and kept in a temporary file (8 bytes a request) that {@link #fill} reads in
 * step with the replay.
 *
 * <p>The pre-pass reads the input once and writes its page ids to a second temporary file (8
 * bytes a request, removed at the end of the pre-pass), then reads that file backwards, block by
 * block, keeping only each distinct page's latest position (a map entry and a long, about 28
 * bytes a distinct page), and writes each request's next access at its place. Cost: one more
 * reading of the input, 16 bytes a request written and 8 read before the replay, 8 more read
 * during it; both files are watched by a {@link DiskGuard} and removed on any exit.
 */
public final class NextAccessFile implements NextAccess {
  private static final int BLOCK = 1 << 16;

  private final Path file;
  private final FileChannel channel;
  private final ByteBuffer buffer = ByteBuffer.allocateDirect(BlockFeed.BLOCK_CAPACITY * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);

  private NextAccessFile(Path file, FileChannel channel) {
    this.file = file;
    this.channel = channel;
  }

  /**
   * Reads {@code source} to its end (and closes it) and builds the index in a temporary file in
   * {@code dir}.
   */
  public static NextAccessFile build(EventSource source, Path dir) {
    Path pages = null;
    Path next = null;
    try (source) {
      pages = TemporaryPaths.track(Files.createTempFile(dir, ".bufmgr-pages", ".partial"));
      next = TemporaryPaths.track(Files.createTempFile(dir, ".bufmgr-next", ".partial"));
      DiskGuard disk = new DiskGuard("the next-access index of " + source.name(), dir);
      try (FileChannel p = FileChannel.open(pages, StandardOpenOption.READ, StandardOpenOption.WRITE);
          FileChannel nx = FileChannel.open(next, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
        long n = writePages(source, p, disk);
        writeNext(p, nx, n, disk);
      }
      TemporaryPaths.delete(pages);
      return new NextAccessFile(next, FileChannel.open(next, StandardOpenOption.READ));
    } catch (IOException e) {
      TemporaryPaths.delete(pages);
      TemporaryPaths.delete(next);
      throw new UncheckedIOException("cannot write the next-access index in " + dir + ": " + IoReasons.of(e), e);
    } catch (RuntimeException e) {
      TemporaryPaths.delete(pages);
      TemporaryPaths.delete(next);
      throw e;
    }
  }

  private static long writePages(EventSource source, FileChannel out, DiskGuard disk) throws IOException {
    boolean markers = source.carries().contains(EventField.TRANSACTIONS);
    EventBatch batch = new EventBatch(BLOCK);
    ByteBuffer buf = ByteBuffer.allocateDirect(BLOCK * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    long n = 0;
    for (int got; (got = source.fill(batch)) > 0; ) {
      buf.clear();
      for (int i = 0; i < got; i++) {
        if (!markers || EventMeta.isPage(batch.meta[i])) buf.putLong(batch.pages[i]);
      }
      buf.flip();
      n += buf.remaining() / Long.BYTES;
      disk.check(2 * n * Long.BYTES);
      while (buf.hasRemaining()) out.write(buf);
    }
    return n;
  }

  private static void writeNext(FileChannel pages, FileChannel out, long n, DiskGuard disk) throws IOException {
    BackwardScan scan = new BackwardScan();
    ByteBuffer in = ByteBuffer.allocateDirect(BLOCK * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer res = ByteBuffer.allocateDirect(BLOCK * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    long[] block = new long[BLOCK];
    long[] nexts = new long[BLOCK];
    for (long start = (n - 1) / BLOCK * BLOCK; start >= 0 && n > 0; start -= BLOCK) {
      int len = (int) Math.min(BLOCK, n - start);
      in.clear().limit(len * Long.BYTES);
      long at = start * Long.BYTES;
      while (in.hasRemaining()) {
        if (pages.read(in, at + in.position()) < 0) throw new IOException("page file ended early");
      }
      in.flip();
      in.asLongBuffer().get(block, 0, len);
      for (int i = len - 1; i >= 0; i--) nexts[i] = scan.visit(block[i], start + i);
      res.clear();
      res.asLongBuffer().put(nexts, 0, len);
      res.limit(len * Long.BYTES);
      disk.check(n * Long.BYTES + (n - start) * Long.BYTES);
      while (res.hasRemaining()) out.write(res, at + res.position());
    }
  }

  @Override
  public void fill(long first, int n, long[] into) {
    buffer.clear().limit(n * Long.BYTES);
    try {
      long at = first * Long.BYTES;
      while (buffer.hasRemaining()) {
        if (channel.read(buffer, at + buffer.position()) < 0) throw new IOException("next-access index ended early at request " + first);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the next-access index " + file + ": " + IoReasons.of(e), e);
    }
    buffer.flip();
    buffer.asLongBuffer().get(into, 0, n);
  }

  @Override
  public void close() {
    try {
      channel.close();
    } catch (IOException ignored) {
      // The file is removed next; nothing else to do.
    }
    TemporaryPaths.delete(file);
  }
}
