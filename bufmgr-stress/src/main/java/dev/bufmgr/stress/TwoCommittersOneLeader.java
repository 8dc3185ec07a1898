package dev.bufmgr.stress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.bufmgr.wal.device.Device;
import dev.bufmgr.wal.device.IoKind;
import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.GreedyPolicy;
import dev.bufmgr.wal.GroupCommitter;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.WalLog;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The leader election of {@link GroupCommitter}'s leader mode (PostgreSQL 9.2's {@code XLogFlush}
 * with {@code LWLockAcquireOrWait} on {@code WALWriteLock}): two threads commit at once through
 * one committer (greedy policy, no flusher thread) on a device with no latency that records which
 * thread wrote the log, how far, and whether two writes were ever inside it at once. Each commit
 * checks at its acknowledgement that the device holds the log past its record.
 *
 * <p>Result: (log writes made by actor 1's thread, log writes made by actor 2's thread, 1 when
 * every acknowledgement found its record on the device and no two log writes overlapped, else 0).
 */
@JCStressTest
@Outcome(id = "1, 0, 1", expect = ACCEPTABLE,
    desc = "Actor 1 led one flush that covered both commits: actor 2 waited as a follower and left without flushing, "
        + "or led next and found its record already durable (the recheck once it holds the lock).")
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE,
    desc = "Actor 2 led one flush that covered both commits; actor 1 followed, or led next and found its record durable.")
@Outcome(id = "1, 1, 1", expect = ACCEPTABLE,
    desc = "Two flushes, each leader its own: the second commit's record was not yet inserted when the first flush read the log, "
        + "so the second committer led the next flush.")
@Outcome(id = "0, 0, .*", expect = FORBIDDEN, desc = "Both commits acknowledged and nobody flushed.")
@Outcome(id = ".*, .*, 0", expect = FORBIDDEN,
    desc = "A commit acknowledged before the device held its record, or two log flushes at once.")
@Outcome(expect = FORBIDDEN, desc = "A committer flushed more than once for one commit.")
@State
public class TwoCommittersOneLeader {
  private final WalLog log = new WalLog(LogFormat.FIRST_LSN, 1 << 12);
  private final RecordingDevice device = new RecordingDevice();
  private final GroupCommitter committer =
      new GroupCommitter(new GreedyPolicy(), log, device, false, 2, FlushMode.LEADER).start();

  @Actor
  public void committer1() {
    device.actor1 = Thread.currentThread();
    commit(1);
  }

  @Actor
  public void committer2() {
    device.actor2 = Thread.currentThread();
    commit(2);
  }

  @Arbiter
  public void outcome(III_Result r) {
    r.r1 = device.writes1.get();
    r.r2 = device.writes2.get();
    r.r3 = device.violations.get() == 0 ? 1 : 0;
  }

  /** Commits; a violation when the device did not hold the record at the acknowledgement. */
  private void commit(int id) {
    try {
      long lsn = committer.commit(id, id, 8);
      if (device.extent.get() < lsn) device.violations.incrementAndGet();
    } catch (InterruptedException | RuntimeException e) {
      device.violations.incrementAndGet();
    }
  }

  /** A device with no latency that records who wrote the log and how far. */
  static final class RecordingDevice implements Device {
    volatile Thread actor1;
    volatile Thread actor2;
    final AtomicInteger writes1 = new AtomicInteger();
    final AtomicInteger writes2 = new AtomicInteger();
    final AtomicInteger inside = new AtomicInteger();
    final AtomicInteger violations = new AtomicInteger();
    final AtomicLong extent = new AtomicLong();

    @Override
    public void writeLog(long position, ByteBuffer data) {
      if (inside.incrementAndGet() != 1) violations.incrementAndGet();
      Thread t = Thread.currentThread();
      if (t == actor1) writes1.incrementAndGet();
      else if (t == actor2) writes2.incrementAndGet();
      else violations.incrementAndGet();
      extent.accumulateAndGet(position + data.remaining(), Math::max);
      inside.decrementAndGet();
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
      return "recording";
    }
  }
}
