package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.event.EventBatch;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.workloads.stream.CarriesNextAccess;
import dev.bufmgr.workloads.stream.NextAccessCheck;
import dev.bufmgr.workloads.stream.EventBlock;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * libCacheSim's {@code oracleGeneral} binary traces: 24-byte little-endian records {@code u32
 * time, u64 id, u32 size, i64 next access vtime}, plain or zstd-compressed ({@code .zst}). The
 * object id becomes the page id and sizes are dropped (objects are unit-size pages here). The
 * next-access times are delivered beside the events ({@link CarriesNextAccess}), so OPT streams
 * without a pre-pass, as libCacheSim's Belady does: -1 and INT64_MAX mean never again, as in
 * libCacheSim's {@code oracleGeneralBin_read_one_req} ({@code traceReader/customizedReader/oracle/
 * oracleGeneralBin.h}). The values are checked against the ids as they are handed out ({@link
 * NextAccessCheck}), so a replay can tell a trace whose field lies and compute its own. Carries
 * page ids only.
 *
 * <p>With {@code pageSize=N} the trace is read as a block trace: the id is the request's byte
 * offset o and the size its length n, and the request becomes the pages o/N .. (o+n-1)/N (as
 * {@code msr} splits its requests). The next-access times then no longer match the events and are
 * not delivered.
 */
public final class OracleGeneralFormat implements TraceFormat {
  /** Bytes per record. */
  public static final int RECORD_BYTES = 24;

  @Override
  public String name() {
    return "oracleGeneral";
  }

  @Override
  public String description() {
    return "libCacheSim oracleGeneral: 24-byte LE records (u32 time, u64 id, u32 size, i64 next); .zst read directly";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(ParameterSpec.integer("pageSize", 0, 1, 1L << 30, "bytes per page: the id is a byte offset, split with the size into pages")
        .asOptional());
  }

  @Override
  public EventSource open(Path file, Parameters options) {
    InputStream in = TraceFiles.open(file);
    long size = TraceFiles.plainSize(file);
    if (options.has("pageSize")) return blocks(file, in, size < 0 ? -1 : size / RECORD_BYTES, options.longValue("pageSize"));
    return new Source() {
      private final byte[] bytes = new byte[RECORD_BYTES * EventBatch.DEFAULT_CAPACITY];
      private long[] next = new long[EventBatch.DEFAULT_CAPACITY];
      private final ByteBuffer view = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
      private long records;
      private int lastFill;
      private boolean ended;
      private final NextAccessCheck check = new NextAccessCheck();

      @Override
      public String name() {
        return file.getFileName().toString();
      }

      @Override
      public Set<EventField> carries() {
        return EnumSet.noneOf(EventField.class);
      }

      /** Its records, when the file is not compressed (a truncated last record is refused when read). */
      @Override
      public long expectedCount() {
        return size < 0 ? -1 : size / RECORD_BYTES;
      }

      @Override
      public int fill(EventBatch batch) {
        batch.clear();
        if (ended) return 0;
        int want = Math.min(batch.capacity(), bytes.length / RECORD_BYTES);
        int got;
        try {
          got = in.readNBytes(bytes, 0, want * RECORD_BYTES);
        } catch (IOException e) {
          throw new TraceException(file.toString(), "record " + (records + 1), "cannot read: " + IoReasons.of(e));
        }
        int whole = got / RECORD_BYTES;
        if (got % RECORD_BYTES != 0) {
          throw new TraceException(file.toString(), "record " + (records + whole + 1),
              "truncated (" + (got % RECORD_BYTES) + " of " + RECORD_BYTES + " bytes)");
        }
        long[] pages = batch.pages;
        int[] meta = batch.meta;
        if (next.length < whole) next = new long[whole];
        for (int i = 0; i < whole; i++) {
          pages[i] = view.getLong(i * RECORD_BYTES + 4);
          long nx = view.getLong(i * RECORD_BYTES + 16);
          if (nx < -1) {
            throw new TraceException(file.toString(), "record " + (records + i + 1), "next access vtime " + nx + " is negative");
          }
          next[i] = nx == -1 ? EventBlock.NEVER : nx;
          meta[i] = 0;
        }
        batch.setSize(whole);
        lastFill = whole;
        records += whole;
        if (whole == 0) {
          ended = true;
          if (records == 0) throw new TraceException(file.toString(), "no events (empty trace)");
        }
        return whole;
      }

      /** The next accesses of the last fill, checked against their pages as they are handed out. */
      @Override
      public long[] nextAccess() {
        for (int i = 0; i < lastFill && !check.done(); i++) check.request(view.getLong(i * RECORD_BYTES + 4), next[i]);
        lastFill = 0;
        return next;
      }

      @Override
      public NextAccessCheck nextAccessCheck() {
        return check;
      }

      @Override
      public void close() {
        TraceFiles.closeQuietly(in);
      }
    };
  }

  /** The block-trace reading: each record split into the pages of its byte range. */
  private static EventSource blocks(Path file, InputStream in, long expected, long pageSize) {
    return new FixedRecordSource(file, in, RECORD_BYTES, expected) {
      @Override
      public Set<EventField> carries() {
        return EnumSet.noneOf(EventField.class);
      }

      @Override
      protected void decode(ByteBuffer r, int at) {
        runOfBytes(r.getLong(at + 4), r.getInt(at + 12) & 0xffffffffL, pageSize, 0);
      }
    };
  }

  /** An oracleGeneral reader: events, and the next accesses they carry. */
  private interface Source extends EventSource, CarriesNextAccess {}
}
