package dev.bufmgr.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.resource.ThreadFailure;
import dev.bufmgr.wal.device.Device;
import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.IoKind;
import dev.bufmgr.wal.device.EmulatedDevice;
import dev.bufmgr.wal.device.FileDevice;
import dev.bufmgr.wal.device.FixedLatency;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.testing.RecoveryCheck;
import dev.bufmgr.core.testing.SecondChanceFactory;
import dev.bufmgr.core.testing.TransactionalSource;
import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.VirtualWal;
import dev.bufmgr.pipeline.WalWriteBack;
import dev.bufmgr.wal.store.DirectoryStorage;
import dev.bufmgr.wal.store.DurableLog;
import dev.bufmgr.wal.store.LogLayout;
import dev.bufmgr.wal.store.RecordVisitor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pipeline on real threads, against the simulation and on a real log and data file. */
class RealTimePipelineTest {
  private static final SelectorRegistry REGISTRY = SecondChanceFactory.registry();
  private static final DeviceModel FAST = new DeviceModel(new FixedLatency(20_000), 0, 5_000);
  private static final long MS = 1_000_000;

  @TempDir Path dir;

  private static PipelineResult sim(PipelineConfig c, long seed) {
    return new PipelineSimulation(c, TransactionalSource.endless(seed, 400, 6, 0.5), FAST, REGISTRY,
        new VirtualWal(LogFormat.FIRST_LSN)).run();
  }

  private static PipelineResult real(PipelineConfig c, long seed) throws Exception {
    try (EmulatedDevice d = new EmulatedDevice(FAST, 1)) {
      return new RealTimePipeline(c, TransactionalSource.endless(seed, 400, 6, 0.5), d, LogFormat.FIRST_LSN, REGISTRY).run();
    }
  }

  @Test
  void oneClientMakesTheSimulationsRequestsInItsOrder() throws Exception {
    PipelineConfig c = PipelineSimulationTest.config(32, 1, "greedy", 0, 600, 0, true);
    PipelineResult s = sim(c, 9);
    PipelineResult r = real(c, 9);
    assertEquals(600, r.transactions());
    assertEquals(s.wal(), r.wal(), "the same records, images and bytes");
    assertEquals(s.hits(), r.hits());
    assertEquals(s.misses(), r.misses());
    assertEquals(s.evictions(), r.evictions());
    assertEquals(s.dirtyEvictions(), r.dirtyEvictions());
    assertEquals(s.backendWrites(), r.backendWrites());
    assertTrue(r.backendWrites() > 100, "the small pool makes the client write victims: " + r.backendWrites());
  }

  @Test
  void manyClientsLogTheSameBytesAsTheSimulation() throws Exception {
    PipelineConfig c = PipelineSimulationTest.config(48, 6, "greedy", 0, 1200, 0, true);
    PipelineResult s = sim(c, 4);
    PipelineResult r = real(c, 4);
    assertEquals(1200, r.transactions());
    assertEquals(s.wal(), r.wal(), "without checkpoints every page's first change logs its image, in either clock");
    assertEquals(s.hits() + s.misses(), r.hits() + r.misses());
  }

  @Test
  void bothFlushModesWriteVictimsOnlyAfterTheLog() throws Exception {
    // Six clients on a small pool write dirty victims themselves: each write asks the committer
    // for the log up to the page's LSN (in leader mode the writer may lead that flush), and the
    // stored pages refuse a write ahead of the log.
    PipelineConfig c = PipelineSimulationTest.config(32, 6, "greedy", 0, 1200, 0, true);
    PipelineResult s = sim(c, 5);
    for (FlushMode mode : FlushMode.values()) {
      PipelineConfig m = new PipelineConfig(c.frames(), c.selector(), c.rings(), c.pageSize(), c.fullPageWrites(),
          c.clients(), c.think(), c.policy(), c.checkpoints(), c.bgwriter(), c.transactions(), c.durationNanos(),
          c.warmupFraction(), c.intervalNanos(), c.seed(), mode);
      PipelineResult r = real(m, 5);
      assertEquals(1200, r.transactions(), mode.spec());
      assertEquals(s.wal(), r.wal(), mode.spec());
      assertTrue(r.backendWrites() > 50, mode.spec() + ": victims written by clients: " + r.backendWrites());
    }
  }

