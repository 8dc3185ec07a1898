package dev.bufmgr.pipeline;

import static dev.bufmgr.core.buffer.BufferState.CHECKPOINT_NEEDED;

import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.IoKind;
import dev.bufmgr.wal.device.SimDevice;
import dev.bufmgr.wal.device.StoredPages;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.BufferWriter;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.pool.WriteBackHook;
import dev.bufmgr.wal.sim.EventHeap;
import dev.bufmgr.wal.sim.VirtualGroupCommit;
import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.VirtualWal;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;

/**
 * The pipeline in virtual time: clients run transactions on the buffer pool, their changes are
 * logged ({@link Backend}), commits go through the release policy's group commit, dirty victims
 * are written by the client that evicts them once the log is durable up to their LSN, the
 * background writer cleans ahead of the victim search ({@link BgBufferSync}), and the
 * checkpointer writes every buffer dirty at its redo point, paced to its completion target
 * ({@link CheckpointSettings}); every log flush and data-page write queues on one {@link
 * SimDevice}. Deterministic for a configuration, input and seed.
 *
 * <p>Time passes only on the device and in think time: a client runs its unit of work at one
 * instant until it must wait, for a victim's write (the log flush it needs, then the page
 * write: {@link PoolSession#pinDeferred}), for its commit, or for a checkpoint it requested.
 * Events at equal times are applied in a fixed order (interval boundary, warm-up end, flush
 * completion, checkpointer step, background writer step, checkpoint timer, policy wake-up,
 * clients) and the policy is
 * asked once every event of the instant has been applied, as in the commit simulation.
 *
 * <p>The pool is {@link Sharing#EXCLUSIVE}: all clients' sessions run on the simulation's
 * thread, so the pool takes no locks; its decisions are those of a shared pool (a conformance
 * test checks it).
 */
public final class PipelineSimulation {
  /** How long the checkpointer waits before retrying a buffer another write holds. */
  static final long RETRY_NANOS = 100_000;
  private static final int COMMIT_WAIT = 0;
  private static final int LOG_WAIT = 1;

  private static final int IDLE = 0;
  private static final int LOG_WAITING = 1;
  private static final int WRITING = 2;
  private static final int COMMITTING = 3;
  private static final int CHECKPOINT_WAITING = 4;
  private static final int DONE = 5;

  private final PipelineConfig config;
  private final BufferPool pool;
  private final VirtualWal wal;
  private final SimDevice device;
  private final VirtualGroupCommit commit;
  private final StoredPages stored = new StoredPages(false);
  private final UnitReader reader;
  private final Client[] clients;
  private final EventHeap heap;
  private final Checkpointer checkpointer;
  private final BgWriter bgwriter;
  private final TransactionStats stats = new TransactionStats(false);
  private final CheckpointStats checkpointStats = new CheckpointStats();
  private final SplittableRandom thinkRng;
  private final int[] coveredByFlight;
  private int covered;
  private long now;
  private long flushTarget;
  private long acknowledged;
  private long handedOut;
  private long commitIds;
  private int openTransactions;
  private int done;
  private long nextTimedCheckpoint = Long.MAX_VALUE;
  private long lastCompletedRedo;

