package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * libCacheSim's {@code lcs} binary traces, little-endian, in both of the layouts libCacheSim has
 * written; the first 16 bytes tell them apart.
 *
 * <p><b>Versioned (libCacheSim since 2025).</b> Following {@code
 * libCacheSim/traceReader/customizedReader/lcs.h} (commit bfdb6c1) and {@code lcs.c} (commit
 * 0e3e2d3) of github.com/1a1a11a/libCacheSim: an 8192-byte header {@code u64 start_magic
 * (0x123456789abcdef0), u64 version, lcs_trace_stat (8000 bytes: i64 stat version, i64 n_req, i64
 * n_obj, ...), u64 unused[21], u64 end_magic}, then packed records by version: v1 (24 bytes)
 * {@code u32 time, u64 obj_id, u32 size, i64 next_access_vtime}; v2 (28) {@code u32 time, u64
 * obj_id, u32 size, u32 op:8|tenant:24, i64 next}; v3 (36) {@code u32 time, u64 obj_id, i64 size,
 * u32 op:8|tenant:24, u32 ttl, i64 next}; v4 to v8 a v3 record followed by 1, 2, 4, 8 or 16
 * {@code u32} features (40, 44, 52, 68, 100 bytes). The header's comment says it is 1024 bytes;
 * its struct and the compile-time assertion beside it make it 1024 x 8, which is what is read
 * here.
 *
 * <p><b>Format string (libCacheSim at aa0fc40).</b> Following {@code
 * libCacheSim/traceReader/generalReader/lcs.h} and {@code lcs.c} at commit aa0fc40: a 1024-byte
 * header {@code u64 start_magic, char format[240]} (a Python struct string, {@code <} then one
 * character a field: c b B h H i I l L q Q f d), the 1-based fields of the object id, size, time,
 * last and next access and operation ({@code u8} each, from byte 248), the trace stat (n_req at
 * byte 488), {@code u32 n_fields} (1000), {@code u32 item_size} (1004), {@code u64 version},
 * {@code u64 end_magic}; traceConv at aa0fc40 writes {@code <IQIQ}, fields 1 to 4. The header is
 * checked as {@code verify_LCS_trace_header} checks it. Integer fields are read as the struct
 * string documents them (B, H, I, L, Q unsigned); libCacheSim's {@code read_data} ({@code
 * generalReader/binary.c}) sign-extends every one, which maps ids one to one all the same.
 *
 * <p>The object id is the page id (above 2^63 - 1 it wraps to a negative id); sizes, times and
 * next accesses are dropped, as {@code oracleGeneral} drops them, and, as there, a request of
 * size 0 is kept (libCacheSim skips it when {@code ignore_size_zero_req} is set). With {@code
 * pageSize=N} the id is read as a byte offset and the size as the request's length, and the
 * request becomes the pages o/N .. (o+size-1)/N. The operation, where the layout has one, is
 * libCacheSim's {@code req_op_e} ({@code include/libCacheSim/enum.h}): nop, get, gets, read are
 * reads; set, add, cas, replace, append, prepend, delete, incr, decr, write, update are writes;
 * any other value is refused. A header that announces n_req above 0 must match the records.
 */
public final class LcsFormat implements TraceFormat {
  /** The first eight bytes of every lcs trace, little-endian. */
  public static final long MAGIC = 0x123456789abcdef0L;
  /** The bytes of a versioned header. */
  static final int HEADER_BYTES = 8192;
  /** The bytes of a format-string header (libCacheSim at aa0fc40). */
  static final int OLD_HEADER_BYTES = 1024;
  private static final int[] RECORD_BYTES = {0, 24, 28, 36, 40, 44, 52, 68, 100};
  /** libCacheSim's OP_INVALID: operations are below it. */
  private static final int OP_INVALID = 15;

  @Override
  public String name() {
    return "lcs";
  }

  @Override
  public String description() {
    return "libCacheSim lcs: header (magic, version 1..8) then packed records; also aa0fc40's format-string lcs";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(ParameterSpec.integer("pageSize", 0, 1, 1L << 30, "bytes per page: the id is a byte offset, split with the size into pages")
        .asOptional());
  }

  /** Whether the first bytes of a file are an lcs header's magic. */
  static boolean startsWithMagic(byte[] first) {
    return first.length >= 8 && ByteBuffer.wrap(first).order(ByteOrder.LITTLE_ENDIAN).getLong(0) == MAGIC;
  }

