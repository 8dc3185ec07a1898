package dev.bufmgr.workloads.support;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Binary trace files written by hand for the tests, from the layouts libCacheSim documents (see
 * {@code LcsFormat} and {@code VscsiFormat} for the files followed): little-endian bytes put one
 * field at a time, so a test's expected requests never come from a writer under test.
 */
public final class TraceBytes {
  public static final long LCS_MAGIC = 0x123456789abcdef0L;
  public static final int[] LCS_RECORD_BYTES = {0, 24, 28, 36, 40, 44, 52, 68, 100};

  private TraceBytes() {}

  /** A versioned lcs file: an 8192-byte header announcing {@code ids.length} requests, then the records. */
  public static byte[] lcs(int version, long[] ids, int[] ops) {
    int rec = LCS_RECORD_BYTES[version];
    ByteBuffer b = ByteBuffer.allocate(8192 + rec * ids.length).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(0, LCS_MAGIC).putLong(8, version);
    b.putLong(16, 1).putLong(24, ids.length).putLong(32, ids.length);
    b.putLong(8184, LCS_MAGIC);
    for (int i = 0; i < ids.length; i++) {
      int at = 8192 + i * rec;
      b.putInt(at, 100 + i).putLong(at + 4, ids[i]);
      if (version <= 2) b.putInt(at + 12, 4096);
      else b.putLong(at + 12, 4096);
      if (version == 2) b.putInt(at + 16, ops[i] | (7 << 8));
      if (version >= 3) b.putInt(at + 20, ops[i] | (7 << 8)).putInt(at + 24, 60);
      int nextAt = version == 1 ? 16 : version == 2 ? 20 : 28;
      b.putLong(at + nextAt, -1);
      for (int f = at + 36; f < at + rec; f += 4) b.putInt(f, 0x55555555);
    }
    return b.array();
  }

  /**
   * A format-string lcs file as traceConv at aa0fc40 writes it: a 1024-byte header with format
   * {@code <IQIQ} (time, id, size, next access: fields 1 to 4), then 24-byte records.
   */
  public static byte[] lcsFormatString(long[] ids) {
    ByteBuffer b = ByteBuffer.allocate(1024 + 24 * ids.length).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(0, LCS_MAGIC);
    byte[] format = "<IQIQ".getBytes();
    for (int i = 0; i < format.length; i++) b.put(8 + i, format[i]);
    b.put(248, (byte) 2).put(249, (byte) 3).put(250, (byte) 1).put(252, (byte) 4);
    b.putLong(488, ids.length);
    b.putInt(1000, 4).putInt(1004, 24);
    b.putLong(1016, LCS_MAGIC);
    for (int i = 0; i < ids.length; i++) {
      int at = 1024 + 24 * i;
      b.putInt(at, i).putLong(at + 4, ids[i]).putInt(at + 12, 512).putLong(at + 16, -1);
    }
    return b.array();
  }

  /** vscsi1: 32-byte records {@code u32 sn, u32 len, u32 nSG, u16 cmd, u16 ver, u64 lbn, u64 ts}. */
  public static byte[] vscsi1(long[] lbn, int[] len, int[] cmd) {
    ByteBuffer b = ByteBuffer.allocate(32 * lbn.length).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < lbn.length; i++) {
      int at = 32 * i;
      b.putInt(at, i).putInt(at + 4, len[i]).putInt(at + 8, 1).putShort(at + 12, (short) cmd[i]).putShort(at + 14, (short) 0x0100)
          .putLong(at + 16, lbn[i]).putLong(at + 24, 1_000_000L * i);
    }
    return b.array();
  }

  /** vscsi2: 40-byte records {@code u16 cmd, u16 ver, u32 sn, u32 len, u32 nSG, u64 lbn, u64 ts, u64 rt}. */
  public static byte[] vscsi2(long[] lbn, int[] len, int[] cmd) {
    ByteBuffer b = ByteBuffer.allocate(40 * lbn.length).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < lbn.length; i++) {
      int at = 40 * i;
      b.putShort(at, (short) cmd[i]).putShort(at + 2, (short) 0x0200).putInt(at + 4, i).putInt(at + 8, len[i]).putInt(at + 12, 1)
          .putLong(at + 16, lbn[i]).putLong(at + 24, 1_000_000L * i).putLong(at + 32, 250);
    }
    return b.array();
  }

  /** oracleGeneral: 24-byte records {@code u32 time, u64 id, u32 size, i64 next}. */
  public static byte[] oracleGeneral(long[] ids, int[] sizes) {
    ByteBuffer b = ByteBuffer.allocate(24 * ids.length).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < ids.length; i++) b.putInt(24 * i, i).putLong(24 * i + 4, ids[i]).putInt(24 * i + 12, sizes[i]).putLong(24 * i + 16, -1);
    return b.array();
  }
}
