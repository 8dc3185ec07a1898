package dev.bufmgr.wal.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileDeviceTest {
  @TempDir Path dir;

  private static FileChannel open(Path p) throws IOException {
    return FileChannel.open(p, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
  }

  /** A log sink that keeps what it was given. */
  private static final class KeptLog implements LogSink {
    final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

    @Override
    public long identity() {
      return 7;
    }

    @Override
    public void append(long lsn, ByteBuffer b) {
      assertEquals(bytes.size(), lsn, "appended in LSN order");
      while (b.hasRemaining()) bytes.write(b.get());
    }

    @Override
    public void close() {}
  }

  @Test
  void logWritesLandAtTheirLsnAndPagesInTheOrderFirstWritten() throws IOException {
    KeptLog log = new KeptLog();
    Path data = dir.resolve("data");
    try (FileDevice dev = new FileDevice(log, open(data), 4096, "file:test")) {
      dev.writeLog(0, ByteBuffer.wrap(new byte[] {1, 2, 3}));
      dev.writeLog(3, ByteBuffer.wrap(new byte[] {4}));
      byte[] page = new byte[4096];
      page[0] = 9;
      dev.writePage(1L << 40, ByteBuffer.wrap(page));
      page[0] = 7;
      dev.writePage(5, ByteBuffer.wrap(page));
      page[0] = 8;
      dev.writePage(1L << 40, ByteBuffer.wrap(page));
      dev.syncData();
      assertEquals(2, dev.pagesWritten());
      assertTrue(dev.busyNanos(IoKind.LOG) > 0 && dev.busyNanos(IoKind.PAGE) > 0 && dev.busyNanos(IoKind.DATA_SYNC) > 0);
      assertEquals(dev.busyNanos(), dev.busyNanos(IoKind.LOG) + dev.busyNanos(IoKind.PAGE) + dev.busyNanos(IoKind.DATA_SYNC));
    }
    assertEquals(4, log.bytes.size());
    assertEquals(List.of((byte) 1, (byte) 2, (byte) 3, (byte) 4), List.of(log.bytes.toByteArray()[0], log.bytes.toByteArray()[1],
        log.bytes.toByteArray()[2], log.bytes.toByteArray()[3]));
    byte[] d = Files.readAllBytes(data);
    assertEquals(2 * 4096, d.length, "a page id of 2^40 still takes one slot");
    assertEquals(8, d[0], "rewritten in its slot");
    assertEquals(7, d[4096]);
  }

  @Test
  void aDeviceWithoutADataFileRefusesPages() throws IOException {
    try (FileDevice dev = new FileDevice(new KeptLog(), null, 4096, "file:test")) {
      assertThrows(IOException.class, () -> dev.writePage(0, ByteBuffer.allocate(4096)));
    }
  }

  @Test
  void anEmulatedDeviceServesOneWriteAtATime() throws Exception {
    EmulatedDevice dev = new EmulatedDevice(DeviceModels.parse("fixed:f0=5ms"), 1);
    long t0 = System.nanoTime();
    Thread a = Thread.ofPlatform().start(() -> dev.serve(0));
    Thread b = Thread.ofPlatform().start(() -> dev.serve(0));
    a.join();
    b.join();
    assertTrue(System.nanoTime() - t0 >= 10_000_000, "two 5 ms writes take at least 10 ms");
    assertEquals(10_000_000, dev.busyNanos());
  }
}