  /**
   * @param source the input, read as one sequence of units that every client draws from
   * @param model the device's service times
   * @param registry where the selector is found
   * @param wal the log (a {@link VirtualWal} starting at the log's first LSN; {@link
   *     VirtualWal#recording} to keep its records for a recovery check)
   */
  public PipelineSimulation(PipelineConfig config, EventSource source, DeviceModel model, SelectorRegistry registry, VirtualWal wal) {
    this.config = config;
    this.wal = wal;
    this.lastCompletedRedo = wal.redoPointer();
    SplittableRandom root = new SplittableRandom(config.seed());
    this.device = new SimDevice(model, root.nextLong());
    this.thinkRng = root.split();
    this.commit = new VirtualGroupCommit(config.policy().create(), device, config.clients() + 1);
    WriteBackHook storage = new WriteBackHook() {
      @Override
      public boolean needsWalFlush(long pageLsn) {
        return pageLsn > wal.flushedLsn();
      }

      @Override
      public void writeBack(int buffer, long page, long pageLsn, MemorySegment frame) {
        throw new IllegalStateException("the simulation writes victims through deferred misses only");
      }
    };
    this.pool = new BufferPool(config.pool(storage, Sharing.EXCLUSIVE), registry);
    try {
      this.reader = new UnitReader(source);
      PageImages images = config.fullPageWrites() ? PageImages.of(source, config.pageSize()) : PageImages.OFF;
      this.clients = new Client[config.clients()];
      for (int i = 0; i < clients.length; i++) {
        PoolSession s = pool.openSession();
        clients[i] = new Client(i, new Backend(s, pool.descriptors(), wal, images, stored::lsn, ContentLocks.NONE));
      }
      this.heap = new EventHeap(config.clients());
      this.checkpointer = new Checkpointer(new BufferWriter(pool, storage));
      this.bgwriter = config.bgwriter() == null ? null : new BgWriter(new BufferWriter(pool, storage), cleaningView(pool));
      this.coveredByFlight = new int[config.clients() + 2];
    } catch (RuntimeException | Error e) {
      pool.close();
      throw e;
    }
  }

  /**
   * The selector's cleaning view, which a background writer needs.
   *
   * @throws IllegalArgumentException when the selector offers none
   */
  static dev.bufmgr.core.evict.CleaningView cleaningView(BufferPool pool) {
    dev.bufmgr.core.evict.CleaningView v = pool.cleaningView();
    if (v == null) {
      throw new IllegalArgumentException("selector " + pool.selectorName() + " offers no view for a background writer; use --bgwriter off");
    }
    return v;
  }

  /** Runs the simulation to its end and returns what it measured; closes the pool and the input. */
  public PipelineResult run() {
    long wall0 = System.nanoTime();
    try (reader) {
      PipelineSampler sampler = new PipelineSampler(stats, wal, pool, checkpointStats,
          bgwriter == null ? null : bgwriter.rounds, device::busyNanos, 0);
      long interval = config.intervalNanos();
      long nextSample = interval;
      long windowAt = config.byTransactions() ? Long.MAX_VALUE : (long) (config.durationNanos() * config.warmupFraction());
      long warmTransactions = (long) Math.ceil(config.transactions() * config.warmupFraction());
      if (windowAt == 0 || (config.byTransactions() && warmTransactions == 0)) {
        sampler.startWindow(0);
        windowAt = Long.MAX_VALUE;
      }
      if (config.checkpoints() != null) nextTimedCheckpoint = config.checkpoints().timeoutNanos();
      if (bgwriter != null) bgwriter.nextAt = config.bgwriter().delayNanos();
      for (Client c : clients) heap.push(config.think().sample(thinkRng), c.id);
      while (done < clients.length) {
        if (stalled()) {
          throw new IllegalArgumentException("policy " + config.policy().spec() + " never releases " + commit.pending()
              + " waiting requests: every client waits for the log and no further arrival can come");
        }
        long next = nextEvent(nextSample, windowAt);
        if (!config.byTransactions() && next > config.durationNanos()) {
          now = config.durationNanos();
          break;
        }
        now = next;
        if (next == nextSample) {
          sampler.sample(now);
          nextSample += interval;
        } else if (next == windowAt) {
          sampler.startWindow(now);
          windowAt = Long.MAX_VALUE;
        } else if (next == commit.flushDoneAt()) {
          completeFlush();
        } else if (next == checkpointer.nextAt) {
          checkpointer.step();
        } else if (bgwriter != null && next == bgwriter.nextAt) {
          bgwriter.step();
        } else if (next == nextTimedCheckpoint) {
          nextTimedCheckpoint = Long.MAX_VALUE;
          checkpointer.timed();
        } else if (next == commit.wakeAt()) {
          commit.wokeUp();
        } else {
          Client c = clients[heap.peekClient()];
          heap.pop();
          resume(c);
        }
        if (!commit.flushing() && commit.pending() > 0 && nextEvent(nextSample, windowAt) > now) startFlush();
        if (config.byTransactions()) {
          if (!sampler.measuring() && acknowledged >= warmTransactions) sampler.startWindow(now);
          if (acknowledged >= config.transactions()) break;
        }
      }
      if (!sampler.measuring()) sampler.startWindow(now);
      return sampler.result("sim", now, System.nanoTime() - wall0);
    } finally {
      pool.close();
    }
  }

