package dev.bufmgr.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.bufmgr.wal.device.Device;
import dev.bufmgr.wal.device.IoKind;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** The records WalLog writes have the layout LogFormat documents: length, checksum, type, payload length, own LSN, payload. */
class LogFormatTest {
  /** A device that keeps the log bytes it is given. */
  private static final class KeptLog implements Device {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    @Override
    public void writeLog(long position, ByteBuffer data) {
      while (data.hasRemaining()) bytes.write(data.get());
    }

    @Override
    public void writePage(long page, ByteBuffer data) {}

    @Override
    public long busyNanos() {
      return 0;
    }

    @Override
    public long busyNanos(IoKind kind) {
      return 0;
    }

    @Override
    public String spec() {
      return "kept";
    }
  }

  @Test
  void recordsCarryTheirLsnAndTheDocumentedChecksum() throws Exception {
    long identity = 0x1234_5678_9ABC_DEF0L;
    WalLog log = new WalLog(LogFormat.FIRST_LSN, 1 << 16, identity);
    long end1 = log.insertCommit(77, 100);
    long end2 = log.insertPageChange(5, 0, 40, 0);
    KeptLog dev = new KeptLog();
    log.flushTo(log.insertLsn(), dev);
    byte[] b = dev.bytes.toByteArray();
    ByteBuffer v = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(104, v.getInt(0), "100 bytes rounded up to 8");
    assertEquals(LogFormat.COMMIT, v.get(8));
    assertEquals(104 - LogFormat.RECORD_HEADER, v.getInt(12));
    assertEquals(LogFormat.FIRST_LSN, v.getLong(LogFormat.LSN_FIELD));
    assertEquals(77, v.getLong(LogFormat.RECORD_HEADER));
    assertEquals(LogFormat.checksum(b, 0, 104, identity), v.getInt(4));
    assertNotEquals(LogFormat.checksum(b, 0, 104, identity + 1), v.getInt(4), "the checksum covers the identity");
    assertEquals(LogFormat.FIRST_LSN + 104, end1);
    assertEquals(LogFormat.PAGE_CHANGE, v.get(104 + 8));
    assertEquals(end1, v.getLong(104 + LogFormat.LSN_FIELD));
    assertEquals(LogFormat.checksum(b, 104, 40, identity), v.getInt(104 + 4));
    assertEquals(end1 + 40, end2);
  }
}
