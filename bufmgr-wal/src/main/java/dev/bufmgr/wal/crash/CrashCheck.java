package dev.bufmgr.wal.crash;

import dev.bufmgr.wal.device.FileDevice;
import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.GroupCommitter;
import dev.bufmgr.wal.ReleasePolicies;
import dev.bufmgr.wal.WalLog;
import dev.bufmgr.wal.store.DurableLog;
import dev.bufmgr.wal.store.LogScan;
import dev.bufmgr.wal.store.RecordVisitor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The power-loss check of the durable log: group-commit runs of several clients on a recording
 * {@link MemoryStorage} (a first incarnation that creates the log, a second that reopens it),
 * then every state {@link CrashStates} builds at every {@code stride}-th crash point. Each state
 * must be accepted by recovery (every one is a state a power loss can leave), must hold every
 * commit acknowledged before the crash point at the LSN it was acknowledged at, and, opened for
 * writing on every seventh crash point, must scan clean after one more commit with that commit
 * and every acknowledged one in it.
 */
public final class CrashCheck {
  private CrashCheck() {}

  /**
   * How the check went.
   *
   * @param runs recorded runs
   * @param operations changes recorded over all runs
   * @param crashPoints crash points examined
   * @param states file states checked
   * @param reopened states also opened for writing and committed to
   * @param refused states recovery refused (must be 0)
   * @param lost acknowledged commits missing or misplaced over all states (must be 0)
   * @param firstFailure what the first failed state was and what failed, or {@code null}
   */
  public record Result(int runs, long operations, long crashPoints, long states, long reopened, long refused, long lost,
      String firstFailure) {
    /** Whether every state passed. */
    public boolean passed() {
      return refused == 0 && lost == 0 && firstFailure == null;
    }
  }

  /**
   * Records {@code runs} seeded runs of {@code clients} clients committing {@code commits}
   * commits each (in two incarnations), and checks their crash states.
   *
   * @param segmentBytes the segment size (small ones make runs cross segments)
   * @param samples random states per crash point besides the systematic ones
   */
  public static Result run(int runs, int clients, int commits, int segmentBytes, int stride, int samples, long seed,
      FlushMode mode) throws IOException, InterruptedException {
    long operations = 0;
    long points = 0;
    long[] counts = new long[4]; // states, reopened, refused, lost
    String[] first = {null};
    for (int r = 0; r < runs; r++) {
      MemoryStorage storage = MemoryStorage.recording();
      int bytes = 96 + 40 * (r % 8);
      record(storage, clients, commits - commits / 3, bytes, segmentBytes, mode);
      record(storage, Math.max(1, clients - 1), commits / 3, bytes * 2, segmentBytes, mode);
      List<Operation> ops = storage.operations();
      operations += ops.size();
      points += ops.size() / stride + 1;
      counts[0] += new CrashStates(ops).forEach(stride, samples, seed + r,
          (point, state, acks, how) -> check(point, state, acks, how, segmentBytes, counts, first));
    }
    return new Result(runs, operations, points, counts[0], counts[1], counts[2], counts[3], first[0]);
  }

  private static void record(MemoryStorage storage, int clients, int total, int recordBytes, int segmentBytes, FlushMode mode)
      throws IOException, InterruptedException {
    DurableLog.Opened o = DurableLog.open(storage, true, segmentBytes, () -> {});
    try (FileDevice dev = new FileDevice(o.writer(), null, 8192, "memory")) {
      WalLog log = new WalLog(o.endLsn(), 1 << 16, o.writer().identity());
      GroupCommitter committer = new GroupCommitter(ReleasePolicies.parse("greedy").create(), log, dev, false, clients, mode).start();
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

  private static void check(int point, MemoryStorage state, List<Operation.Mark> acks, String how, int segmentBytes,
      long[] counts, String[] first) {
    try {
      if (acks.isEmpty() && !state.exists("bufmgr_control")) return; // before the log existed
      Map<Long, Long> found = new HashMap<>();
      LogScan scan = scan(state, found);
      if (scan.corrupt()) {
        fail(counts, 2, first, how + ": refused: " + scan.corruption());
        return;
      }
      long lost = lostAcks(acks, found);
      if (lost > 0) {
        counts[3] += lost;
        fail(counts, -1, first, how + ": " + lost + " acknowledged commits lost");
        return;
      }
      if (point % 7 != 0) return;
      counts[1]++;
      DurableLog.Opened o = DurableLog.open(state, false, segmentBytes, () -> {});
      long id = o.writer().firstCommitId();
      long end;
      try (FileDevice dev = new FileDevice(o.writer(), null, 8192, "memory")) {
        WalLog log = new WalLog(o.endLsn(), 1 << 16, o.writer().identity());
        end = log.insertCommit(id, 64);
        log.flushTo(log.insertLsn(), dev);
      }
      Map<Long, Long> after = new HashMap<>();
      LogScan again = scan(state, after);
      if (again.corrupt() || again.tornTail() || after.getOrDefault(id, -1L) != end) {
        fail(counts, 2, first, how + ": after recovery and one commit the log is " + again);
      } else if (lostAcks(acks, after) > 0) {
        counts[3] += lostAcks(acks, after);
        fail(counts, -1, first, how + ": recovery lost acknowledged commits");
      }
    } catch (IOException | IllegalArgumentException e) {
      fail(counts, 2, first, how + ": refused: " + e.getMessage());
    }
  }

  /** One scan of {@code state}, putting each commit's id and end LSN into {@code found}. */
  private static LogScan scan(MemoryStorage state, Map<Long, Long> found) throws IOException {
    return DurableLog.inspect(state, new RecordVisitor() {
      @Override
      public void commit(long id, long lsn, long end) {
        found.put(id, end);
      }
    });
  }

  private static long lostAcks(List<Operation.Mark> acks, Map<Long, Long> found) {
    long lost = 0;
    for (Operation.Mark m : acks) {
      if (found.getOrDefault(m.id(), -1L) != m.lsn()) lost++;
    }
    return lost;
  }

  private static void fail(long[] counts, int counter, String[] first, String what) {
    if (counter >= 0) counts[counter]++;
    if (first[0] == null) first[0] = what;
  }
}