  /** Whether every client waits for a flush the policy will never start (only timers are left). */
  private boolean stalled() {
    return heap.peekTime() == Long.MAX_VALUE && !commit.flushing() && commit.wakeAt() == Long.MAX_VALUE
        && commit.pending() > 0 && checkpointer.nextAt == Long.MAX_VALUE && (bgwriter == null || bgwriter.waitingForLog());
  }

  private long nextEvent(long nextSample, long windowAt) {
    long t = Math.min(nextSample, windowAt);
    t = Math.min(t, commit.flushDoneAt());
    t = Math.min(t, checkpointer.nextAt);
    if (bgwriter != null) t = Math.min(t, bgwriter.nextAt);
    t = Math.min(t, nextTimedCheckpoint);
    t = Math.min(t, commit.wakeAt());
    return Math.min(t, heap.peekTime());
  }

  private void startFlush() {
    long target = wal.insertLsn();
    if (commit.decide(now, n -> target - wal.flushedLsn())) flushTarget = target;
  }

  private void completeFlush() {
    wal.flushedTo(flushTarget);
    int n = commit.inFlight();
    for (int k = 0; k < n; k++) {
      int w = commit.inFlightWaiter(k);
      if (w % 2 == COMMIT_WAIT) acknowledge(clients[w / 2]);
      else logReady(w / 2);
    }
    commit.completeFlush(now);
    int c = covered;
    covered = 0;
    for (int i = 0; i < c; i++) logReady(coveredByFlight[i]);
    checkpointer.checkWalVolume();
  }

  /**
   * Actor {@code actor} (a client, the checkpointer as {@code clients.length}, the background
   * writer as {@code clients.length + 1}) waits until the log is durable to {@code lsn}.
   */
  private void awaitLog(int actor, long lsn) {
    if (commit.flushing() && lsn <= flushTarget) coveredByFlight[covered++] = actor;
    else commit.arrive(now, actor * 2 + LOG_WAIT);
  }

  private void logReady(int actor) {
    if (actor == clients.length) checkpointer.writeStarted();
    else if (actor == clients.length + 1) bgwriter.writeStarted();
    else writeVictim(clients[actor]);
  }

  private void resume(Client c) {
    switch (c.state) {
      case IDLE -> startUnit(c);
      case WRITING -> {
        c.evictionWait += now - c.waitStart;
        int b = c.session().resumeAfterWrite();
        if (b == PoolSession.WRITE_NEEDED) {
          victimNeedsWrite(c);
          return;
        }
        c.held = b;
        runUnit(c);
      }
      default -> throw new IllegalStateException("client " + c.id + " resumed in state " + c.state);
    }
  }

  private void startUnit(Client c) {
    if (config.byTransactions() && handedOut >= config.transactions() || !reader.next(c.unit)) {
      c.state = DONE;
      done++;
      return;
    }
    c.pc = 0;
    switch (c.unit.kind()) {
      case Unit.TRANSACTION -> {
        handedOut++;
        runUnit(c);
      }
      case Unit.READS -> runUnit(c);
      default -> {
        c.state = CHECKPOINT_WAITING;
        checkpointer.request(c);
      }
    }
  }

