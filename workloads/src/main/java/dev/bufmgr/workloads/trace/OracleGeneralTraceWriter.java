package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.resource.Capacity;
import dev.bufmgr.core.resource.DiskGuard;
import dev.bufmgr.core.resource.AtomicOutput;
import dev.bufmgr.workloads.stream.EventBlock;
import dev.bufmgr.workloads.stream.NextAccessFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Supplier;

/**
 * Writes any event source as a libCacheSim oracleGeneral trace, the form {@code cachesim} reads
 * with trace type {@code oracleGeneral} and this project with {@link OracleGeneralFormat}: one
 * 24-byte little-endian record per page request, {@code u32} timestamp, {@code u64} object id,
 * {@code u32} object size, {@code i64} next access. The fields are filled as libCacheSim's own
 * converter fills them ({@code libCacheSim/bin/traceUtils/traceConv.cpp}, as of commit aa0fc40):
 * the next access is the 1-based position of the same object's next request, or -1 when there is
 * none. A request's object id is its page, its size 1 (a cache size then counts pages, with or
 * without {@code --ignore-obj-size}), and its timestamp its own 1-based position, held at
 * 2^32-1 from there on (the inputs have no clock of their own).
 *
 * <p>The next accesses come from {@link NextAccessFile}: a pre-pass over the input, so the input
 * is read twice and a temporary index of 8 bytes a request is kept beside the output meanwhile.
 * Transaction markers are dropped (positions count page requests only), and so are the fields the
 * format cannot hold (writes, access strategies, page classes). The file appears only when
 * complete: a malformed input leaves nothing behind.
 */
public final class OracleGeneralTraceWriter {
  private static final long MAX_TIMESTAMP = 0xFFFF_FFFFL;

  private OracleGeneralTraceWriter() {}

  /**
   * Writes every page request of the input (opened twice through {@code input}, each source
   * closed) to {@code target}, the next-access index in {@code tmp}; returns the requests
   * written. An input that announces its length is refused before the first byte when the file
   * would not fit on the disk (keeping {@link Capacity#DISK_RESERVE_BYTES} free); any other stops,
   * and leaves nothing behind, when the disk would fall below that reserve.
   */
  public static long write(Supplier<EventSource> input, Path target, Path tmp) {
    long[] written = new long[1];
    try (EventSource probe = input.get()) {
      long expected = probe.expectedCount();
      if (expected > 0) {
        long bytes = Capacity.saturatingMultiply(expected, OracleGeneralFormat.RECORD_BYTES);
        Capacity.requireDisk(target + ": " + expected + " events", target.toAbsolutePath().getParent(), bytes);
      }
    }
    try (NextAccessFile next = NextAccessFile.build(input.get(), tmp); EventSource source = input.get()) {
      AtomicOutput.writeWith(target, file -> written[0] = writeTo(source, next, file, target));
    }
    return written[0];
  }

  private static long writeTo(EventSource source, NextAccessFile next, Path file, Path target) throws IOException {
    boolean markers = source.carries().contains(EventField.TRANSACTIONS);
    DiskGuard disk = new DiskGuard(target.toString(), file.toAbsolutePath().getParent());
    EventBatch batch = new EventBatch(EventBatch.DEFAULT_CAPACITY);
    long[] pages = new long[batch.capacity()];
    long[] nexts = new long[batch.capacity()];
    ByteBuffer buf = ByteBuffer.allocateDirect(batch.capacity() * OracleGeneralFormat.RECORD_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    long written = 0;
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
      for (int got; (got = source.fill(batch)) > 0; ) {
        int n = 0;
        for (int i = 0; i < got; i++) {
          if (!markers || EventMeta.isPage(batch.meta[i])) pages[n++] = batch.pages[i];
        }
        if (n == 0) continue;
        next.fill(written, n, nexts);
        buf.clear();
        for (int i = 0; i < n; i++) {
          long position = written + i + 1;
          buf.putInt((int) Math.min(position, MAX_TIMESTAMP));
          buf.putLong(pages[i]);
          buf.putInt(1);
          buf.putLong(nexts[i] == EventBlock.NEVER ? -1 : nexts[i] + 1);
        }
        buf.flip();
        disk.check(ch.position());
        while (buf.hasRemaining()) {
          if (ch.write(buf) < 0) throw new UncheckedIOException(new IOException("write failed"));
        }
        written += n;
      }
    }
    return written;
  }
}