  /**
   * A run of a fixed number of transactions whose workload asks for a CHECKPOINT every 40 of them
   * (each waited for by the client that asked), so it checkpoints at least twice however slow the
   * machine; the timed checkpoints every 40 ms come on top, as many as the run's length allows.
   */
  @Test
  void aRealLogAndDataFileRecoverEveryDurableChange() throws Exception {
    PipelineConfig c = PipelineSimulationTest.config(24, 4, "greedy", 40 * MS, 100, 0, true);
    PipelineResult r = checkRecoveryOnFiles(c, TransactionalSource.endless(2, 300, 6, 0.5).withCheckpointEvery(40));
    assertEquals(100, r.transactions());
  }

  /**
   * A fixed number of transactions, with a CHECKPOINT asked for every 150 of them so that two
   * complete however slow the machine; the spread timed checkpoints (every 150 ms) and the
   * background writer's rounds (every 10 ms) come on top, the more the slower the run.
   */
  @Test
  void withTheBackgroundWriterAndSpreadCheckpointsOnManyClientsNothingIsLost() throws Exception {
    PipelineConfig c = PipelineSimulationTest.config(48, 8, "greedy", new CheckpointSettings(150 * MS, 1L << 30, 0.5),
        new BgWriterSettings(10 * MS, 20, 2.0), 400, 0, true);
    PipelineResult r = checkRecoveryOnFiles(c, TransactionalSource.endless(2, 300, 6, 0.5).withCheckpointEvery(150));
    assertEquals(400, r.transactions());
    assertTrue(r.bgwriterWrites() > 0, "the background writer wrote " + r.bgwriterWrites());
    assertTrue(r.checkpointWrites() > 0);
  }

  @Test
  void aFailingCheckpointerFailsTheRunWithItsCause() throws Exception {
    PipelineConfig c = PipelineSimulationTest.config(48, 4, "greedy", new CheckpointSettings(20 * MS, 1L << 30, 0), null, 0, 5000 * MS, true);
    Throwable t = failedRun(c, "checkpointer", false);
    assertTrue(causes(t).contains("injected sync failure"), causes(t));
    assertEquals("checkpointer", assertInstanceOf(ThreadFailure.class, t).thread(), "the failure names the checkpointer's thread");
  }

  @Test
  void aFailingBackgroundWriterFailsTheRunWithItsCause() throws Exception {
    PipelineConfig c = PipelineSimulationTest.config(32, 4, "greedy", null, new BgWriterSettings(10 * MS, 20, 2.0), 0, 5000 * MS, true);
    Throwable t = failedRun(c, "bgwriter", true);
    assertTrue(causes(t).contains("injected page write failure"), causes(t));
    assertEquals("bgwriter", assertInstanceOf(ThreadFailure.class, t).thread(), "the failure names the background writer's thread");
  }

