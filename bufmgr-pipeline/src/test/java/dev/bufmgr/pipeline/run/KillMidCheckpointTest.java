package dev.bufmgr.pipeline.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.wal.store.AckLog;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import dev.bufmgr.core.resource.ThreadFailure;
import dev.bufmgr.core.testing.ListSource;
import dev.bufmgr.pipeline.RealTimePipeline;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.device.Device;
import dev.bufmgr.wal.device.IoKind;
import dev.bufmgr.wal.sim.ThinkTime;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kill planted in the middle of a checkpoint of a real-clock run on {@code file:}: one client
 * changes pages 1..6, requests a checkpoint (which completes: its pages written and forced, the
 * log's start moved to its redo point), changes pages 1..10, requests a second checkpoint, and the
 * device stops taking any write after the second checkpoint's fourth page, as a kill at that
 * moment leaves the files (the checkpoint neither forced nor recorded as complete). Recovery must
 * lose no acknowledged transaction and start from the first checkpoint's redo point: the second
 * checkpoint's redo point follows every change of the second transaction, and pages 5..10 are on
 * storage without them.
 */
class KillMidCheckpointTest {
  private static final int FIRST_CHECKPOINT_WRITES = 6;
  private static final int WRITES_BEFORE_THE_KILL = FIRST_CHECKPOINT_WRITES + 4;

  @TempDir Path dir;

  /** A device that passes every call on until the planted page write, then refuses everything, as a killed process writes nothing. */
  private static final class KilledAfter implements Device {
    private final Device device;
    private final int pageWrites;
    private int written;
    private boolean killed;
    final List<Long> checkpointed = new ArrayList<>();

    KilledAfter(Device device, int pageWrites) {
      this.device = device;
      this.pageWrites = pageWrites;
    }

    private synchronized void alive() throws IOException {
      if (killed) throw new IOException("planted kill");
    }

    @Override
    public void writeLog(long position, ByteBuffer data) throws IOException {
      alive();
      device.writeLog(position, data);
    }

    @Override
    public void writePage(long page, ByteBuffer data) throws IOException {
      synchronized (this) {
        alive();
        if (written == pageWrites) {
          killed = true;
          alive();
        }
        written++;
      }
      device.writePage(page, data);
    }

    @Override
    public void syncData() throws IOException {
      alive();
      device.syncData();
    }

    @Override
    public void logCheckpointed(long redoLsn) throws IOException {
      alive();
      device.logCheckpointed(redoLsn);
      checkpointed.add(redoLsn);
    }

    @Override
    public long logIdentity() {
      return device.logIdentity();
    }

    @Override
    public long busyNanos() {
      return device.busyNanos();
    }

    @Override
    public long busyNanos(IoKind kind) {
      return device.busyNanos(kind);
    }

    @Override
    public String spec() {
      return device.spec();
    }
  }

  private static int change() {
    return EventMeta.change(AccessStrategy.NORMAL, 1, 72, false);
  }

  @Test
  void redoStartsFromTheLastCompletedCheckpointAndLosesNothing() throws Exception {
    ListSource input = new ListSource().add(0, EventMeta.begin());
    for (long p = 1; p <= 6; p++) input.add(p, change());
    input.add(0, EventMeta.commit(34)).add(0, EventMeta.checkpoint()).add(0, EventMeta.begin());
    for (long p = 1; p <= 10; p++) input.add(p, change());
    input.add(0, EventMeta.commit(34)).add(0, EventMeta.checkpoint()).add(0, EventMeta.begin()).add(11, change())
        .add(0, EventMeta.commit(34));
    PipelineSettings settings = new PipelineSettings(64, true, true, 1, new ThinkTime(0, ThinkTime.Distribution.CONST), null, null,
        3, 0, 0, 1_000_000_000L, 1, true);
    var policy = ReleasePolicies.parse("greedy");
    PipelineDevice device = PipelineDevice.parse("file:" + dir, true);
    Path folder;
    KilledAfter killed;
    try (PipelineDevice.Opened d = device.open(1, 1);
        RunRecords records = RunRecords.open(d.folder(), new PipelineRun(settings, "gclock", policy.spec(), "planted", device.spec(),
            "flusher"))) {
      folder = d.folder();
      killed = new KilledAfter(d.device(), WRITES_BEFORE_THE_KILL);
      RealTimePipeline p = new RealTimePipeline(settings.config(Spec.of("gclock"), policy), input, killed, d.startLsn(),
          SelectorRegistry.load(), records);
      ThreadFailure f = assertThrows(ThreadFailure.class, p::run);
      assertTrue(String.valueOf(f.getMessage()).contains("checkpointer"), f.getMessage());
    }
    assertEquals(1, killed.checkpointed.size(), "only the first checkpoint completed");
    long firstRedo = killed.checkpointed.getFirst();

    List<AckLog.Transaction> acked = new ArrayList<>();
    AckLog.readTransactions(folder.resolve(RunRecords.ACKS), acked::add);
    assertEquals(2, acked.size(), "both transactions before the second checkpoint were acknowledged");
    AckLog.Transaction second = acked.get(1);
    assertEquals(10, second.pages().length);
    Map<Long, Long> stored = headers(folder.resolve(PipelineDevice.DATA_FILE));
    int stale = 0;
    for (int i = 0; i < second.pages().length; i++) {
      assertTrue(second.lsns()[i] > firstRedo, "the second transaction's changes follow the first redo point");
      if (stored.getOrDefault(second.pages()[i], 0L) < second.lsns()[i]) stale++;
    }
    assertEquals(6, stale, "pages 5..10 are on storage without the second transaction's change, which precedes the second "
        + "checkpoint's redo point: only a redo from the first one brings them back");

    RunRecovery.Result r = RunRecovery.recover(folder);
    assertEquals(firstRedo, r.redo(), "redo starts from the last completed checkpoint's redo point");
    assertEquals(List.of(), r.lost());
    assertEquals(List.of(), r.unrecoverable());
    assertEquals(2, r.transactions());
    assertEquals(6, r.pagesRepaired());
  }

  /** Each page's LSN in the data file's headers (page id and LSN, little-endian, at the start of each 8 KiB slot). */
  private static Map<Long, Long> headers(Path file) throws IOException {
    Map<Long, Long> m = new HashMap<>();
    try (FileChannel ch = FileChannel.open(file)) {
      ByteBuffer h = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
      for (long pos = 0; pos + 16 <= ch.size(); pos += 8192) {
        h.clear();
        ch.read(h, pos);
        if (h.getLong(8) != 0) m.merge(h.getLong(0), h.getLong(8), Math::max);
      }
    }
    return m;
  }
}
