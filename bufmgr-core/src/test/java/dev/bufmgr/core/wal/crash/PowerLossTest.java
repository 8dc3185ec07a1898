package dev.bufmgr.core.wal.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.device.FileDevice;
import dev.bufmgr.core.wal.GroupCommitter;
import dev.bufmgr.core.wal.ReleasePolicies;
import dev.bufmgr.core.wal.WalLog;
import dev.bufmgr.core.wal.store.DurableLog;
import dev.bufmgr.core.wal.store.LogLayout;
import dev.bufmgr.core.wal.store.LogScan;
import dev.bufmgr.core.wal.store.RecordVisitor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Power-loss testing without a power switch: group-commit runs of several clients on a recording
 * storage (creation, segment preparation, flushes, a reopen after a first crash), then every
 * state {@link CrashStates} builds at every crash point. Recovery must accept each state (every
 * one is a state a power loss can leave), find every commit acknowledged before the crash point
 * at its LSN, and, opened for writing, leave a log that scans clean and takes new commits.
 */
class PowerLossTest {
  private static final int SEGMENT = LogLayout.MIN_SEGMENT;

  @Test
  void noStateOfAPowerLossLosesAnAcknowledgedCommitOrIsRefused() throws Exception {
    long states = 0;
    for (long seed = 1; seed <= 3; seed++) {
      MemoryStorage storage = MemoryStorage.recording();
      run(storage, 4, 120, 96 + (int) seed * 40, seed);
      run(storage, 3, 60, 300, seed + 10); // a second incarnation continues the same log
      List<Operation> ops = storage.operations();
      assertTrue(ops.stream().filter(o -> o instanceof Operation.Mark).count() == 180, "acknowledgements recorded");
      states += check(ops, 1, 4, seed);
    }
    assertTrue(states > 3000, "states checked: " + states);
  }

  /** Runs {@code clients} clients committing {@code perClient} commits each through a greedy group committer, marking each acknowledgement. */
  private static void run(MemoryStorage storage, int clients, int total, int recordBytes, long seed) throws Exception {
    DurableLog.Opened o = DurableLog.open(storage, true, SEGMENT, () -> {});
    try (FileDevice dev = new FileDevice(o.writer(), null, 8192, "memory")) {
      WalLog log = new WalLog(o.endLsn(), 1 << 16, o.writer().identity());
      GroupCommitter committer = new GroupCommitter(ReleasePolicies.parse("greedy").create(), log, dev, false, clients).start();
      AtomicLong next = new AtomicLong(o.writer().firstCommitId());
      AtomicLong left = new AtomicLong(total);
      List<Thread> threads = new ArrayList<>();
      for (int c = 0; c < clients; c++) {
        int client = c;
        threads.add(Thread.ofPlatform().start(() -> {
          try {
            while (left.getAndDecrement() > 0) {
              long id = next.getAndIncrement();
              long lsn = committer.commit(client, id, recordBytes);
              storage.mark(id, lsn);
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }));
      }
      for (Thread t : threads) t.join();
      committer.close();
    }
  }

  private static long check(List<Operation> ops, int stride, int samples, long seed) {
    long[] reopened = {0};
    long states = new CrashStates(ops).forEach(stride, samples, seed, (point, state, acks, how) -> {
      try {
        if (acks.isEmpty() && !state.exists("bufmgr_control")) return; // before the log existed: nothing to find
        Map<Long, Long> found = new HashMap<>();
        LogScan scan = DurableLog.inspect(state, new RecordVisitor() {
          @Override
          public void commit(long id, long lsn, long end) {
            found.put(id, end);
          }
        });
        assertTrue(!scan.corrupt(), how + ": refused a state a power loss can leave: " + scan.corruption());
        for (Operation.Mark m : acks) {
          assertEquals(Long.valueOf(m.lsn()), found.get(m.id()), how + ": acknowledged commit " + m.id() + " lost");
        }
        if (point % 7 == 0) {
          reopened[0]++;
          DurableLog.Opened o = DurableLog.open(state, false, SEGMENT, () -> {});
          try (FileDevice dev = new FileDevice(o.writer(), null, 8192, "memory")) {
            WalLog log = new WalLog(o.endLsn(), 1 << 16, o.writer().identity());
            long end = log.insertCommit(o.writer().firstCommitId(), 64);
            log.flushTo(log.insertLsn(), dev);
            Map<Long, Long> after = new HashMap<>();
            LogScan again = DurableLog.inspect(state, new RecordVisitor() {
              @Override
              public void commit(long id, long lsn, long e) {
                after.put(id, e);
              }
            });
            assertTrue(!again.corrupt() && !again.tornTail(), how + ": after recovery and one commit: " + again);
            assertEquals(Long.valueOf(end), after.get(o.writer().firstCommitId()), how + ": the commit after recovery");
            for (Operation.Mark m : acks) assertEquals(Long.valueOf(m.lsn()), after.get(m.id()), how + ": lost by recovery");
          }
        }
      } catch (IOException | IllegalArgumentException e) {
        throw new AssertionError(how + ": " + e.getMessage(), e);
      }
    });
    assertTrue(reopened[0] > 0);
    return states;
  }
}
