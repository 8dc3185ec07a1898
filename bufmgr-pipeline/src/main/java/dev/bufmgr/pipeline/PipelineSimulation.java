package dev.bufmgr.pipeline;

import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.wal.device.DeviceModel;
import dev.bufmgr.wal.device.IoKind;
import dev.bufmgr.wal.device.SimDevice;
import dev.bufmgr.wal.device.SimPageCache;
import dev.bufmgr.wal.device.WriteSource;
import dev.bufmgr.wal.device.StoredPages;
import dev.bufmgr.core.event.EventMeta;
import dev.bufmgr.core.event.EventSource;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.NamedPools;
import dev.bufmgr.core.pool.BufferWriter;
import dev.bufmgr.core.pool.PoolSession;
import dev.bufmgr.core.pool.WriteBackHook;
import dev.bufmgr.wal.crash.DataFileHistory;
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
 * background writer cleans ahead of the victim search ({@link BackgroundWriter}), and the
 * checkpointer writes every buffer dirty at its redo point, paced to its completion target
 * ({@link Checkpointer}); every log flush and data-page write queues on one {@link SimDevice}.
 * The two writers are the state machines the real-time driver runs too: here they are stepped at
 * virtual instants, and their I/O (the log flush a write needs, the write, the data file's
 * force) takes the device's time. Deterministic for a configuration, input and seed.
 *
 * <p>Time passes only on the device and in think time: a client runs its unit of work at one
 * instant until it must wait, for a victim's write (the log flush it needs, then the page
 * write: {@link PoolSession#pinDeferred}), for its commit, or for a checkpoint it requested.
 * Events at equal times are applied in a fixed order (interval boundary, warm-up end, flush
 * completion, checkpointer step, background writer step, checkpoint timer, policy wake-up,
 * clients) and the policy is
 * asked once every event of the instant has been applied, as in the commit simulation.
 *
 * <p>With pools side by side ({@link PipelineConfig#pools}, the PostgreSQL wiki's "Multiple
 * Buffer Pools") each client has a backend on every pool and a page goes to the pool of its
 * class; each pool has its own background writer (the proposal's trickle writer per pool, as
 * actor {@code clients + 1 + k}), and the one checkpointer writes the dirty buffers of every pool
 * in one page order. One pool of 100% is the run without pools.
 *
 * <p>With a page cache ({@link PipelineConfig#pageCache}) the page writes go into a {@link
 * SimPageCache} on the same device (the writer pays the copy; the cache's writeback and the
 * checkpoint's fsyncs, one per relation segment file written since the last ({@link
 * RelationFiles}), take the device's time), and a page that misses the pool and is not newly
 * initialised is read through it: a client waits for a read that misses the cache too.
 *
 * <p>The pool is {@link Sharing#EXCLUSIVE}: all clients' sessions run on the simulation's
 * thread, so the pool takes no locks; its decisions are those of a shared pool (a conformance
 * test checks it).
 */
public final class PipelineSimulation {
  /**
   * Events the simulation handles at one virtual instant before it calls its clock stopped: work
   * that costs no time (read-only transactions on resident pages, no think time, no device read)
   * would otherwise run for ever without the clock reaching the run's end.
   */
  static final long MAX_EVENTS_AT_ONE_INSTANT = 10_000_000;

  private static final int COMMIT_WAIT = 0;
  private static final int LOG_WAIT = 1;

  private static final int IDLE = 0;
  private static final int LOG_WAITING = 1;
  private static final int WRITING = 2;
  private static final int COMMITTING = 3;
  private static final int CHECKPOINT_WAITING = 4;
  private static final int DONE = 5;
  private static final int READING = 6;

  private final PipelineConfig config;
  private final BufferPool[] pools;
  private final int[] route;
  private final VirtualWal wal;
  private final SimDevice device;
  private final VirtualGroupCommit commit;
  private final SimPageCache cache;
  private final RelationFiles files = new RelationFiles();
  private final WriteTimes writeTimes = new WriteTimes();
  private final StoredPages stored = new StoredPages(false);
  private final DataFileHistory history;
  private final UnitReader reader;
  private final Client[] clients;
  private final EventHeap heap;
  private final Checkpointer checkpointer;
  private final WriterIo checkpointIo;
  private final BackgroundWriter[] bgwriters;
  private final WriterIo[] bgwriterIos;
  private Client[] requesters = new Client[4];
  private int nRequesters;
  private long woken;
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

  /**
   * @param source the input, read as one sequence of units that every client draws from
   * @param model the device's service times
   * @param registry where the selector is found
   * @param wal the log (a {@link VirtualWal} starting at the log's first LSN; {@link
   *     VirtualWal#recording} to keep its records for a recovery check)
   */
  public PipelineSimulation(PipelineConfig config, EventSource source, DeviceModel model, SelectorRegistry registry, VirtualWal wal) {
    this(config, source, model, registry, wal, null);
  }

  /**
   * A run that also records its page writes, data-file forces, log flushes and checkpoints in {@code history}, for
   * the power-loss check of the data file ({@link dev.bufmgr.wal.crash.TornPageCheck}), with
   * {@code wal} made by {@link VirtualWal#recording}.
   *
   * @param history where the run's data-file history goes, or {@code null} for none
   */
  public PipelineSimulation(PipelineConfig config, EventSource source, DeviceModel model, SelectorRegistry registry, VirtualWal wal,
      DataFileHistory history) {
    this.config = config;
    this.history = history;
    this.wal = wal;
    SplittableRandom root = new SplittableRandom(config.seed());
    this.device = new SimDevice(model, root.nextLong());
    this.thinkRng = root.split();
    if (config.pageCache() != null && history != null) {
      throw new IllegalArgumentException("the power-loss check of the data file runs without a page cache (--page-cache off)");
    }
    this.cache = config.pageCache() == null ? null : new SimPageCache(config.pageCache(), config.pageSize(), device, 0);
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
    NamedPools named = config.poolsOrOne();
    int n = named.size();
    int[] sizes = named.frames(config.frames(), PipelineConfig.minimumFrames(config.clients()));
    this.route = named.route();
    this.pools = new BufferPool[n];
    try {
      for (int k = 0; k < n; k++) pools[k] = new BufferPool(config.pool(k, sizes[k], storage, Sharing.EXCLUSIVE), registry);
      this.reader = new UnitReader(source);
      PageImages images = config.fullPageWrites() ? PageImages.of(source, config.pageSize()) : PageImages.OFF;
      this.clients = new Client[config.clients()];
      for (int i = 0; i < clients.length; i++) {
        Backend[] backends = new Backend[n];
        for (int k = 0; k < n; k++) {
          backends[k] = new Backend(pools[k].openSession(), pools[k].descriptors(), wal, images, stored::lsn, ContentLocks.NONE);
        }
        clients[i] = new Client(i, backends);
      }
      this.heap = new EventHeap(config.clients());
      Descriptors[] descriptors = new Descriptors[n];
      BufferWriter[] writers = new BufferWriter[n];
      for (int k = 0; k < n; k++) {
        descriptors[k] = pools[k].descriptors();
        writers[k] = new BufferWriter(pools[k], storage);
      }
      this.checkpointIo = new WriterIo(config.clients(), writers[0]);
      this.checkpointer = new Checkpointer(config.checkpoints(), descriptors, writers, wal, stored, checkpointStats, 0);
      this.bgwriterIos = new WriterIo[config.bgwriter() == null ? 0 : n];
      this.bgwriters = new BackgroundWriter[bgwriterIos.length];
      for (int k = 0; k < bgwriters.length; k++) {
        bgwriterIos[k] = new WriterIo(config.clients() + 1 + k, new BufferWriter(pools[k], storage));
        bgwriters[k] = BackgroundWriter.of(pools[k], bgwriterIos[k].writer, config.bgwriter(), 0);
      }
      this.coveredByFlight = new int[config.clients() + 1 + Math.max(1, n)];
    } catch (RuntimeException | Error e) {
      closePools();
      throw e;
    }
  }

  /** Runs the simulation to its end and returns what it measured; closes the pool and the input. */
  public PipelineResult run() {
    long wall0 = System.nanoTime();
    try (reader) {
      BgBufferSync[] rounds = new BgBufferSync[pools.length];
      for (int k = 0; k < bgwriters.length; k++) rounds[k] = bgwriters[k].rounds();
      PipelineSampler sampler = config.pools() == null
          ? new PipelineSampler(stats, wal, pools[0], checkpointStats, rounds[0], device::busyNanos, 0)
          : new PipelineSampler(stats, wal, pools, names(config.pools()), checkpointStats, rounds, device::busyNanos, 0);
      sampler.writeTimes(writeTimes);
      if (cache != null) sampler.pageCache(cache.cache()::dirtyBytes, cache.cache()::writebackPages);
      long interval = config.intervalNanos();
      long nextSample = interval;
      long windowAt = config.byTransactions() ? Long.MAX_VALUE : (long) (config.durationNanos() * config.warmupFraction());
      long warmTransactions = (long) Math.ceil(config.transactions() * config.warmupFraction());
      if (windowAt == 0 || (config.byTransactions() && warmTransactions == 0)) {
        sampler.startWindow(0);
        windowAt = Long.MAX_VALUE;
      }
      for (Client c : clients) heap.push(config.think().sample(thinkRng), c.id);
      long eventsAtThisInstant = 0;
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
        if (next == now && ++eventsAtThisInstant > MAX_EVENTS_AT_ONE_INSTANT) {
          throw new IllegalArgumentException("the simulated clock stopped at " + now + " ns: " + MAX_EVENTS_AT_ONE_INSTANT
              + " events without time passing (the clients' work costs no time: transactions that write nothing on"
              + " pages all in the pool, with no think time); give --think or a workload with writes");
        }
        if (next != now) eventsAtThisInstant = 0;
        now = next;
        if (next == nextSample) {
          sampler.sample(now);
          nextSample += interval;
        } else if (next == windowAt) {
          sampler.startWindow(now);
          windowAt = Long.MAX_VALUE;
        } else if (next == commit.flushDoneAt()) {
          completeFlush();
        } else if (next == checkpointAt()) {
          checkpointIo.ioAt = Long.MAX_VALUE;
          checkpointerStep();
        } else if (bgwriters.length > 0 && next == bgwritersAt()) {
          int k = nextBgwriter();
          bgwriterIos[k].ioAt = Long.MAX_VALUE;
          if (bgwriters[k].step(now) == BackgroundWriter.WRITE) bgwriterIos[k].write();
        } else if (next == checkpointer.timedAt()) {
          checkpointer.timerFired();
          startCheckpointIfDue();
        } else if (next == commit.wakeAt()) {
          commit.wokeUp();
        } else if (cache != null && next == cache.nextEventAt()) {
          cache.advance(now);
          if (cache.takeSyncDone()) checkpointerStep();
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
      closePools();
    }
  }

  private void closePools() {
    for (BufferPool p : pools) if (p != null) p.close();
  }

  private static String[] names(NamedPools named) {
    return named.pools().stream().map(NamedPools.Pool::name).toArray(String[]::new);
  }

  /** Whether every client waits for a flush the policy will never start (only timers are left). */
  private boolean stalled() {
    return heap.peekTime() == Long.MAX_VALUE && !commit.flushing() && commit.wakeAt() == Long.MAX_VALUE
        && commit.pending() > 0 && checkpointAt() == Long.MAX_VALUE && bgwritersWaitingForLog();
  }

  /** Whether every background writer (none without one) waits for the log. */
  private boolean bgwritersWaitingForLog() {
    for (WriterIo io : bgwriterIos) if (!io.waitingForLog) return false;
    return true;
  }

  private long nextEvent(long nextSample, long windowAt) {
    long t = Math.min(nextSample, windowAt);
    t = Math.min(t, commit.flushDoneAt());
    t = Math.min(t, checkpointAt());
    if (bgwriters.length > 0) t = Math.min(t, bgwritersAt());
    t = Math.min(t, checkpointer.timedAt());
    t = Math.min(t, commit.wakeAt());
    if (cache != null) t = Math.min(t, cache.nextEventAt());
    return Math.min(t, heap.peekTime());
  }

  private void startFlush() {
    long target = wal.insertLsn();
    if (commit.decide(now, n -> target - wal.flushedLsn())) flushTarget = target;
  }

  private void completeFlush() {
    wal.flushedTo(flushTarget);
    if (history != null) history.logDurable(now, flushTarget);
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
    checkpointer.logFlushed();
    startCheckpointIfDue();
  }

  /** The checkpointer's next event: its I/O's completion or the end of its sleep. */
  private long checkpointAt() {
    return Math.min(checkpointIo.ioAt, checkpointer.wakeAt());
  }

  /** A background writer's next event: its write's completion or its next round. */
  private long bgwriterAt(int k) {
    return Math.min(bgwriterIos[k].ioAt, bgwriters[k].wakeAt());
  }

  /** The earliest next event of any pool's background writer. */
  private long bgwritersAt() {
    return bgwriterAt(nextBgwriter());
  }

  /** The pool whose background writer's event comes first (the first pool on a tie). */
  private int nextBgwriter() {
    int best = 0;
    for (int k = 1; k < bgwriters.length; k++) if (bgwriterAt(k) < bgwriterAt(best)) best = k;
    return best;
  }

  private void startCheckpointIfDue() {
    if (checkpointer.startDue()) checkpointerStep();
  }

  /** Steps the checkpointer and does what it asks; a checkpoint it began is recorded in the history. */
  private void checkpointerStep() {
    boolean quiet = !checkpointer.running();
    int action = checkpointer.step(now);
    if (history != null && quiet && checkpointer.running()) history.checkpointStarted(now, checkpointer.redo());
    checkpointerDoes(action);
  }

  /** Does what a step of the checkpointer asked for, in virtual time. */
  private void checkpointerDoes(int action) {
    switch (action) {
      case Checkpointer.WRITE -> {
        checkpointIo.writer = checkpointer.writer();
        checkpointIo.write();
      }
      case Checkpointer.SYNC -> {
        if (cache == null) checkpointIo.ioAt = device.submit(now, 0, IoKind.DATA_SYNC);
        else {
          java.util.List<Integer> requested = cache.cache().takeSyncRequests();
          if (requested.isEmpty()) checkpointIo.ioAt = now;
          else cache.fsync(now, requested);
        }
        if (history != null) history.dataSynced(now, checkpointIo.ioAt);
      }
      case Checkpointer.COMPLETED -> {
        if (history != null) history.checkpointCompleted(now, checkpointer.lastCompletedRedo());
        long served = checkpointer.requestsServed();
        int n = (int) (served - woken);
        for (int i = 0; i < n; i++) think(requesters[i]);
        System.arraycopy(requesters, n, requesters, 0, nRequesters - n);
        nRequesters -= n;
        woken = served;
        startCheckpointIfDue();
      }
      default -> {}
    }
  }

  private void requestCheckpoint(Client c) {
    if (nRequesters == requesters.length) requesters = java.util.Arrays.copyOf(requesters, nRequesters * 2);
    requesters[nRequesters++] = c;
    checkpointer.request();
    startCheckpointIfDue();
  }

  /**
   * Actor {@code actor} (a client, the checkpointer as {@code clients.length}, the background
   * writer of pool k as {@code clients.length + 1 + k}) waits until the log is durable to {@code lsn}.
   */
  private void awaitLog(int actor, long lsn) {
    if (commit.flushing() && lsn <= flushTarget) coveredByFlight[covered++] = actor;
    else commit.arrive(now, actor * 2 + LOG_WAIT);
  }

  private void logReady(int actor) {
    if (actor == clients.length) checkpointIo.logReady();
    else if (actor > clients.length) bgwriterIos[actor - clients.length - 1].logReady();
    else writeVictim(clients[actor]);
  }

  private void resume(Client c) {
    switch (c.state) {
      case IDLE -> startUnit(c);
      case WRITING -> {
        c.evictionWait += now - c.waitStart;
        int b = c.session().resumeAfterWrite();
        if (b == PoolSession.WRITE_NEEDED) {
          c.waitStart = now;
          victimNeedsWrite(c);
          return;
        }
        c.held = b;
        if (readThroughCache(c, c.unit.page(c.pc), c.unit.meta(c.pc))) return;
        runUnit(c);
      }
      case READING -> runUnit(c);
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
        requestCheckpoint(c);
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
          long lsn = c.backend().commit(++commitIds, m);
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
          c.current = route[EventMeta.pageClass(m)];
          s = c.session();
          boolean pinned = b < 0;
          if (pinned) {
            b = write ? s.pinDeferred(page, EventMeta.strategy(m), EventMeta.pageClass(m))
                : s.readDeferred(page, EventMeta.strategy(m), EventMeta.pageClass(m));
          }
          if (b == PoolSession.WRITE_NEEDED) {
            c.waitStart = now;
            c.waited |= u.kind() == Unit.TRANSACTION;
            victimNeedsWrite(c);
            return;
          }
          if (cache != null && pinned && b != PoolSession.TOUCHED && !s.wasHit()) {
            c.held = b;
            if (readThroughCache(c, page, m)) return;
            c.held = -1;
          }
          if (b != PoolSession.TOUCHED) {
            if (write) c.backend().change(b, page, m);
            s.unpin(b);
          }
        }
      }
      c.pc++;
    }
    stats.readOnlyStatement();
    think(c);
  }

  /**
   * With a page cache, a page that missed the pool (held in {@code c.held}) and is not newly
   * initialised is read through it: the client resumes when the read is done. Returns whether it
   * waits.
   */
  private boolean readThroughCache(Client c, long page, int meta) {
    if (cache == null || EventMeta.initializes(meta)) return false;
    c.state = READING;
    heap.push(cache.read(now, files.of(page), page), c.id);
    return true;
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
    long done = cache == null ? device.submit(now, config.pageSize(), IoKind.PAGE)
        : cache.write(now, files.of(s.pendingWritePage()), s.pendingWritePage(), WriteSource.BACKEND);
    writeTimes.backendWrite(done - now);
    if (history != null) history.pageWrite(s.pendingWritePage(), s.pendingWriteLsn(), now, done, false);
    heap.push(done, c.id);
  }

  private void acknowledge(Client c) {
    acknowledged++;
    commit.backlog().openTransactions(--openTransactions);
    stats.committed(now - c.txnStart, now - c.commitStart, c.evictionWait, c.waited, checkpointStats.overlapsSync(c.commitStart));
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
    return checkpointer.lastCompletedRedo();
  }

  /** The log's first LSN in every run. */
  public static long startLsn() {
    return LogFormat.FIRST_LSN;
  }

  /** One simulated client, with a backend on each pool. */
  private static final class Client {
    final int id;
    final Backend[] backends;
    /** The pool of the page the client works on (whose session may hold a deferred write). */
    int current;
    final Unit unit = new Unit();
    int pc;
    int state = IDLE;
    int held = -1;
    long txnStart;
    long commitStart;
    long waitStart;
    long evictionWait;
    boolean waited;

    Client(int id, Backend[] backends) {
      this.id = id;
      this.backends = backends;
    }

    Backend backend() {
      return backends[current];
    }

    PoolSession session() {
      return backends[current].session();
    }
  }

  /**
   * The I/O of the checkpointer or the background writer in virtual time: the page write its
   * state machine began waits for the log flush it needs (as actor {@code actor}), then takes the
   * device's time, and the machine steps again at {@link #ioAt}.
   */
  private final class WriterIo {
    final int actor;
    BufferWriter writer;
    long ioAt = Long.MAX_VALUE;
    boolean waitingForLog;

    WriterIo(int actor, BufferWriter writer) {
      this.actor = actor;
      this.writer = writer;
    }

    /** Writes the page the writer began, once the log is durable to its LSN. */
    void write() {
      long lsn = writer.lsn();
      if (lsn > wal.flushedLsn()) {
        waitingForLog = true;
        awaitLog(actor, lsn);
      } else {
        logReady();
      }
    }

    /** The log is durable for the page: submit its write. */
    void logReady() {
      waitingForLog = false;
      stored.written(writer.page(), writer.lsn(), wal.flushedLsn());
      ioAt = cache == null ? device.submit(now, config.pageSize(), IoKind.PAGE)
          : cache.write(now, files.of(writer.page()), writer.page(), this == checkpointIo ? WriteSource.CHECKPOINTER : WriteSource.BGWRITER);
      if (history != null) history.pageWrite(writer.page(), writer.lsn(), now, ioAt, this == checkpointIo);
    }
  }
}
