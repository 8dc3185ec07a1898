package dev.bufmgr.pipeline;

import dev.bufmgr.wal.GreedyPolicy;
import dev.bufmgr.wal.GroupCommitter;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.WalLog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.wal.device.Device;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Write-ahead through the hook: the log reaches the page's LSN before the page is written. */
class WalWriteBackTest {

  /** A device that records, in order, how far the log was written and which pages were written. */
  static final class RecordingDevice implements Device {
    final List<String> events = Collections.synchronizedList(new ArrayList<>());
    volatile long logEnd;

    @Override
    public synchronized void writeLog(long position, ByteBuffer data) {
      logEnd = position + data.remaining();
      events.add("log:" + logEnd);
    }

    @Override
    public synchronized void writePage(long page, ByteBuffer data) {
      events.add("page:" + page + "@" + logEnd + ":" + data.remaining());
    }

    @Override
    public long busyNanos() {
      return 0;
    }

    @Override
    public long busyNanos(dev.bufmgr.wal.device.IoKind kind) {
      return 0;
    }

    @Override
    public String spec() {
      return "recording";
    }
  }

  @Test
  void aDirtyPageWaitsForTheLogUpToItsLsn() throws Exception {
    RecordingDevice dev = new RecordingDevice();
    WalLog log = new WalLog(LogFormat.FIRST_LSN, 1 << 16);
    try (GroupCommitter c = new GroupCommitter(new GreedyPolicy(), log, dev, false, 1).start()) {
      WalWriteBack hook = new WalWriteBack(log, c, dev, 8192, new dev.bufmgr.wal.device.StoredPages());
      long pageLsn = log.insertPageChange(42, 0, 72, 8192);
      assertTrue(hook.needsWalFlush(pageLsn));
      hook.writeBack(3, 42, pageLsn, null);
      assertFalse(hook.needsWalFlush(pageLsn));
      assertEquals(List.of("log:" + pageLsn, "page:42@" + pageLsn + ":8192"), dev.events);
    }
  }

  @Test
  void aPageAlreadyCoveredByTheLogIsWrittenWithoutAFlush() throws Exception {
    RecordingDevice dev = new RecordingDevice();
    WalLog log = new WalLog(LogFormat.FIRST_LSN, 1 << 16);
    try (GroupCommitter c = new GroupCommitter(new GreedyPolicy(), log, dev, false, 1).start();
        Arena arena = Arena.ofConfined()) {
      long commitLsn = c.commit(0, 1, 8);
      WalWriteBack hook = new WalWriteBack(log, c, dev, 8192, new dev.bufmgr.wal.device.StoredPages());
      MemorySegment frame = arena.allocate(4096);
      hook.writeBack(0, 7, commitLsn, frame);
      assertEquals(List.of("log:" + commitLsn, "page:7@" + commitLsn + ":4096"), dev.events);
      hook.writeBack(0, 8, 0, frame); // never logged
      assertEquals(3, dev.events.size());
    }
  }
}