  @Override
  public EventSource open(Path file, Parameters options) {
    long pageSize = options.has("pageSize") ? options.longValue("pageSize") : 0;
    InputStream in = TraceFiles.open(file);
    byte[] start = FixedRecordSource.header(file, in, 16, "lcs");
    ByteBuffer s = ByteBuffer.wrap(start).order(ByteOrder.LITTLE_ENDIAN);
    if (s.getLong(0) != MAGIC) {
      TraceFiles.closeQuietly(in);
      throw new TraceException(file.toString(), "header", "not an lcs trace (bad start magic 0x" + Long.toHexString(s.getLong(0)) + ")");
    }
    Layout layout = start[8] == '<' ? formatString(file, in, start) : versioned(file, in, start);
    long plain = TraceFiles.plainSize(file);
    long expected = plain < 0 ? -1 : (plain - layout.headerBytes()) / layout.recordBytes();
    return new LcsSource(file, in, layout, pageSize, expected);
  }

  /**
   * Where a layout keeps what is read: the id's offset and width, the size's, the operation's
   * (-1: none); {@code announced} is the header's n_req.
   */
  private record Layout(String label, int headerBytes, int recordBytes, int idAt, char idType, int sizeAt, char sizeType,
      int opAt, char opType, long announced) {}

  private static ByteBuffer rest(Path file, InputStream in, byte[] start, int headerBytes, String what) {
    byte[] more = FixedRecordSource.header(file, in, start.length, headerBytes - start.length, what);
    ByteBuffer h = ByteBuffer.allocate(headerBytes).order(ByteOrder.LITTLE_ENDIAN);
    h.put(start).put(more);
    return h;
  }

  private static TraceException badHeader(Path file, InputStream in, String reason) {
    TraceFiles.closeQuietly(in);
    return new TraceException(file.toString(), "header", reason);
  }

  private static Layout versioned(Path file, InputStream in, byte[] start) {
    long version = ByteBuffer.wrap(start).order(ByteOrder.LITTLE_ENDIAN).getLong(8);
    if (version < 1 || version > 8) {
      throw badHeader(file, in, "lcs version " + Long.toUnsignedString(version) + " is not one of 1..8");
    }
    ByteBuffer h = rest(file, in, start, HEADER_BYTES, "lcs v" + version);
    if (h.getLong(HEADER_BYTES - 8) != MAGIC) throw badHeader(file, in, "bad end magic 0x" + Long.toHexString(h.getLong(HEADER_BYTES - 8)));
    long nReq = h.getLong(24);
    long nObj = h.getLong(32);
    if (nReq < 0 || nObj < 0) throw badHeader(file, in, "negative n_req " + nReq + " or n_obj " + nObj);
    int v = (int) version;
    int opAt = v == 1 ? -1 : v == 2 ? 16 : 20;
    return new Layout("v" + v, HEADER_BYTES, RECORD_BYTES[v], 4, 'Q', 12, v <= 2 ? 'I' : 'q', opAt, 'B', nReq);
  }