  /** Runs {@code c} on a device that fails the data file's force, or every page write made on thread {@code thread}; returns what the run threw. */
  private static Throwable failedRun(PipelineConfig c, String thread, boolean pageWrites) throws Exception {
    try (EmulatedDevice d = new EmulatedDevice(FAST, 1)) {
      Device failing = new Device() {
        @Override
        public void writeLog(long position, ByteBuffer data) throws IOException {
          d.writeLog(position, data);
        }

        @Override
        public void writePage(long page, ByteBuffer data) throws IOException {
          if (pageWrites && Thread.currentThread().getName().equals(thread)) throw new IOException("injected page write failure");
          d.writePage(page, data);
        }

        @Override
        public void syncData() throws IOException {
          if (!pageWrites) throw new IOException("injected sync failure");
        }

        @Override
        public long busyNanos() {
          return d.busyNanos();
        }

        @Override
        public long busyNanos(IoKind kind) {
          return d.busyNanos(kind);
        }

        @Override
        public String spec() {
          return "failing";
        }
      };
      long t0 = System.nanoTime();
      RealTimePipeline p = new RealTimePipeline(c, TransactionalSource.endless(3, 400, 6, 0.5), failing, LogFormat.FIRST_LSN, REGISTRY);
      Throwable t = assertThrows(RuntimeException.class, p::run);
      assertTrue(System.nanoTime() - t0 < c.durationNanos(), "the failure ended the run early");
      return t;
    }
  }

  private static String causes(Throwable t) {
    StringBuilder b = new StringBuilder();
    for (Throwable x = t; x != null; x = x.getCause()) b.append(x).append(" <- ");
    return b.toString();
  }

  private PipelineResult checkRecoveryOnFiles(PipelineConfig c, TransactionalSource source) throws Exception {
    Path folder = Files.createTempDirectory(dir, "run");
    DurableLog.Opened log = DurableLog.open(folder, true, LogLayout.MIN_SEGMENT);
    Path dataFile = folder.resolve("data.pages");
    long durable;
    long redo;
    PipelineResult r;
    try (FileChannel data = FileChannel.open(dataFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileDevice device = new FileDevice(log.writer(), data, 8192, "file:" + folder)) {
      RealTimePipeline p = new RealTimePipeline(c, source, device, log.endLsn(), REGISTRY);
      r = p.run();
      // Real fsyncs: a loaded machine commits far fewer in the same time, so ask only for enough
      // work to have written pages back and checkpointed more than once.
      assertTrue(r.transactions() >= 10 && r.backendWrites() + r.bgwriterWrites() >= 10,
          "transactions " + r.transactions() + ", page writes " + (r.backendWrites() + r.bgwriterWrites()));
      assertTrue(r.checkpoints().done() >= 2, "checkpoints: " + r.checkpoints());
      durable = p.wal().flushedLsn();
      redo = p.lastCompletedRedo();
    }
    List<long[]> records = new ArrayList<>();
    DurableLog.inspect(new DirectoryStorage(folder), new RecordVisitor() {
      @Override
      public void pageChange(long page, long end, int imageBytes) {
        records.add(new long[] {page, end});
      }
    });
    // Checkpoints recycle the segments wholly before their redo point, so on a slow machine the
    // log kept may hold no page change at all (seen once in CI); then every change must be on disk.
    if (!records.isEmpty()) assertTrue(records.getLast()[1] <= durable);
    Map<Long, Long> onDisk = new HashMap<>();
    ByteBuffer page = ByteBuffer.allocate(8192).order(ByteOrder.LITTLE_ENDIAN);
    try (FileChannel data = FileChannel.open(dataFile, StandardOpenOption.READ)) {
      for (long pos = 0; pos < data.size(); pos += 8192) {
        page.clear();
        while (page.hasRemaining() && data.read(page, pos + page.position()) > 0) {}
        onDisk.merge(page.getLong(0), page.getLong(8), Math::max);
      }
    }
    assertTrue(onDisk.size() > 20);
    for (Map.Entry<Long, Long> e : onDisk.entrySet()) assertTrue(e.getValue() <= durable, "write-ahead: " + e);
    long[] pages = records.stream().mapToLong(x -> x[0]).toArray();
    long[] lsns = records.stream().mapToLong(x -> x[1]).toArray();
    assertEquals(List.of(), RecoveryCheck.problems(pages, lsns, pages.length, p -> onDisk.getOrDefault(p, 0L), durable, redo));
    assertEquals(WalWriteBack.PAGE_HEADER, 16);
    return r;
  }
}