  /** Runs {@code c}'s unit from its current event until it must wait or the unit ends. */
  private void runUnit(Client c) {
    Unit u = c.unit;
    PoolSession s = c.session();
    while (c.pc < u.size()) {
      int m = u.meta(c.pc);
      switch (EventMeta.kind(m)) {
        case EventMeta.BEGIN -> {
          c.txnStart = now;
          c.evictionWait = 0;
          c.waited = false;
          commit.backlog().openTransactions(++openTransactions);
        }
        case EventMeta.COMMIT -> {
          long lsn = c.backend.commit(++commitIds, m);
          c.commitStart = now;
          c.pc++;
          if (lsn == 0) {
            acknowledge(c);
          } else {
            c.state = COMMITTING;
            commit.arrive(now, c.id * 2 + COMMIT_WAIT);
          }
          return;
        }
        default -> {
          long page = u.page(c.pc);
          boolean write = EventMeta.isWrite(m);
          int b = c.held;
          c.held = -1;
          if (b < 0) {
            b = write ? s.pinDeferred(page, EventMeta.strategy(m), EventMeta.pageClass(m))
                : s.readDeferred(page, EventMeta.strategy(m), EventMeta.pageClass(m));
          }
          if (b == PoolSession.WRITE_NEEDED) {
            c.waitStart = now;
            c.waited |= u.kind() == Unit.TRANSACTION;
            victimNeedsWrite(c);
            return;
          }
          if (b != PoolSession.TOUCHED) {
            if (write) c.backend.change(b, page, m);
            s.unpin(b);
          }
        }
      }
      c.pc++;
    }
    stats.readOnlyStatement();
    think(c);
  }

  private void victimNeedsWrite(Client c) {
    c.state = LOG_WAITING;
    long lsn = c.session().pendingWriteLsn();
    if (lsn > wal.flushedLsn()) awaitLog(c.id, lsn);
    else writeVictim(c);
  }

  private void writeVictim(Client c) {
    PoolSession s = c.session();
    stored.written(s.pendingWritePage(), s.pendingWriteLsn(), wal.flushedLsn());
    c.state = WRITING;
    heap.push(device.submit(now, config.pageSize(), IoKind.PAGE), c.id);
  }

  private void acknowledge(Client c) {
    acknowledged++;
    commit.backlog().openTransactions(--openTransactions);
    stats.committed(now - c.txnStart, now - c.commitStart, c.evictionWait, c.waited);
    think(c);
  }

  private void think(Client c) {
    c.state = IDLE;
    heap.push(now + config.think().sample(thinkRng), c.id);
  }

  /** The log the run wrote. */
  public VirtualWal wal() {
    return wal;
  }

  /** The data pages the run wrote, with their LSNs. */
  public StoredPages stored() {
    return stored;
  }

  /** The redo point of the last checkpoint that completed (the run's start before any): where recovery would begin. */
  public long lastCompletedRedo() {
    return lastCompletedRedo;
  }

  /** The log's first LSN in every run. */
  public static long startLsn() {
    return LogFormat.FIRST_LSN;
  }

  /** One simulated client. */
  private static final class Client {
    final int id;
    final Backend backend;
    final Unit unit = new Unit();
    int pc;
    int state = IDLE;
    int held = -1;
    long txnStart;
    long commitStart;
    long waitStart;
    long evictionWait;
    boolean waited;

    Client(int id, Backend backend) {
      this.id = id;
      this.backend = backend;
    }

    PoolSession session() {
      return backend.session();
    }
  }

  /**
   * The checkpointer (PostgreSQL's {@code CreateCheckPoint} with {@code BufferSync}): sets the
   * redo point, flags every dirty buffer, and writes the flagged ones in page order one at a time
   * (after the log is durable up to each one's LSN), skipping those another writer cleaned
   * meanwhile; after each buffer, when it is ahead of both schedules ({@link
   * CheckpointSettings#onSchedule}), it sleeps 100 ms ({@code CheckpointWriteDelay}); a
   * requested CHECKPOINT is immediate and never sleeps. Then it forces the data file and
   * completes. Timed checkpoints start {@code timeout} after the last start; the log's growth
   * past {@code maxWal} requests one.
   */
  private final class Checkpointer {
    private static final int QUIET = 0;
    private static final int WRITING_PAGE = 1;
    private static final int WAITING_FOR_LOG = 2;
    private static final int RETRY_LATER = 3;
    private static final int PACING = 4;
    private static final int SYNCING = 5;

