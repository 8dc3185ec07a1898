package dev.bufmgr.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.wal.device.Device;
import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.EmulatedDevice;
import dev.bufmgr.wal.device.FixedLatency;
import dev.bufmgr.wal.device.IoKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The two flush modes of {@link GroupCommitter} on an emulated device: the dedicated flusher
 * thread and PostgreSQL 9.2's leader/follower commit ({@code XLogFlush} with {@code
 * LWLockAcquireOrWait}). The device is wrapped to check what a commit may rely on: how far the
 * log is on the device when a commit is acknowledged, and that no two log flushes overlap.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FlushModesTest {
  private static final long MS = 1_000_000;

  /**
   * An emulated device that records the log's durable extent, fails if two log writes are ever
   * inside it at once, counts the log writes, and which threads made them.
   */
  static final class CheckedDevice implements Device {
    private final EmulatedDevice inner;
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger overlaps = new AtomicInteger();
    private final AtomicLong extent = new AtomicLong();
    private final AtomicLong writes = new AtomicLong();
    private final Set<Thread> writers = ConcurrentHashMap.newKeySet();
    private volatile IOException failWith;

    CheckedDevice(long f0Nanos) {
      this.inner = new EmulatedDevice(new DeviceModel(new FixedLatency(f0Nanos), 0), 1);
    }

    @Override
    public void writeLog(long position, ByteBuffer data) throws IOException {
      if (inside.incrementAndGet() != 1) {
        overlaps.incrementAndGet();
        inside.decrementAndGet();
        throw new IOException("two log flushes at once");
      }
      try {
        long end = position + data.remaining();
        writers.add(Thread.currentThread());
        inner.writeLog(position, data);
        if (failWith != null) throw failWith;
        writes.incrementAndGet();
        extent.accumulateAndGet(end, Math::max);
      } finally {
        inside.decrementAndGet();
      }
    }

    @Override
    public void writePage(long page, ByteBuffer data) {
      inner.writePage(page, data);
    }

    @Override
    public long busyNanos() {
      return inner.busyNanos();
    }

    @Override
    public long busyNanos(IoKind kind) {
      return inner.busyNanos(kind);
    }

    @Override
    public String spec() {
      return "checked:" + inner.spec();
    }

    /** The end of the log on the device, as far as completed log writes go. */
    long extent() {
      return extent.get();
    }
  }

  /** What a closed loop of committing threads saw. */
  record Run(CommitResult result, long acknowledged, long acknowledgedBeforeDurable, List<Throwable> failures) {}

  private static GroupCommitter committer(ReleasePolicy policy, CheckedDevice device, int clients, FlushMode mode) {
    return new GroupCommitter(policy, new WalLog(LogFormat.FIRST_LSN, 1 << 16), device, false, clients, mode).start();
  }

  /**
   * {@code clients} threads commit {@code each} times, {@code thinkNanos} apart; each checks at
   * every acknowledgement that the device holds the log past the commit's LSN.
   */
  private static Run closedLoop(GroupCommitter c, CheckedDevice device, int clients, int each, long thinkNanos)
      throws InterruptedException {
    AtomicLong acked = new AtomicLong();
    AtomicLong early = new AtomicLong();
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < clients; t++) {
      int client = t;
      threads.add(Thread.ofPlatform().start(() -> {
        try {
          for (int i = 0; i < each; i++) {
            long lsn = c.commit(client, client * 1_000_000L + i, 108);
            if (device.extent() < lsn) early.incrementAndGet();
            acked.incrementAndGet();
            if (thinkNanos > 0) LockSupport.parkNanos(thinkNanos);
          }
        } catch (Throwable e) {
          failures.add(e);
        }
      }));
    }
    for (Thread t : threads) t.join();
    return new Run(c.result("test", 0, 0), acked.get(), early.get(), failures);
  }

  @ParameterizedTest
  @EnumSource(FlushMode.class)
  void everyCommitIsAcknowledgedOnlyOnceTheLogIsOnTheDeviceAndFlushesNeverOverlap(FlushMode mode) throws Exception {
    for (ReleasePolicy policy : List.of(new GreedyPolicy(), new CommitDelayPolicy(200_000, 0), new TimerPolicy(300_000))) {
      CheckedDevice device = new CheckedDevice(200_000);
      try (GroupCommitter c = committer(policy, device, 8, mode)) {
        Run run = closedLoop(c, device, 8, 150, 0);
        String what = mode.spec() + " " + policy.name();
        assertEquals(List.of(), run.failures(), what);
        assertEquals(8 * 150, run.acknowledged(), what);
        assertEquals(0, run.acknowledgedBeforeDurable(), what + ": acknowledged before the device had the log");
        assertEquals(0, device.overlaps.get(), what + ": two flushTo calls at once");
        assertEquals(8 * 150, run.result().commits(), what);
        assertEquals(device.writes.get(), run.result().flushes(), what + ": a counted flush is a device write");
        assertEquals(8 * 150, run.result().flushes() * run.result().meanBatch(), 1e-6,
            what + ": every commit counts towards exactly one flush");
        assertEquals(mode.spec(), run.result().flushMode());
      }
    }
  }

  @Test
  void aLoneGreedyLeaderFlushesEachOfItsCommitsItself() throws Exception {
    CheckedDevice device = new CheckedDevice(MS);
    try (GroupCommitter c = committer(new GreedyPolicy(), device, 1, FlushMode.LEADER)) {
      Run run = closedLoop(c, device, 1, 50, 0);
      assertEquals(List.of(), run.failures());
      assertEquals(50, run.result().commits());
      assertEquals(50, device.writes.get(), "one flush per commit");
      assertEquals(50, run.result().flushes());
      assertEquals(1.0, run.result().meanBatch(), 1e-12);
      assertEquals(1, device.writers.size(), "only the committing thread flushes: " + device.writers);
      assertTrue(device.writers.stream().noneMatch(w -> w.getName().equals("wal-flusher")));
      assertTrue(run.result().latencyMeanNanos() >= MS, "mean " + run.result().latencyMeanNanos());
    }
  }

  @Test
  void manyGreedyClientsFollowLeadersFlushesAndTheLeadershipMoves() throws Exception {
    CheckedDevice device = new CheckedDevice(MS);
    try (GroupCommitter c = committer(new GreedyPolicy(), device, 16, FlushMode.LEADER)) {
      Run run = closedLoop(c, device, 16, 40, 0);
      assertEquals(List.of(), run.failures());
      assertEquals(640, run.result().commits());
      assertTrue(run.result().meanBatch() > 4, "mean batch " + run.result().meanBatch());
      assertTrue(device.writes.get() < 640 / 4, device.writes.get() + " flushes for 640 commits");
      assertTrue(device.writers.size() > 1, "more than one client led a flush");
    }
  }

  @Test
  void aPgdelayLeaderSleepsItsDelayBeforeFlushingAndTheBatchGrows() throws Exception {
    // One client: every commit waits the delay, then the flush.
    CheckedDevice alone = new CheckedDevice(MS / 2);
    try (GroupCommitter c = committer(new CommitDelayPolicy(3 * MS, 0), alone, 1, FlushMode.LEADER)) {
      long min = Long.MAX_VALUE;
      for (int i = 0; i < 10; i++) {
        long t0 = System.nanoTime();
        c.commit(0, i, 8);
        min = Math.min(min, System.nanoTime() - t0);
      }
      assertTrue(min >= 3 * MS + MS / 2, "fastest commit " + min + " ns, under delay + flush");
      assertEquals(10, alone.writes.get());
    }
    // Eight clients thinking 1 ms: greedy flushes whoever is there; a 3 ms delay gathers more.
    CheckedDevice greedyDevice = new CheckedDevice(MS / 2);
    CheckedDevice delayDevice = new CheckedDevice(MS / 2);
    double greedy;
    double delayed;
    try (GroupCommitter c = committer(new GreedyPolicy(), greedyDevice, 8, FlushMode.LEADER)) {
      greedy = closedLoop(c, greedyDevice, 8, 60, MS).result().meanBatch();
    }
    try (GroupCommitter c = committer(new CommitDelayPolicy(3 * MS, 0), delayDevice, 8, FlushMode.LEADER)) {
      Run run = closedLoop(c, delayDevice, 8, 60, MS);
      delayed = run.result().meanBatch();
      assertTrue(run.result().meanWaitNanos() >= MS, "mean wait before the flush " + run.result().meanWaitNanos());
    }
    assertTrue(delayed > greedy + 1, "pgdelay batch " + delayed + " vs greedy " + greedy);
  }

  @ParameterizedTest
  @EnumSource(FlushMode.class)
  void aDeviceThatThrowsFailsEveryWaitingCommitAndLaterOnes(FlushMode mode) throws Exception {
    CheckedDevice device = new CheckedDevice(30 * MS);
    device.failWith = new IOException("device gone");
    try (GroupCommitter c = committer(new GreedyPolicy(), device, 8, mode)) {
      Run run = closedLoop(c, device, 8, 5, 0);
      assertEquals(0, run.acknowledged());
      assertEquals(8, run.failures().size());
      for (Throwable f : run.failures()) {
        UncheckedIOException u = assertInstanceOf(UncheckedIOException.class, f);
        assertEquals("device gone", u.getCause().getMessage());
      }
      UncheckedIOException later = assertThrows(UncheckedIOException.class, () -> c.commit(9, 9, 8));
      assertEquals("device gone", later.getCause().getMessage());
      assertEquals(0, device.overlaps.get());
    }
  }

  @ParameterizedTest
  @EnumSource(FlushMode.class)
  void closeFailsTheCommitsThatWaitAndLaterOnes(FlushMode mode) throws Exception {
    CheckedDevice device = new CheckedDevice(MS);
    GroupCommitter c = committer(new BatchPolicy(1000), device, 4, mode);
    CountDownLatch started = new CountDownLatch(4);
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int client = t;
      threads.add(Thread.ofPlatform().start(() -> {
        started.countDown();
        try {
          c.commit(client, client, 8);
        } catch (Throwable e) {
          failures.add(e);
        }
      }));
    }
    started.await();
    Thread.sleep(100); // all four registered; the policy waits for 1000
    c.close();
    for (Thread t : threads) t.join(5_000);
    assertEquals(4, failures.size(), failures.toString());
    for (Throwable f : failures) assertInstanceOf(IllegalStateException.class, f);
    assertThrows(IllegalStateException.class, () -> c.commit(5, 5, 8));
    assertEquals(0, device.writes.get());
  }

  @Test
  void closeWaitsForTheLeadersFlushInFlightWhichSucceeds() throws Exception {
    CheckedDevice device = new CheckedDevice(300 * MS);
    GroupCommitter c = committer(new GreedyPolicy(), device, 1, FlushMode.LEADER);
    AtomicReference<Object> outcome = new AtomicReference<>();
    Thread leader = Thread.ofPlatform().start(() -> {
      try {
        outcome.set(c.commit(0, 0, 8));
      } catch (Throwable e) {
        outcome.set(e);
      }
    });
    while (device.inside.get() == 0) Thread.onSpinWait();
    c.close();
    assertEquals(0, device.inside.get(), "close returned while the flush was still on the device");
    assertEquals(1, device.writes.get());
    leader.join();
    assertInstanceOf(Long.class, outcome.get(), "the leader's own commit was durable: " + outcome.get());
    assertThrows(IllegalStateException.class, () -> c.commit(1, 1, 8));
  }

  @ParameterizedTest
  @EnumSource(FlushMode.class)
  void awaitDurableMakesAPagesLogRecordDurableBesideCommits(FlushMode mode) throws Exception {
    CheckedDevice device = new CheckedDevice(200_000);
    WalLog log = new WalLog(LogFormat.FIRST_LSN, 1 << 16);
    try (GroupCommitter c = new GroupCommitter(new GreedyPolicy(), log, device, false, 3, mode).start()) {
      // Alone first: in leader mode the write-back's thread flushes for itself.
      long first = log.insertPageChange(1, 0, 40, 0);
      c.awaitDurable(first);
      assertTrue(device.extent() >= first);
      AtomicLong early = new AtomicLong();
      List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
      Thread pages = Thread.ofPlatform().start(() -> {
        try {
          for (int i = 0; i < 100; i++) {
            long lsn = log.insertPageChange(i, 0, 40, 0);
            c.awaitDurable(lsn);
            if (device.extent() < lsn) early.incrementAndGet();
          }
        } catch (Throwable e) {
          failures.add(e);
        }
      });
      Run commits = closedLoop(c, device, 2, 100, 0);
      pages.join();
      assertEquals(List.of(), failures);
      assertEquals(List.of(), commits.failures());
      assertEquals(0, early.get(), "awaitDurable returned before the device had the log");
      assertEquals(0, commits.acknowledgedBeforeDurable());
      assertEquals(0, device.overlaps.get());
    }
  }

  @Test
  void leaderModeRefusesAcknowledgementsThatDoNotWait() {
    CheckedDevice device = new CheckedDevice(MS);
    WalLog log = new WalLog(LogFormat.FIRST_LSN, 1 << 16);
    IllegalArgumentException async = assertThrows(IllegalArgumentException.class,
        () -> new GroupCommitter(new GreedyPolicy(), log, device, true, 1, FlushMode.LEADER));
    assertTrue(async.getMessage().contains("flush mode leader"), async.getMessage());
    WriteBehindPolicy ewma = new WriteBehindPolicy(5 * MS, 0.2, 5 * MS, 1_000 * MS, 1000, 100_000);
    assertNotNull(assertThrows(IllegalArgumentException.class,
        () -> new GroupCommitter(ewma, log, device, false, 1, FlushMode.LEADER)));
  }

  @Test
  void flushModesParseByName() {
    assertEquals(FlushMode.LEADER, FlushMode.parse("--flush-mode", " Leader "));
    assertEquals(FlushMode.FLUSHER, FlushMode.parse("--flush-mode", "flusher"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FlushMode.parse("--flush-mode", "both"));
    assertEquals("--flush-mode must be leader or flusher; got 'both'", e.getMessage());
  }
}
