package dev.bufmgr.pipeline;

import dev.bufmgr.wal.device.CachedDevice;
import dev.bufmgr.wal.device.Device;
import dev.bufmgr.wal.device.EmulatedDevice;
import dev.bufmgr.wal.device.WriteSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import dev.bufmgr.wal.device.StoredPages;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.BufferWriter;
import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.wal.GroupCommitter;
import dev.bufmgr.wal.WalLog;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import dev.bufmgr.core.resource.ThreadFailure;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * The pipeline in real time: the same pool, selector, {@link Backend}s, release policy,
 * {@link Checkpointer} and {@link BackgroundWriter} as {@link PipelineSimulation}, driven by real
 * threads on a real or emulated {@link Device}. Each client is a platform thread with its own pool session; a dirty victim is
 * written by the thread that evicts it through {@link WalWriteBack} (the log flushed to the
 * page's LSN by the {@link GroupCommitter}, then the page written); commits wait on the group
 * committer; the checkpointer and the background writer are stepped by Agrona agents ({@link
 * CheckpointerAgent}, {@link BackgroundWriterAgent}), each on its own thread with a sleeping idle
 * strategy. Every log flush and data-page write goes to the one device. A failure on any thread
 * (a client's, or an agent's through the runner's error handler) stops the run, which then throws it.
 *
 * <p>With a page cache ({@link PipelineConfig#pageCache}) on an emulated device, the run wraps
 * it in a {@link CachedDevice} (closed with the run): page writes cost the copy, its flusher
 * thread writes back, the checkpoint's sync forces the rest, and a page that misses the pool and
 * is not newly initialised is read through it. A real file device has the kernel's own cache.
 *
 * <p>Clients take their units from one {@link UnitReader}, so the transaction sequence is the
 * simulation's; which client runs which transaction, and so the pool's decisions, depend on the
 * threads' timing. With one client and no checkpoint the run makes exactly the simulation's
 * requests in the simulation's order.
 */
public final class RealTimePipeline {
  private static final int LOG_BUFFER = 16 << 20;

  private final PipelineConfig config;
  private final Device device;
  private final WalLog wal;
  private final GroupCommitter committer;
  private final StoredPages stored = new StoredPages();
  private final WalWriteBack storage;
  private final BufferPool pool;
  private final UnitReader reader;
  private final PageImages images;
  private final ContentLocks contentLocks = ContentLocks.striped();
  private final TransactionStats stats = new TransactionStats(true);
  private final CheckpointStats checkpointStats = new CheckpointStats();
  private final AtomicLong acknowledged = new AtomicLong();
  private final AtomicLong commitIds = new AtomicLong();
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  /** The name of the thread whose failure {@link #failure} holds (a client, the checkpointer, the background writer). */
  private volatile String failedThread;
  private final Object handOut = new Object();
  private long handedOut;
  private volatile boolean stop;
  private volatile long lastCompletedRedo;
  private final RunObserver observer;

  /**
   * @param device where the log and the data pages go (the caller closes it)
   * @param startLsn the log's first LSN on that device
   */
  public RealTimePipeline(PipelineConfig config, EventSource source, Device device, long startLsn, SelectorRegistry registry) {
    this(config, source, device, startLsn, registry, RunObserver.NONE);
  }

  /**
   * @param device where the log and the data pages go (the caller closes it)
   * @param startLsn the log's first LSN on that device
   * @param observer told of every interval row and every acknowledged transaction as they happen
   */
  public RealTimePipeline(PipelineConfig config, EventSource source, Device device, long startLsn, SelectorRegistry registry,
      RunObserver observer) {
    this(config, source, device, startLsn, registry, observer, 1);
  }

  /**
   * A run on a log written before (a recovered run continued): its records start at the log's end
   * {@code startLsn}, which is also its redo point (recovery left every page on storage up to
   * date, as PostgreSQL's end-of-recovery checkpoint does, so every page's first change logs an
   * image), and its commit ids from {@code firstCommitId}, above every id in the log.
   *
   * @param device where the log and the data pages go (the caller closes it)
   * @param observer told of every interval row and every acknowledged transaction as they happen
   */
  public RealTimePipeline(PipelineConfig config, EventSource source, Device device, long startLsn, SelectorRegistry registry,
      RunObserver observer, long firstCommitId) {
    if (config.pools() != null) throw new IllegalArgumentException("--pools runs on the simulated clock only (--clock sim)");
    this.observer = observer;
    this.commitIds.set(firstCommitId - 1);
    this.config = config;
    this.device = config.pageCache() != null && device instanceof EmulatedDevice e
        ? new CachedDevice(e, config.pageCache(), config.pageSize()) : device;
    device = this.device;
    this.wal = new WalLog(startLsn, LOG_BUFFER, device.logIdentity());
    this.lastCompletedRedo = wal.redoPointer();
    this.committer = new GroupCommitter(config.policy().create(), wal, device, false, config.clients(), config.flushMode());
    this.storage = new WalWriteBack(wal, committer, device, config.pageSize(), stored);
    this.pool = new BufferPool(config.pool(storage, Sharing.SHARED), registry);
    this.reader = new UnitReader(source);
    this.images = config.fullPageWrites() ? PageImages.of(source, config.pageSize()) : PageImages.OFF;
  }

  /** Runs to the configured end and returns what it measured; closes the pool and the input. */
  public PipelineResult run() throws InterruptedException {
    long wall0 = System.nanoTime();
    committer.start();
    List<Thread> threads = new ArrayList<>();
    AgentRunner runner = null;
    AgentRunner bgRunner = null;
    try (reader) {
      long start = System.nanoTime();
      BufferWriter checkpointWriter = new BufferWriter(pool, storage);
      Checkpointer checkpointer = new Checkpointer(config.checkpoints(), pool.descriptors(), checkpointWriter, wal, stored,
          checkpointStats, start);
      CheckpointerAgent checkpointerAgent = new CheckpointerAgent(checkpointer,
          new BlockingWrite(pool, checkpointWriter, storage.forSource(WriteSource.CHECKPOINTER)),
          device, () -> stop);
      runner = new AgentRunner(new SleepingMillisIdleStrategy(1), this::fail, null, checkpointerAgent);
      BufferWriter cleaningWriter = config.bgwriter() == null ? null : new BufferWriter(pool, storage);
      BackgroundWriter bgwriter = config.bgwriter() == null ? null : BackgroundWriter.of(pool, cleaningWriter, config.bgwriter(), start);
      if (bgwriter != null) {
        bgRunner = new AgentRunner(new SleepingMillisIdleStrategy(1), this::fail, null,
            new BackgroundWriterAgent(bgwriter, new BlockingWrite(pool, cleaningWriter, storage.forSource(WriteSource.BGWRITER)),
                () -> stop));
      }
      PipelineSampler sampler = new PipelineSampler(stats, wal, pool, checkpointStats,
          bgwriter == null ? null : bgwriter.rounds(), device::busyNanos, start);
      sampler.writeTimes(storage.times());
      if (device instanceof CachedDevice cd) sampler.pageCache(cd::dirtyBytes, cd::writebackPages);
      sampler.onInterval(observer::interval);
      AgentRunner.startOnThread(runner);
      if (bgRunner != null) AgentRunner.startOnThread(bgRunner);
      long warmTransactions = (long) Math.ceil(config.transactions() * config.warmupFraction());
      long windowAt = config.byTransactions() ? Long.MAX_VALUE : start + (long) (config.durationNanos() * config.warmupFraction());
      if (windowAt == start || (config.byTransactions() && warmTransactions == 0)) {
        sampler.startWindow(start);
        windowAt = Long.MAX_VALUE;
      }
      SplittableRandom root = new SplittableRandom(config.seed());
      for (int i = 0; i < config.clients(); i++) {
        Client c = new Client(i, root.split(), checkpointerAgent);
        Thread t = Thread.ofPlatform().name("pipeline-client-" + i).daemon().unstarted(c::loop);
        threads.add(t);
      }
      for (Thread t : threads) t.start();
      long nextSample = start + config.intervalNanos();
      long end = config.byTransactions() ? Long.MAX_VALUE : start + config.durationNanos();
      while (failure.get() == null) {
        long now = System.nanoTime();
        if (now >= end) {
          sampler.sample(end);
          break;
        }
        if (config.byTransactions() && !threads.stream().anyMatch(Thread::isAlive)) break;
        if (now >= windowAt || (!sampler.measuring() && config.byTransactions() && acknowledged.get() >= warmTransactions)) {
          sampler.startWindow(now);
          windowAt = Long.MAX_VALUE;
        }
        if (now >= nextSample) {
          sampler.sample(now);
          nextSample += config.intervalNanos();
        }
        LockSupport.parkNanos(Math.min(2_000_000, Math.max(0, Math.min(nextSample, end) - now)));
      }
      long stopAt = config.byTransactions() ? System.nanoTime() : end;
      stop = true;
      for (Thread t : threads) t.join();
      runner.close();
      if (bgRunner != null) bgRunner.close();
      lastCompletedRedo = checkpointer.lastCompletedRedo();
      Throwable f = failure.get();
      if (f != null) throw ThreadFailure.of(failedThread, f);
      if (!sampler.measuring()) sampler.startWindow(stopAt);
      return sampler.result("real", stopAt, System.nanoTime() - wall0);
    } finally {
      stop = true;
      for (Thread t : threads) t.join(10_000);
      if (runner != null) runner.close();
      if (bgRunner != null) bgRunner.close();
      committer.close();
      pool.close();
      if (device instanceof CachedDevice cd) {
        try {
          cd.closeCache();
        } catch (IOException e) {
          throw new UncheckedIOException(e.getMessage(), e);
        }
      }
    }
  }

  private void fail(Throwable t) {
    if (failure.compareAndSet(null, t)) failedThread = Thread.currentThread().getName();
    stop = true;
  }

  /** The log the run wrote (in memory; the device holds what was flushed). */
  public WalLog wal() {
    return wal;
  }

  /** The data pages the run wrote, with their LSNs. */
  public StoredPages stored() {
    return stored;
  }

  /** The redo point of the last checkpoint that completed (the run's start before any). */
  public long lastCompletedRedo() {
    return lastCompletedRedo;
  }

  /** Takes the next unit for a client, or returns false when the run hands out no more. */
  private boolean take(Unit unit) {
    synchronized (handOut) {
      if (stop || (config.byTransactions() && handedOut >= config.transactions())) return false;
      if (!reader.next(unit)) return false;
      if (unit.kind() == Unit.TRANSACTION) handedOut++;
      return true;
    }
  }

  /** One client thread. */
  private final class Client {
    private final SplittableRandom rng;
    private final CheckpointerAgent checkpointer;
    private final Backend backend;
    private final Unit unit = new Unit();
    private long[] changedPages = new long[16];
    private long[] changeLsns = new long[16];
    private int changes;

    Client(int id, SplittableRandom rng, CheckpointerAgent checkpointer) {
      this.rng = rng;
      this.checkpointer = checkpointer;
      this.backend = new Backend(pool.openSession(), pool.descriptors(), wal, images, stored::lsn, contentLocks);
    }

    void loop() {
      try {
        while (take(unit)) {
          switch (unit.kind()) {
            case Unit.CHECKPOINT -> checkpointer.requestAndWait();
            case Unit.READS -> {
              runEvents();
              stats.readOnlyStatement();
            }
            default -> runEvents();
          }
          long z = config.think().sample(rng);
          if (z > 0) LockSupport.parkNanos(z);
        }
      } catch (Throwable t) {
        fail(t);
      }
    }

    private void readPage(long page) {
      try {
        device.readPage(page);
      } catch (IOException e) {
        throw new UncheckedIOException("device " + device.spec() + ": cannot read page " + page, e);
      }
    }

    private void changed(long page, long lsn) {
      if (changes == changedPages.length) {
        changedPages = Arrays.copyOf(changedPages, changes * 2);
        changeLsns = Arrays.copyOf(changeLsns, changes * 2);
      }
      changedPages[changes] = page;
      changeLsns[changes++] = lsn;
    }

    private void runEvents() throws InterruptedException {
      PoolSession s = backend.session();
      long txnStart = 0;
      changes = 0;
      long evictionWait = 0;
      boolean waited = false;
      for (int i = 0; i < unit.size(); i++) {
        int m = unit.meta(i);
        switch (EventMeta.kind(m)) {
          case EventMeta.BEGIN -> {
            txnStart = System.nanoTime();
            changes = 0;
          }
          case EventMeta.COMMIT -> {
            long commitStart = System.nanoTime();
            long id = commitIds.incrementAndGet();
            long lsn = backend.commit(id, m);
            if (lsn > 0) committer.awaitDurable(lsn);
            long t = System.nanoTime();
            acknowledged.incrementAndGet();
            if (lsn > 0) observer.acknowledged(id, lsn, changedPages, changeLsns, changes);
            changes = 0;
            stats.committed(t - txnStart, t - commitStart, evictionWait, waited, checkpointStats.overlapsSync(commitStart));
          }
          default -> {
            long page = unit.page(i);
            long writesBefore = s.metrics().writeBacks();
            long t0 = System.nanoTime();
            int b = s.pin(page, EventMeta.strategy(m), EventMeta.pageClass(m));
            if (s.metrics().writeBacks() != writesBefore) {
              evictionWait += System.nanoTime() - t0;
              waited = unit.kind() == Unit.TRANSACTION;
            }
            if (device instanceof CachedDevice && !s.wasHit() && !EventMeta.initializes(m)) readPage(page);
            if (EventMeta.isWrite(m)) changed(page, backend.change(b, page, m));
            s.unpin(b);
          }
        }
      }
    }
  }
}