  private static Layout formatString(Path file, InputStream in, byte[] start) {
    ByteBuffer h = rest(file, in, start, OLD_HEADER_BYTES, "lcs (aa0fc40)");
    if (h.getLong(OLD_HEADER_BYTES - 8) != MAGIC) {
      throw badHeader(file, in, "bad end magic 0x" + Long.toHexString(h.getLong(OLD_HEADER_BYTES - 8)));
    }
    StringBuilder format = new StringBuilder();
    for (int i = 8; i < 248 && h.get(i) != 0; i++) format.append((char) (h.get(i) & 0xff));
    int fields = h.getInt(1000);
    if (format.length() - 1 != fields) {
      throw badHeader(file, in, "n_fields " + Integer.toUnsignedString(fields) + " differs from format '" + format + "'");
    }
    int[] offsets = new int[fields + 2];
    for (int i = 1; i <= fields; i++) {
      int width = width(format.charAt(i));
      if (width < 0) throw badHeader(file, in, "unknown type '" + format.charAt(i) + "' in format '" + format + "'");
      offsets[i + 1] = offsets[i] + width;
    }
    int itemSize = h.getInt(1004);
    if (itemSize != offsets[fields + 1]) {
      throw badHeader(file, in, "item_size " + Integer.toUnsignedString(itemSize) + " differs from format '" + format + "' ("
          + offsets[fields + 1] + " bytes)");
    }
    int id = h.get(248) & 0xff;
    int size = h.get(249) & 0xff;
    int op = h.get(253) & 0xff;
    for (int f : new int[] {id, size, op}) {
      if (f > fields) throw badHeader(file, in, "field " + f + " beyond the " + fields + " fields of format '" + format + "'");
    }
    if (id == 0) throw badHeader(file, in, "no object id field");
    for (int f : new int[] {id, size, op}) {
      if (f > 0 && "fd".indexOf(format.charAt(f)) >= 0) throw badHeader(file, in, "field " + f + " is a float in format '" + format + "'");
    }
    long nReq = h.getLong(488);
    if (nReq < 0) throw badHeader(file, in, "negative n_req " + nReq);
    return new Layout("format " + format, OLD_HEADER_BYTES, itemSize, offsets[id], format.charAt(id),
        size == 0 ? -1 : offsets[size], size == 0 ? 'B' : format.charAt(size), op == 0 ? -1 : offsets[op],
        op == 0 ? 'B' : format.charAt(op), nReq);
  }

  /** Bytes of a struct-string type, as libCacheSim's {@code format_to_size}; -1 for an unknown one. */
  private static int width(char type) {
    return switch (type) {
      case 'c', 'b', 'B' -> 1;
      case 'h', 'H' -> 2;
      case 'i', 'I', 'l', 'L', 'f' -> 4;
      case 'q', 'Q', 'd' -> 8;
      default -> -1;
    };
  }

  /** The integer of struct type {@code type} at {@code at}: lower case signed, upper case unsigned. */
  private static long read(ByteBuffer b, int at, char type) {
    return switch (type) {
      case 'b', 'c' -> b.get(at);
      case 'B' -> b.get(at) & 0xffL;
      case 'h' -> b.getShort(at);
      case 'H' -> b.getShort(at) & 0xffffL;
      case 'i', 'l' -> b.getInt(at);
      case 'I', 'L' -> b.getInt(at) & 0xffffffffL;
      default -> b.getLong(at);
    };
  }

  private static final class LcsSource extends FixedRecordSource {
    private static final int READ = EventMeta.pack(false, AccessStrategy.NORMAL, 0);
    private static final int WRITE = EventMeta.pack(true, AccessStrategy.NORMAL, 0);
    private final Layout layout;
    private final long pageSize;
    private long read;

    LcsSource(Path file, InputStream in, Layout layout, long pageSize, long expected) {
      super(file, in, layout.recordBytes(), expected);
      this.layout = layout;
      this.pageSize = pageSize;
      if (pageSize > 0 && layout.sizeAt() < 0) {
        close();
        throw new TraceException(file.toString(), "header", "pageSize needs a size field, and this lcs layout (" + layout.label() + ") has none");
      }
    }

    @Override
    public Set<EventField> carries() {
      return layout.opAt() < 0 ? EnumSet.noneOf(EventField.class) : EnumSet.of(EventField.WRITES);
    }

    @Override
    protected String where() {
      return "record " + recordNumber() + " (lcs " + layout.label() + ")";
    }

    @Override
    protected void decode(ByteBuffer r, int at) {
      long id = read(r, at + layout.idAt(), layout.idType());
      int meta = READ;
      if (layout.opAt() >= 0) {
        long op = read(r, at + layout.opAt(), layout.opType());
        if (op < 0 || op >= OP_INVALID) throw malformed("operation " + op + " is not one of libCacheSim's req_op_e (0..14)");
        meta = op == 0 || op == 1 || op == 2 || op == 12 ? READ : WRITE;
      }
      read++;
      if (pageSize > 0) {
        long size = read(r, at + layout.sizeAt(), layout.sizeType());
        if (size < 0) throw malformed("size is negative: " + size);
        runOfBytes(id, size, pageSize, meta);
      } else {
        run(id, 1, meta);
      }
    }

    @Override
    protected void atEnd() {
      if (layout.announced() > 0 && read != layout.announced()) {
        throw new TraceException(file().toString(), "record " + (read + 1),
            "the header announces " + layout.announced() + " requests, the file ends after " + read);
      }
    }
  }
}