    private final BufferWriter writer;
    long nextAt = Long.MAX_VALUE;
    private int phase = QUIET;
    private int[] work = new int[0];
    private CheckpointWork.Marked marked;
    private int pos;
    private int processed;
    private int total;
    private int[] busy = new int[16];
    private int nBusy;
    private long redo;
    private long startedAt;
    private long syncStartedAt;
    private boolean immediate;
    private boolean timedDue;
    private boolean walDue;
    private long openSegment = CheckpointSettings.segment(wal.flushedLsn());
    private Client[] requesters = new Client[4];
    private int nRequesters;
    private Client[] nextRequesters = new Client[4];
    private int nNextRequesters;

    Checkpointer(BufferWriter writer) {
      this.writer = writer;
    }

    void timed() {
      if (phase == QUIET) start(false, false);
      else timedDue = true;
    }

    /**
     * A flush completed: each log segment it filled may request a checkpoint ({@code
     * XLogCheckpointNeeded} as {@code XLogWrite} finishes a segment).
     */
    void checkWalVolume() {
      CheckpointSettings c = config.checkpoints();
      if (c == null) return;
      long open = CheckpointSettings.segment(wal.flushedLsn());
      if (open <= openSegment) return;
      openSegment = open;
      if (!c.walDue(open - 1, wal.redoPointer())) return;
      if (phase == QUIET) start(true, false);
      else walDue = true;
    }

    void request(Client c) {
      if (nNextRequesters == nextRequesters.length) nextRequesters = java.util.Arrays.copyOf(nextRequesters, nNextRequesters * 2);
      nextRequesters[nNextRequesters++] = c;
      if (phase == QUIET) start(true, true);
    }

    private void start(boolean byRequest, boolean fast) {
      checkpointStats.started(byRequest);
      Client[] t = requesters;
      requesters = nextRequesters;
      nRequesters = nNextRequesters;
      nextRequesters = t;
      nNextRequesters = 0;
      immediate = fast || config.checkpoints() == null || config.checkpoints().completionTarget() == 0;
      timedDue = false;
      walDue = false;
      startedAt = now;
      if (config.checkpoints() != null) nextTimedCheckpoint = now + config.checkpoints().timeoutNanos();
      redo = wal.checkpoint();
      marked = CheckpointWork.mark(pool.descriptors(), redo);
      work = marked.buffers();
      total = work.length;
      pos = 0;
      processed = 0;
      nBusy = 0;
      advance();
    }

    void step() {
      nextAt = Long.MAX_VALUE;
      switch (phase) {
        case WRITING_PAGE -> {
          writer.finish();
          checkpointStats.bufferWritten();
          if (!paceAfterBuffer()) advance();
        }
        case RETRY_LATER, PACING -> advance();
        case SYNCING -> complete();
        default -> throw new IllegalStateException("checkpointer stepped in phase " + phase);
      }
    }

    /** Processes the next flagged buffers until a write starts, the schedule says sleep, or all are done. */
    private void advance() {
      while (true) {
        while (pos < work.length) {
          int b = work[pos++];
          int r = writer.begin(b, CHECKPOINT_NEEDED);
          if (r == BufferWriter.STARTED) {
            processed++;
            long lsn = writer.lsn();
            if (lsn > wal.flushedLsn()) {
              phase = WAITING_FOR_LOG;
              awaitLog(clients.length, lsn);
            } else {
              writeStarted();
            }
            return;
          }
          if (r == BufferWriter.BUSY) {
            if (nBusy == busy.length) busy = java.util.Arrays.copyOf(busy, nBusy * 2);
            busy[nBusy++] = b;
            continue;
          }
          processed++;
          if (paceAfterBuffer()) return;
        }
        if (nBusy == 0) break;
        work = java.util.Arrays.copyOf(busy, nBusy);
        pos = 0;
        nBusy = 0;
        phase = RETRY_LATER;
        nextAt = now + RETRY_NANOS;
        return;
      }
      phase = SYNCING;
      syncStartedAt = now;
      nextAt = device.submit(now, 0, IoKind.DATA_SYNC);
    }

