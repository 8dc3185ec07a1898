package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.resource.Capacity;
import dev.bufmgr.core.resource.DiskGuard;
import dev.bufmgr.core.resource.AtomicOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Converts any event source to the binary form of {@link BinaryTraceLayout}. The file appears
 * only when complete: a malformed input leaves nothing behind.
 */
public final class BinaryTraceWriter {
  private BinaryTraceWriter() {}

  /**
   * Writes every event of {@code source} (and closes it); returns the number written. A source
   * that announces its length is refused before the first byte when the file would not fit on
   * the disk (keeping {@link Capacity#DISK_RESERVE_BYTES} free); any other stops, and leaves
   * nothing behind, when the disk would fall below that reserve.
   */
  public static long write(EventSource source, Path target) {
    long[] written = new long[1];
    try (source) {
      long expected = source.expectedCount();
      if (expected > 0) {
        long bytes = Capacity.saturatingMultiply(expected, bytesPerEvent(source));
        Capacity.requireDisk(target + ": " + expected + " events", target.toAbsolutePath().getParent(), bytes);
      }
      AtomicOutput.writeWith(target, tmp -> written[0] = writeTo(source, tmp, target));
    }
    return written[0];
  }

  private static long bytesPerEvent(EventSource source) {
    return BinaryTraceLayout.mask(source.carries()) != 0 ? 12 : 8;
  }

  private static long writeTo(EventSource source, Path file, Path target) throws IOException {
    int fieldMask = BinaryTraceLayout.mask(source.carries());
    boolean withMeta = fieldMask != 0;
    DiskGuard disk = new DiskGuard(target.toString(), file.toAbsolutePath().getParent());
    int blockBytes = 4 + BinaryTraceLayout.BLOCK_EVENTS * (8 + (withMeta ? 4 : 0));
    ByteBuffer buf = ByteBuffer.allocateDirect(Math.max(blockBytes, BinaryTraceLayout.HEADER_BYTES)).order(ByteOrder.LITTLE_ENDIAN);
    long count = 0;
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
      header(buf, fieldMask, 0);
      writeFully(ch, buf);
      EventBatch batch = new EventBatch(BinaryTraceLayout.BLOCK_EVENTS);
      for (int n; (n = source.fill(batch)) > 0; ) {
        buf.clear();
        buf.putInt(n);
        buf.asLongBuffer().put(batch.pages, 0, n);
        buf.position(4 + n * 8);
        if (withMeta) {
          buf.asIntBuffer().put(batch.meta, 0, n);
          buf.position(4 + n * 12);
        }
        buf.flip();
        disk.check(ch.position());
        writeFully(ch, buf);
        count += n;
      }
      header(buf, fieldMask, count);
      ch.position(0);
      writeFully(ch, buf);
    }
    return count;
  }

  private static void header(ByteBuffer buf, int fieldMask, long count) {
    buf.clear();
    buf.put(BinaryTraceLayout.MAGIC);
    buf.putInt(BinaryTraceLayout.VERSION);
    buf.putInt(fieldMask);
    buf.putLong(count);
    buf.putInt(BinaryTraceLayout.BLOCK_EVENTS);
    buf.putInt(0);
    buf.flip();
  }

  private static void writeFully(FileChannel ch, ByteBuffer buf) throws IOException {
    while (buf.hasRemaining()) {
      if (ch.write(buf) < 0) throw new UncheckedIOException(new IOException("write failed"));
    }
  }
}
