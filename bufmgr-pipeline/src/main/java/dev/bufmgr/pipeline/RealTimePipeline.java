package dev.bufmgr.pipeline;

import static dev.bufmgr.core.buffer.BufferState.CHECKPOINT_NEEDED;

import dev.bufmgr.wal.device.Device;
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
import dev.bufmgr.pipeline.WalWriteBack;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * The pipeline in real time: the same pool, selector, {@link Backend}s, release policy and
 * checkpoint rules as {@link PipelineSimulation}, driven by real threads on a real or emulated
 * {@link Device}. Each client is a platform thread with its own pool session; a dirty victim is
 * written by the thread that evicts it through {@link WalWriteBack} (the log flushed to the
 * page's LSN by the {@link GroupCommitter}, then the page written); commits wait on the group
 * committer; the checkpointer and the background writer are Agrona {@link Agent}s, each on its
 * own thread with a sleeping idle strategy. Every log flush and data-page write goes to the one
 * device.
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
  private final Object handOut = new Object();
  private long handedOut;
  private volatile boolean stop;
  private volatile long lastCompletedRedo;

  /**
   * @param device where the log and the data pages go (the caller closes it)
   * @param startLsn the log's first LSN on that device
   */
  public RealTimePipeline(PipelineConfig config, EventSource source, Device device, long startLsn, SelectorRegistry registry) {
    this.config = config;
    this.device = device;
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
    Checkpointer checkpointer = new Checkpointer(new BufferWriter(pool, storage));
    AgentRunner runner = new AgentRunner(new SleepingMillisIdleStrategy(1), this::fail, null, checkpointer);
    BgWriter bgwriter = config.bgwriter() == null ? null
        : new BgWriter(new BufferWriter(pool, storage), PipelineSimulation.cleaningView(pool));
    AgentRunner bgRunner = bgwriter == null ? null : new AgentRunner(new SleepingMillisIdleStrategy(1), this::fail, null, bgwriter);
    List<Thread> threads = new ArrayList<>();
    try (reader) {
      long start = System.nanoTime();
      PipelineSampler sampler = new PipelineSampler(stats, wal, pool, checkpointStats,
          bgwriter == null ? null : bgwriter.rounds, device::busyNanos, start);
      checkpointer.schedule(start);
      AgentRunner.startOnThread(runner);
      if (bgwriter != null) {
        bgwriter.schedule(start);
        AgentRunner.startOnThread(bgRunner);
      }
      long warmTransactions = (long) Math.ceil(config.transactions() * config.warmupFraction());
      long windowAt = config.byTransactions() ? Long.MAX_VALUE : start + (long) (config.durationNanos() * config.warmupFraction());
      if (windowAt == start || (config.byTransactions() && warmTransactions == 0)) {
        sampler.startWindow(start);
        windowAt = Long.MAX_VALUE;
      }
      SplittableRandom root = new SplittableRandom(config.seed());
      for (int i = 0; i < config.clients(); i++) {
        Client c = new Client(i, root.split(), checkpointer);
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
      Throwable f = failure.get();
      if (f != null) {
        if (f instanceof RuntimeException r) throw r;
        if (f instanceof Error e) throw e;
        throw new IllegalStateException(f);
      }
      if (!sampler.measuring()) sampler.startWindow(stopAt);
      return sampler.result("real", stopAt, System.nanoTime() - wall0);
    } finally {
      stop = true;
      for (Thread t : threads) t.join(10_000);
      runner.close();
      if (bgRunner != null) bgRunner.close();
      committer.close();
      pool.close();
    }
  }

  private void fail(Throwable t) {
    failure.compareAndSet(null, t);
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
    private final Checkpointer checkpointer;
    private final Backend backend;
    private final Unit unit = new Unit();

    Client(int id, SplittableRandom rng, Checkpointer checkpointer) {
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

    private void runEvents() throws InterruptedException {
      PoolSession s = backend.session();
      long txnStart = 0;
      long evictionWait = 0;
      boolean waited = false;
      for (int i = 0; i < unit.size(); i++) {
        int m = unit.meta(i);
        switch (EventMeta.kind(m)) {
          case EventMeta.BEGIN -> txnStart = System.nanoTime();
          case EventMeta.COMMIT -> {
            long commitStart = System.nanoTime();
            long lsn = backend.commit(commitIds.incrementAndGet(), m);
            if (lsn > 0) committer.awaitDurable(lsn);
            long t = System.nanoTime();
            acknowledged.incrementAndGet();
            stats.committed(t - txnStart, t - commitStart, evictionWait, waited);
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
            if (EventMeta.isWrite(m)) backend.change(b, page, m);
            s.unpin(b);
          }
        }
      }
    }
  }

  /**
   * The checkpointer as an agent, one step per duty cycle: a checkpoint starts on request (a
   * CHECKPOINT unit, immediate), when the log has grown past {@code maxWal} since the redo point,
   * or {@code timeout} after the last one started; it sets the redo point, flags the dirty
   * buffers, writes the flagged ones in page order through the log ({@link WalWriteBack}), one a
   * step, sleeping 100 ms after a buffer whenever it is ahead of both schedules ({@link
   * CheckpointSettings#onSchedule}), then forces the data file and completes.
   */
  private final class Checkpointer implements Agent {
    private final BufferWriter writer;
    private final CheckpointSettings settings = config.checkpoints();
    private long nextDue = Long.MAX_VALUE;
    private long requestedTicket;
    private long startedTicket;
    private long completedTicket;
    private long ticket;
    private boolean running;
    private boolean immediate;
    private int[] work;
    private CheckpointWork.Marked marked;
    private int pos;
    private long redo;
    private long startedAt;
    private long pacedUntil;
    private long openSegment = CheckpointSettings.segment(wal.flushedLsn());

    Checkpointer(BufferWriter writer) {
      this.writer = writer;
    }

    void schedule(long start) {
      if (settings != null) nextDue = start + settings.timeoutNanos();
    }

    synchronized void requestAndWait() throws InterruptedException {
      long mine = ++requestedTicket;
      while (completedTicket < mine && !stop) wait(100);
    }

    @Override
    public int doWork() {
      long now = System.nanoTime();
      if (running) return step(now);
      boolean byRequest;
      synchronized (this) {
        byRequest = requestedTicket > startedTicket;
        ticket = requestedTicket;
        startedTicket = ticket;
      }
      boolean walDue = false;
      long open = CheckpointSettings.segment(wal.flushedLsn());
      if (settings != null && open > openSegment) {
        openSegment = open;
        walDue = settings.walDue(open - 1, wal.redoPointer());
      }
      if (!byRequest && !walDue && now < nextDue) return 0;
      checkpointStats.started(byRequest || walDue);
      immediate = byRequest || settings == null || settings.completionTarget() == 0;
      startedAt = now;
      if (settings != null) nextDue = now + settings.timeoutNanos();
      redo = wal.checkpoint();
      marked = CheckpointWork.mark(pool.descriptors(), redo);
      work = marked.buffers();
      pos = 0;
      pacedUntil = 0;
      running = true;
      return 1;
    }

    private int step(long now) {
      if (now < pacedUntil) return 0;
      if (stop) {
        running = false;
        return 0;
      }
      if (pos < work.length) {
        if (writer.writeNow(work[pos++], CHECKPOINT_NEEDED)) checkpointStats.bufferWritten();
        if (!immediate && settings.onSchedule((double) pos / work.length, System.nanoTime() - startedAt, wal.insertLsn(), redo)) {
          pacedUntil = System.nanoTime() + CheckpointSettings.DELAY_NANOS;
        }
        return 1;
      }
      long syncStart = System.nanoTime();
      try {
        device.syncData();
        device.logCheckpointed(redo);
      } catch (IOException e) {
        throw new UncheckedIOException("device " + device.spec() + ": cannot force the data file or move the log's start", e);
      }
      marked.verify(stored);
      lastCompletedRedo = redo;
      checkpointStats.completed(syncStart - startedAt, System.nanoTime() - syncStart);
      running = false;
      synchronized (this) {
        completedTicket = ticket;
        notifyAll();
      }
      return 1;
    }

    @Override
    public String roleName() {
      return "checkpointer";
    }
  }

  /**
   * The background writer as an agent: a round of {@link BgBufferSync} every {@code delay}, its
   * writes through the log ({@link WalWriteBack}); after two rounds in a row with nothing to do
   * it hibernates for 50 delays, waking at the first delay boundary after an allocation.
   */
  private final class BgWriter implements Agent {
    private static final int HIBERNATE_FACTOR = 50;
    private final BufferWriter writer;
    final BgBufferSync rounds;
    private final long delay = config.bgwriter().delayNanos();
    private long nextRound;
    private boolean prevMayHibernate;
    private long hibernateUntil = -1;
    private long lastAllocations;

    BgWriter(BufferWriter writer, dev.bufmgr.core.evict.CleaningView view) {
      this.writer = writer;
      this.rounds = new BgBufferSync(view, pool.descriptors(), config.bgwriter());
    }

    void schedule(long start) {
      nextRound = start + delay;
    }

    @Override
    public int doWork() {
      long now = System.nanoTime();
      if (now < nextRound || stop) return 0;
      long allocations = pool.allocations();
      long recent = allocations - lastAllocations;
      if (hibernateUntil >= 0 && recent == 0 && now < hibernateUntil) {
        nextRound = now + delay;
        return 0;
      }
      hibernateUntil = -1;
      lastAllocations = allocations;
      rounds.beginRound(recent);
      int b;
      while ((b = rounds.next()) >= 0) rounds.wrote(writer.writeNow(b, 0), false);
      boolean may = rounds.mayHibernate();
      long end = System.nanoTime();
      if (may && prevMayHibernate) hibernateUntil = end + HIBERNATE_FACTOR * delay;
      prevMayHibernate = may;
      nextRound = end + delay;
      return 1;
    }

    @Override
    public String roleName() {
      return "bgwriter";
    }
  }
}
