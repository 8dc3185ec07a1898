package dev.bufmgr.workloads.trace;

import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.event.EventField;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.resource.IoReasons;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * VMware vscsi block traces (the CloudPhysics traces), as libCacheSim's {@code
 * libCacheSim/traceReader/customizedReader/vscsi.h} reads them (commit aa0fc40), little-endian,
 * no header:
 *
 * <ul>
 *   <li>vscsi1, 32-byte records {@code u32 sn, u32 len, u32 nSG, u16 cmd, u16 ver, u64 lbn, u64
 *       ts};
 *   <li>vscsi2, 40-byte records {@code u16 cmd, u16 ver, u32 sn, u32 len, u32 nSG, u64 lbn, u64
 *       ts, u64 rt}.
 * </ul>
 *
 * The version is told as {@code test_vscsi_version} tells it: {@code ver >> 8} is 2 in the first
 * two records read as vscsi2, else 1 in the first two read as vscsi1. libCacheSim refuses a file
 * shorter than two vscsi2 records (80 bytes); here a vscsi1 file of two records (64 bytes) is
 * read, and one record is too short to tell. Every later record must carry the same version, so
 * a file of the wrong kind or cut out of step is refused at the first record that does not.
 *
 * <p>The logical block number {@code lbn} is the page id, as libCacheSim makes it the object id.
 * With {@code pageSize=N} the request is instead split into the pages its bytes touch: {@code
 * len} bytes from byte {@code lbn x blockSize} (default 512, the SCSI sector). {@code cmd} is the
 * SCSI operation code (SBC-3): WRITE(6) 0x0a, WRITE(10) 0x2a, WRITE(12) 0xaa and WRITE(16) 0x8a
 * are writes, every other command a read (libCacheSim does not read the operation).
 */
public final class VscsiFormat implements TraceFormat {
  private static final int V1_BYTES = 32;
  private static final int V2_BYTES = 40;

  @Override
  public String name() {
    return "vscsi";
  }

  @Override
  public String description() {
    return "VMware vscsi block traces (vscsi1 32-byte, vscsi2 40-byte records), as libCacheSim's vscsi reader";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ParameterSpec.integer("pageSize", 0, 1, 1L << 30, "bytes per page: split each request's bytes into pages").asOptional(),
        ParameterSpec.integer("blockSize", 512, 1, 1L << 20, "bytes per lbn (with pageSize)"));
  }

  /** The version the first bytes tell (1 or 2), or 0 when they tell neither. */
  static int version(byte[] first, int n) {
    ByteBuffer b = ByteBuffer.wrap(first).order(ByteOrder.LITTLE_ENDIAN);
    if (n >= 2 * V2_BYTES && (b.getShort(2) & 0xffff) >> 8 == 2 && (b.getShort(V2_BYTES + 2) & 0xffff) >> 8 == 2) return 2;
    if (n >= 2 * V1_BYTES && (b.getShort(14) & 0xffff) >> 8 == 1 && (b.getShort(V1_BYTES + 14) & 0xffff) >> 8 == 1) return 1;
    return 0;
  }

  @Override
  public EventSource open(Path file, Parameters options) {
    long pageSize = options.has("pageSize") ? options.longValue("pageSize") : 0;
    long blockSize = options.longValue("blockSize");
    BufferedInputStream in = new BufferedInputStream(TraceFiles.open(file), 2 * V2_BYTES);
    byte[] first = new byte[2 * V2_BYTES];
    int n;
    try {
      in.mark(first.length);
      n = in.readNBytes(first, 0, first.length);
      in.reset();
    } catch (IOException e) {
      TraceFiles.closeQuietly(in);
      throw new TraceException(file.toString(), "record 1", "cannot read: " + IoReasons.of(e));
    }
    if (n == 0) {
      TraceFiles.closeQuietly(in);
      throw new TraceException(file.toString(), "empty file");
    }
    int version = version(first, n);
    if (version == 0) {
      TraceFiles.closeQuietly(in);
      throw new TraceException(file.toString(), "records 1-2", n < 2 * V1_BYTES
          ? "too short to tell its vscsi version (" + n + " bytes; two records are read to tell it)"
          : "not a vscsi trace (the version byte of the first two records is neither vscsi1's 1 nor vscsi2's 2)");
    }
    int recordBytes = version == 1 ? V1_BYTES : V2_BYTES;
    long plain = TraceFiles.plainSize(file);
    return new VscsiSource(file, in, version, recordBytes, plain < 0 ? -1 : plain / recordBytes, pageSize, blockSize);
  }

  private static final class VscsiSource extends FixedRecordSource {
    private static final int READ = EventMeta.pack(false, AccessStrategy.NORMAL, 0);
    private static final int WRITE = EventMeta.pack(true, AccessStrategy.NORMAL, 0);
    private final int version;
    private final int verAt;
    private final int cmdAt;
    private final int lenAt;
    private final long pageSize;
    private final long blockSize;

    VscsiSource(Path file, InputStream in, int version, int recordBytes, long expected, long pageSize, long blockSize) {
      super(file, in, recordBytes, expected);
      this.version = version;
      this.verAt = version == 1 ? 14 : 2;
      this.cmdAt = version == 1 ? 12 : 0;
      this.lenAt = version == 1 ? 4 : 8;
      this.pageSize = pageSize;
      this.blockSize = blockSize;
    }

    @Override
    public Set<EventField> carries() {
      return EnumSet.of(EventField.WRITES);
    }

    @Override
    protected String where() {
      return "record " + recordNumber() + " (vscsi" + version + ")";
    }

    @Override
    protected void decode(ByteBuffer r, int at) {
      int ver = (r.getShort(at + verAt) & 0xffff) >> 8;
      if (ver != version) throw malformed("version byte " + ver + ", not vscsi" + version + "'s " + version);
      int cmd = r.getShort(at + cmdAt) & 0xff;
      int meta = cmd == 0x0a || cmd == 0x2a || cmd == 0xaa || cmd == 0x8a ? WRITE : READ;
      long lbn = r.getLong(at + 16);
      if (pageSize == 0) {
        run(lbn, 1, meta);
        return;
      }
      long len = r.getInt(at + lenAt) & 0xffffffffL;
      if (Long.compareUnsigned(lbn, Long.divideUnsigned(-1L, blockSize)) > 0) {
        throw malformed("lbn " + Long.toUnsignedString(lbn) + " x " + blockSize + " bytes is beyond 2^64");
      }
      runOfBytes(lbn * blockSize, len, pageSize, meta);
    }
  }
}
