package dev.bufmgr.app.commit;

import dev.bufmgr.wal.device.Device;
import dev.bufmgr.wal.device.DeviceModels;
import dev.bufmgr.wal.device.EmulatedDevice;
import dev.bufmgr.wal.device.FileDevice;
import dev.bufmgr.core.resource.IoReasons;
import dev.bufmgr.wal.sim.LoopSpec;
import dev.bufmgr.core.params.Durations;
import dev.bufmgr.wal.CommitResult;
import dev.bufmgr.wal.FlushMode;
import dev.bufmgr.wal.GroupCommitter;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.PolicyFactory;
import dev.bufmgr.wal.WalLog;
import dev.bufmgr.wal.store.DurableLog;
import dev.bufmgr.wal.store.LogLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One group-commit run on the real clock: a closed loop of real client threads or an open loop of
 * Poisson arrivals (one virtual thread per commit), the policy
 * driven by a {@link GroupCommitter} in either flush mode, on an emulated device (a device spec such as {@code
 * fixed:f0=0.9ms}) or a real log file ({@code file:DIR}, recovered first, appended to and forced
 * with fdatasync).
 */
public final class RealClockRun {
  private static final int LOG_BUFFER = 16 << 20;
  private static final long POLL_NANOS = 2_000_000;

  private RealClockRun() {}

  /**
   * Runs until {@code commits} commits were measured after the warm-up, or for {@code
   * durationNanos} of real time (warm-up included) when {@code commits} is 0, with {@code
   * flushMode} deciding who flushes (see {@link GroupCommitter}).
   */
  public static CommitResult run(
      PolicyFactory policy, LoopSpec loop, String deviceSpec, long commits, long durationNanos,
      long seed, int recordBytes, boolean asyncCommit, double warmup, FlushMode flushMode) {
    long wall0 = System.nanoTime();
    try (OpenDevice od = openDevice(deviceSpec, seed)) {
      WalLog log = new WalLog(od.startLsn, LOG_BUFFER, od.device.logIdentity());
      int open = loop instanceof LoopSpec.Closed c ? c.clients() : GroupCommitter.COUNT_IN_FLIGHT;
      GroupCommitter committer = new GroupCommitter(policy.create(), log, od.device, asyncCommit, open, flushMode).start();
      Load load = startLoad(loop, committer, recordBytes, od.firstId, seed);
      long started = System.nanoTime();
      CommitResult result;
      try {
        if (commits > 0) {
          long warm = (long) Math.ceil(commits * warmup / (1 - warmup));
          while (load.acknowledged() < warm) Thread.sleep(POLL_NANOS / 1_000_000);
          committer.beginMeasurement();
          while (committer.measuredCommits() < commits) Thread.sleep(POLL_NANOS / 1_000_000);
        } else {
          long warmEnd = started + (long) (durationNanos * warmup);
          sleepUntil(warmEnd);
          committer.beginMeasurement();
          sleepUntil(started + durationNanos);
        }
        result = committer.result(loop.spec(), seed, System.nanoTime() - wall0);
        if (result.commits() == 0) {
          throw new IllegalArgumentException(String.format(Locale.ROOT,
              "%s on %s: no commit was acknowledged in the measured %s (starting the load took %s); give a longer run",
              loop.spec(), deviceSpec, Durations.format(result.elapsedNanos()), Durations.format(started - wall0)));
        }
      } finally {
        load.stop();
        committer.close();
      }
      return result;
    } catch (IOException e) {
      throw new UncheckedIOException("device " + deviceSpec + ": " + IoReasons.of(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /** The running clients or arrival generator. */
  private interface Load {
    long acknowledged();

    void stop() throws InterruptedException;
  }

  private static Load startLoad(LoopSpec loop, GroupCommitter committer, int recordBytes, long firstId, long seed) {
    if (loop instanceof LoopSpec.Closed c) {
      RealTimeClients clients = new RealTimeClients(committer, c.clients(), c.think(), recordBytes, firstId, null, seed);
      clients.start();
      return new Load() {
        @Override
        public long acknowledged() {
          return clients.acknowledged();
        }

        @Override
        public void stop() throws InterruptedException {
          clients.stopAndJoin();
        }
      };
    }
    RealTimeArrivals arrivals = new RealTimeArrivals(committer, ((LoopSpec.Open) loop).schedule(), recordBytes, seed);
    arrivals.start();
    return new Load() {
      @Override
      public long acknowledged() {
        return arrivals.acknowledged();
      }

      @Override
      public void stop() throws InterruptedException {
        arrivals.stopAndDrain();
      }
    };
  }

  private static void sleepUntil(long deadline) throws InterruptedException {
    long left;
    while ((left = deadline - System.nanoTime()) > 0) Thread.sleep(Math.max(1, left / 1_000_000));
  }

  /** A device with where its log continues and which commit id comes next. */
  record OpenDevice(Device device, long startLsn, long firstId) implements AutoCloseable {
    @Override
    public void close() throws IOException {
      device.close();
    }
  }

  /**
   * Opens {@code file:DIR} as a real log (created when absent, recovered first; a cut torn tail
   * is said on stderr) or a modelled device spec as an emulated one.
   */
  static OpenDevice openDevice(String spec, long seed) throws IOException {
    String s = spec.trim();
    if (s.startsWith("file:")) {
      Path dir = Path.of(s.substring("file:".length()));
      DurableLog.Opened o = DurableLog.open(dir, true, LogLayout.DEFAULT_SEGMENT);
      if (o.staleLock() != null) System.err.println(o.staleLock());
      if (o.cut() != null) System.err.println(o.cut());
      return new OpenDevice(new FileDevice(o.writer(), null, 8192, "file:" + dir), o.endLsn(),
          o.writer().firstCommitId());
    }
    return new OpenDevice(new EmulatedDevice(DeviceModels.parse(s), seed), LogFormat.FIRST_LSN, 0);
  }
}