    /** {@code CheckpointWriteDelay}: sleeps 100 ms when ahead of schedule; returns whether it sleeps. */
    private boolean paceAfterBuffer() {
      if (immediate || total == 0) return false;
      double progress = (double) processed / total;
      if (!config.checkpoints().onSchedule(progress, now - startedAt, wal.insertLsn(), redo)) return false;
      phase = PACING;
      nextAt = now + CheckpointSettings.DELAY_NANOS;
      return true;
    }

    /** The log is durable for the buffer the writer holds: write it. */
    void writeStarted() {
      stored.written(writer.page(), writer.lsn(), wal.flushedLsn());
      phase = WRITING_PAGE;
      nextAt = device.submit(now, config.pageSize(), IoKind.PAGE);
    }

    private void complete() {
      marked.verify(stored);
      lastCompletedRedo = redo;
      checkpointStats.completed(syncStartedAt - startedAt, now - syncStartedAt);
      phase = QUIET;
      for (int i = 0; i < nRequesters; i++) think(requesters[i]);
      nRequesters = 0;
      if (nNextRequesters > 0) start(true, true);
      else if (walDue) start(true, false);
      else if (timedDue || now >= nextTimedCheckpoint) start(false, false);
    }
  }

  /**
   * The background writer: a round of {@link BgBufferSync} every {@code delay}, its writes one at
   * a time on the device (each after the log is durable up to the page's LSN). After two rounds
   * in a row that found nothing to do it hibernates for 50 delays ({@code HIBERNATE_FACTOR}),
   * waking at the first delay boundary after an allocation.
   */
  private final class BgWriter {
    private static final int HIBERNATE_FACTOR = 50;
    private final BufferWriter writer;
    final BgBufferSync rounds;
    long nextAt = Long.MAX_VALUE;
    private boolean writing;
    private boolean waitingForLog;
    private boolean prevMayHibernate;
    private long hibernateUntil = -1;
    private long lastAllocations;

    BgWriter(BufferWriter writer, dev.bufmgr.core.evict.CleaningView view) {
      this.writer = writer;
      this.rounds = new BgBufferSync(view, pool.descriptors(), config.bgwriter());
    }

    boolean waitingForLog() {
      return waitingForLog;
    }

    void step() {
      nextAt = Long.MAX_VALUE;
      if (writing) {
        writing = false;
        writer.finish();
        rounds.wrote(true, false);
        continueRound();
        return;
      }
      long allocations = pool.allocations();
      long recent = allocations - lastAllocations;
      if (hibernateUntil >= 0 && recent == 0 && now < hibernateUntil) {
        nextAt = now + config.bgwriter().delayNanos();
        return;
      }
      hibernateUntil = -1;
      lastAllocations = allocations;
      rounds.beginRound(recent);
      continueRound();
    }

    private void continueRound() {
      int b;
      while ((b = rounds.next()) >= 0) {
        int r = writer.begin(b, 0);
        if (r == BufferWriter.STARTED) {
          long lsn = writer.lsn();
          if (lsn > wal.flushedLsn()) {
            waitingForLog = true;
            awaitLog(clients.length + 1, lsn);
          } else {
            writeStarted();
          }
          return;
        }
        rounds.wrote(false, r == BufferWriter.BUSY);
      }
      boolean may = rounds.mayHibernate();
      if (may && prevMayHibernate) hibernateUntil = now + HIBERNATE_FACTOR * config.bgwriter().delayNanos();
      prevMayHibernate = may;
      nextAt = now + config.bgwriter().delayNanos();
    }

    /** The log is durable for the buffer the writer holds: write it. */
    void writeStarted() {
      waitingForLog = false;
      stored.written(writer.page(), writer.lsn(), wal.flushedLsn());
      writing = true;
      nextAt = device.submit(now, config.pageSize(), IoKind.PAGE);
    }
  }
}
