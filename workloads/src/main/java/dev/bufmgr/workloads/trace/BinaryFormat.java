package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.core.params.Parameters;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Set;

/**
 * Reads the binary form of {@link BinaryTraceLayout} by memory-mapping the file and copying each
 * block into the batch arrays. Checks the magic, version, fields, block sizes and the event
 * count against the header, so a truncated or foreign file ends with one clear line.
 */
public final class BinaryFormat implements TraceFormat {
  /**
   * The file's little-endian words. In a class of their own, made when a binary trace is first
   * opened: the format is registered, and so initialized, by every command that names a format,
   * and the foreign-memory layouts take milliseconds to initialize.
   */
  private static final class Layouts {
    static final ValueLayout.OfLong LONG_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  }

  @Override
  public String name() {
    return "binary";
  }

  @Override
  public String description() {
    return "this project's compact binary form (.bft), written by 'bufmgr convert'";
  }

  @Override
  public EventSource open(Path file, Parameters options) {
    String where = file.toString();
    // Shared: a replay opens the source on one thread, reads it on its reader thread, closes it on the first.
    Arena arena = Arena.ofShared();
    MemorySegment seg;
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      if (size == 0) throw new TraceException(where, "empty file");
      if (size < BinaryTraceLayout.HEADER_BYTES) throw new TraceException(where, "not a binary trace (shorter than its header)");
      seg = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
    } catch (NoSuchFileException e) {
      arena.close();
      throw new TraceException(where, "no such file");
    } catch (IOException e) {
      arena.close();
      throw new TraceException(where, "cannot read: " + IoReasons.of(e));
    } catch (RuntimeException e) {
      arena.close();
      throw e;
    }
    byte[] magic = seg.asSlice(0, 8).toArray(ValueLayout.JAVA_BYTE);
    if (!Arrays.equals(magic, BinaryTraceLayout.MAGIC)) {
      arena.close();
      throw new TraceException(where, "not a binary trace (bad magic number)");
    }
    int version = seg.get(Layouts.INT_LE, BinaryTraceLayout.VERSION_OFFSET);
    if (version != BinaryTraceLayout.VERSION) {
      arena.close();
      throw new TraceException(where, "binary trace version " + version + ", this program reads version " + BinaryTraceLayout.VERSION);
    }
    Set<EventField> fields;
    try {
      fields = BinaryTraceLayout.fields(seg.get(Layouts.INT_LE, BinaryTraceLayout.FIELDS_OFFSET));
    } catch (IllegalArgumentException e) {
      arena.close();
      throw new TraceException(where, "header: " + e.getMessage());
    }
    long count = seg.get(Layouts.LONG_LE, BinaryTraceLayout.COUNT_OFFSET);
    int blockCap = seg.get(Layouts.INT_LE, BinaryTraceLayout.BLOCK_OFFSET);
    if (count <= 0 || blockCap <= 0) {
      arena.close();
      throw new TraceException(where, count == 0 ? "no events (empty trace)" : "header: bad event count or block size");
    }
    boolean withMeta = !fields.isEmpty();
    long room = (seg.byteSize() - BinaryTraceLayout.HEADER_BYTES) / (withMeta ? 12 : 8);
    if (count > room) {
      arena.close();
      throw new TraceException(where, "record " + (room + 1), "truncated: the header promises " + count
          + " events, a file of " + seg.byteSize() + " bytes holds at most " + room);
    }
    return new EventSource() {
      private long at = BinaryTraceLayout.HEADER_BYTES;
      private long delivered;
      private long[] pendingPages = new long[0];
      private int[] pendingMeta = new int[0];
      private int pendingFrom;
      private int pendingTo;

      @Override
      public String name() {
        return file.getFileName().toString();
      }

      @Override
      public Set<EventField> carries() {
        return fields;
      }

      @Override
      public long expectedCount() {
        return count;
      }

      @Override
      public int fill(EventBatch batch) {
        batch.clear();
        int n = 0;
        int cap = batch.capacity();
        while (n < cap) {
          if (pendingFrom < pendingTo) {
            int take = Math.min(cap - n, pendingTo - pendingFrom);
            System.arraycopy(pendingPages, pendingFrom, batch.pages, n, take);
            System.arraycopy(pendingMeta, pendingFrom, batch.meta, n, take);
            pendingFrom += take;
            n += take;
            continue;
          }
          if (at == seg.byteSize()) break;
          int blockN = readBlockHeader();
          if (blockN <= cap - n) {
            copyBlock(blockN, batch.pages, batch.meta, n);
            n += blockN;
          } else {
            if (pendingPages.length < blockN) {
              pendingPages = new long[blockN];
              pendingMeta = new int[blockN];
            }
            copyBlock(blockN, pendingPages, pendingMeta, 0);
            pendingFrom = 0;
            pendingTo = blockN;
          }
        }
        batch.setSize(n);
        if (n == 0 && delivered != count) {
          throw new TraceException(where, "record " + (delivered + 1),
              "truncated: the header promises " + count + " events, the file holds " + delivered);
        }
        return n;
      }

      private int readBlockHeader() {
        if (seg.byteSize() - at < 4) {
          throw new TraceException(where, "record " + (delivered + 1), "truncated block header");
        }
        int blockN = seg.get(Layouts.INT_LE, at);
        if (blockN < 1 || blockN > blockCap) {
          throw new TraceException(where, "record " + (delivered + 1), "bad block length " + blockN);
        }
        long need = 4L + blockN * (8L + (withMeta ? 4 : 0));
        if (seg.byteSize() - at < need) {
          long whole = (seg.byteSize() - at - 4) / 8;
          throw new TraceException(where, "record " + (delivered + Math.min(whole, blockN) + 1), "truncated (block ends early)");
        }
        if (delivered + blockN > count) {
          throw new TraceException(where, "record " + (count + 1), "more events than the header's count " + count);
        }
        return blockN;
      }

      private void copyBlock(int blockN, long[] pages, int[] meta, int to) {
        long p = at + 4;
        MemorySegment.copy(seg, Layouts.LONG_LE, p, pages, to, blockN);
        p += blockN * 8L;
        if (withMeta) {
          MemorySegment.copy(seg, Layouts.INT_LE, p, meta, to, blockN);
          p += blockN * 4L;
        } else {
          Arrays.fill(meta, to, to + blockN, 0);
        }
        at = p;
        delivered += blockN;
      }

      @Override
      public void close() {
        if (arena.scope().isAlive()) arena.close();
      }
    };
  }
}
