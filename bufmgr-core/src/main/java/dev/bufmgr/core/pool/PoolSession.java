package dev.bufmgr.core.pool;

import dev.bufmgr.core.buffer.BufferTransitions;

import static dev.bufmgr.core.buffer.BufferState.DIRTY;
import static dev.bufmgr.core.buffer.BufferState.IO_IN_PROGRESS;
import static dev.bufmgr.core.buffer.BufferState.TAG_VALID;
import static dev.bufmgr.core.buffer.BufferState.has;
import static dev.bufmgr.core.buffer.BufferState.isPinned;
import static dev.bufmgr.core.buffer.BufferState.usage;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.ExclusiveDescriptors;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.MissContext;
import dev.bufmgr.core.evict.NoUnpinnedBuffersException;
import dev.bufmgr.core.evict.VictimSelector;
import dev.bufmgr.core.metrics.SessionMetrics;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * One thread's handle on a {@link BufferPool}: pins and unpins pages, loads them on a miss, and
 * keeps the thread's rings and counters. Not thread-safe; open one per thread.
 *
 * <p>The miss path follows PostgreSQL's {@code BufferAlloc}/{@code GetVictimBuffer} (bufmgr.c)
 * and {@code StrategyGetBuffer} (freelist.c): through a ring, reuse the next slot's buffer if it
 * is unpinned and cold; otherwise take the lowest free buffer, else the selector's victim (and
 * put it into the ring's slot); write it back if dirty
 * (write-ahead is the write-back hook's duty); then, under the mapping partition locks of the old
 * and the new page, take the buffer away from its page, map the new page and load it.
 */
public final class PoolSession implements AutoCloseable {
  private final BufferPool pool;
  private final Descriptors d;
  private final MappingTable mapping;
  private final VictimSelector selector;
  private final boolean notifiesHits;
  private final SessionMetrics metrics;
  private final MissContext miss = new MissContext();
  private final Ring[] rings = new Ring[AccessStrategy.values().length];
  private final boolean ringsOn;
  private final boolean timed;
  private boolean lastHit;
  /** Whether {@link #replace} puts its removals off ({@link MappingTable#removeLater}): inside an exclusive {@link #readAll}. */
  private boolean batchingRemovals;
  /** Whether the buffer the current miss is trying came from the selector's victim search. */
  private boolean victimFromSelector;
  /** Set by {@link #replace} when another thread had mapped the page first: its buffer, pinned. */
  private int loadedElsewhere = -1;
  /** The page, its mapping hash, class and ring of the miss in progress. */
  private long missPage;
  private long missHash;
  private int missClass;
  private Ring missRing;
  /** Whether the miss's current candidate came from its ring. */
  private boolean missFromRing;
  /** The claimed dirty victim whose write a deferred miss waits for, or -1; its page and LSN then. */
  private int pendingWrite = -1;
  private long pendingPage;
  private long pendingLsn;

  PoolSession(BufferPool pool, SessionMetrics metrics) {
    this.pool = pool;
    this.d = pool.descriptors;
    this.mapping = pool.mapping;
    this.selector = pool.selector;
    this.notifiesHits = pool.notifiesHits;
    this.metrics = metrics;
    this.ringsOn = pool.config.rings();
    this.timed = pool.config.timeVictimSearch();
  }

  /**
   * Pins {@code page}, loading it on a miss, and returns its buffer. The buffer stays pinned (no
   * thread can evict it) until {@link #unpin}. {@link #wasHit()} tells whether it was resident. A
   * dirty victim is written through the pool's {@link WriteBackHook} on the calling thread.
   *
   * @param strategy the access strategy; with rings switched off every strategy acts as NORMAL
   * @param pageClass the page's class for the per-class counters, 0..pageClasses-1
   * @throws NoUnpinnedBuffersException when every buffer is pinned
   * @throws WriteBackFailedException when a dirty victim could not be written (the pool stays
   *     consistent and the page dirty)
   */
  public int pin(long page, AccessStrategy strategy, int pageClass) {
    checkPageClass(pageClass);
    AccessStrategy s = ringsOn ? strategy : AccessStrategy.NORMAL;
    long h = MappingTable.hash(page);
    return pin(page, h, s, pageClass, mapping.lookup(page, h), false);
  }

  /** What {@link #pinDeferred} and {@link #resumeAfterWrite} return while a victim's write is pending. */
  public static final int WRITE_NEEDED = -2;

  /**
   * Pins {@code page} like {@link #pin}, but never writes: when the miss claims a dirty victim it
   * starts that buffer's write (IO_IN_PROGRESS, the buffer held claimed) and returns {@link
   * #WRITE_NEEDED}. The caller then writes the page named by {@link #pendingWritePage()} (after
   * the log is durable up to {@link #pendingWriteLsn()}) at its own pace and calls {@link
   * #resumeAfterWrite} or, when the write failed, {@link #abandonPendingWrite}. Meanwhile other
   * sessions may use the pool. This is the miss path of a driver that cannot block its thread:
   * the simulation, which runs many clients on one thread in virtual time.
   */
  public int pinDeferred(long page, AccessStrategy strategy, int pageClass) {
    if (pendingWrite >= 0) throw new IllegalStateException("this session's miss is waiting for a write");
    checkPageClass(pageClass);
    AccessStrategy s = ringsOn ? strategy : AccessStrategy.NORMAL;
    long h = MappingTable.hash(page);
    return pin(page, h, s, pageClass, mapping.lookup(page, h), true);
  }

  /**
   * Requests of a {@link #readAll} run whose mapping slots are read before any of them is served:
   * a group of 64 lets the cache misses of the slot reads overlap, where 32 and 128 gained less
   * (figures: reports/design-measurements.md).
   */
  static final int READ_GROUP = 64;

  /**
   * Pools of at least this many frames have {@link #readAll} read each group's buffer records
   * with its home slots (a home slot whose fingerprint matches names the buffer a hit reads next),
   * since beyond a few MiB of records a hit's record is a cache miss of its own; in smaller pools
   * the records stay in cache and the extra reads only cost (figures:
   * reports/design-measurements.md).
   */
  public static final int READS_TOUCH_RECORDS_FROM_FRAMES = 1 << 19;

  /** What {@link #readDeferred} returns when the read hit and no pin is held. */
  public static final int TOUCHED = -4;

  /**
   * A read request for a page the caller does not keep, for a driver that cannot block: a hit
   * applies the selector's hit rule without a pin ({@link BufferTransitions#touch}) and returns
   * {@link #TOUCHED}; a miss goes on as {@link #pinDeferred} (the buffer pinned, or {@link
   * #WRITE_NEEDED}), and the caller unpins the buffer it gets.
   */
  public int readDeferred(long page, AccessStrategy strategy, int pageClass) {
    if (pendingWrite >= 0) throw new IllegalStateException("this session's miss is waiting for a write");
    checkPageClass(pageClass);
    AccessStrategy s = ringsOn ? strategy : AccessStrategy.NORMAL;
    long h = MappingTable.hash(page);
    int found = mapping.lookup(page, h);
    if (found >= 0 && touchHit(found, page, s, pageClass)) return TOUCHED;
    return pin(page, h, s, pageClass, found, true);
  }

  /** The buffer whose write the deferred miss waits for, or -1. */
  public int pendingWriteBuffer() {
    return pendingWrite;
  }

  /** The page the deferred miss must write before it can go on. */
  public long pendingWritePage() {
    requirePendingWrite();
    return pendingPage;
  }

  /**
   * The page's LSN when its write began: the version to write, as PostgreSQL writes the page as
   * it was under its content lock. The log must be durable this far before it is written. A change
   * made meanwhile leaves the buffer dirty after the write, to be written again later.
   */
  public long pendingWriteLsn() {
    requirePendingWrite();
    return pendingLsn;
  }

  /**
   * The pending page was written: ends its write and goes on with the miss. Returns the buffer
   * now holding the requested page, pinned, or {@link #WRITE_NEEDED} when the miss had to take
   * another dirty victim.
   */
  public int resumeAfterWrite() {
    requirePendingWrite();
    int b = pendingWrite;
    pendingWrite = -1;
    BufferTransitions.finishWrite(d, b);
    metrics.writeBack();
    int r = finishMiss(b, true);
    if (r == RETRY) r = continueMiss(true);
    if (r != LOOK_AGAIN) return r;
    return pin(missPage, missHash, miss.strategy(), missClass, mapping.lookup(missPage, missHash), true);
  }

  /**
   * The pending page could not be written: its buffer stays dirty, is given back unclaimed, and
   * the miss is abandoned (the request was not served).
   */
  public void abandonPendingWrite() {
    requirePendingWrite();
    int b = pendingWrite;
    pendingWrite = -1;
    BufferTransitions.abortWrite(d, b);
    release(b, true);
  }

  private void requirePendingWrite() {
    if (pendingWrite < 0) throw new IllegalStateException("no write is pending in this session");
  }

  /**
   * The pin loop, starting from a lookup already made ({@code found}: a buffer or -1) of {@code
   * page}, whose mapping hash is {@code h}.
   */
  private int pin(long page, long h, AccessStrategy s, int pageClass, int found, boolean defer) {
    int b = found;
    while (true) {
      if (b >= 0) {
        if (BufferTransitions.tryPin(d, b, page, selector, s)) {
          BufferTransitions.awaitValid(d, b);
          if (notifiesHits) selector.onHit(b, s);
          metrics.hit(pageClass);
          lastHit = true;
          return b;
        }
      } else {
        beginMiss(page, h, s, pageClass);
        b = continueMiss(defer);
        if (b != LOOK_AGAIN) return b;
      }
      b = mapping.lookup(page, h);
    }
  }

  /** Whether the last {@link #pin} found its page resident. */
  public boolean wasHit() {
    return lastHit;
  }

  /** Drops a pin taken by {@link #pin}. */
  public void unpin(int buffer) {
    BufferTransitions.unpin(d, buffer);
  }

  /** Marks a pinned buffer dirty, its page changed by a WAL record ending at {@code lsn} (0: not logged). */
  public void markDirty(int buffer, long lsn) {
    BufferTransitions.markDirty(d, buffer, lsn);
  }

  /**
   * One request for a page the caller does not keep: loads it on a miss, marks it dirty when
   * {@code write}, and returns whether it was a hit. Equivalent to {@link #pin}, {@link
   * #markDirty} and {@link #unpin} in a row; a read hit applies the selector's hit rule without
   * taking a pin ({@link BufferTransitions#touch}), so it costs one compare-and-set at most.
   */
  public boolean access(long page, AccessStrategy strategy, int pageClass, boolean write) {
    checkPageClass(pageClass);
    AccessStrategy s = ringsOn ? strategy : AccessStrategy.NORMAL;
    long h = MappingTable.hash(page);
    int found = mapping.lookup(page, h);
    if (!write && found >= 0 && touchHit(found, page, s, pageClass)) return true;
    int b = pin(page, h, s, pageClass, found, false);
    if (write) BufferTransitions.markDirty(d, b, 0);
    BufferTransitions.unpin(d, b);
    return lastHit;
  }

  /**
   * Read requests for {@code pages[from..to)}, in order, with the NORMAL strategy and page class
   * 0, none kept pinned: the same outcome, hit for hit and counter for counter, as {@link #access}
   * called for each. On an {@link dev.bufmgr.core.buffer.Sharing#EXCLUSIVE} pool the hits are
   * served by one loop that holds the mapping table and the descriptors by their exact types, so
   * a hit costs a probe and a usage update and little else (exact replay's main path); a miss
   * goes through {@link #pin} as usual, except that its victim's old mapping entry is removed
   * later, with others, before the call returns ({@link MappingTable#removeLater}). The requests
   * are taken {@link #READ_GROUP} at a time, the group's mapping slots read first so that their
   * cache misses overlap. On a shared pool each request goes through {@link #access}.
   */
  public void readAll(long[] pages, int from, int to) {
    readAll(pages, from, to, null);
  }

  /**
   * {@link #readAll(long[], int, int)}, and the pages of the requests that missed, in order,
   * written to {@code missed} (from index 0) when it is not null; returns how many missed (0
   * when {@code missed} is null). {@code missed} must hold {@code to - from} pages.
   */
  public int readAll(long[] pages, int from, int to, long[] missed) {
    Objects.checkFromToIndex(from, to, pages.length);
    if (missed != null) Objects.checkFromToIndex(0, to - from, missed.length);
    checkPageClass(0);
    int misses = 0;
    if (!(d instanceof ExclusiveDescriptors exclusive)) {
      for (int i = from; i < to; i++) {
        if (!access(pages[i], AccessStrategy.NORMAL, 0, false) && missed != null) missed[misses++] = pages[i];
      }
      return misses;
    }
    MappingTable.Table table = mapping.exclusiveTable();
    long hits = 0;
    boolean hit = lastHit;
    boolean touchRecords = exclusive.frames() >= READS_TOUCH_RECORDS_FROM_FRAMES;
    batchingRemovals = true;
    try {
      for (int group = from; group < to; group += READ_GROUP) {
        int end = Math.min(to, group + READ_GROUP);
        if (touchRecords) {
          table.touchHomesAndRecords(pages, group, end, exclusive);
        } else {
          table.touchHomes(pages, group, end);
        }
        for (int i = group; i < end; i++) {
          long page = pages[i];
          long h = MappingTable.hash(page);
          int found = table.find(page, h, exclusive);
          hit = found >= 0 && BufferTransitions.touch(exclusive, found, page, selector, AccessStrategy.NORMAL);
          if (hit) {
            if (notifiesHits) selector.onHit(found, AccessStrategy.NORMAL);
            hits++;
            continue;
          }
          BufferTransitions.unpin(d, pin(page, h, AccessStrategy.NORMAL, 0, found, false));
          hit = lastHit;
          if (!hit && missed != null) missed[misses++] = page;
          table = mapping.exclusiveTable();
        }
      }
    } finally {
      batchingRemovals = false;
      mapping.flushRemovals();
      metrics.hits(0, hits);
      lastHit = hit;
    }
    return misses;
  }

  /**
   * A read hit without a pin: applies the selector's hit rule to buffer {@code b} if it still
   * holds {@code page} ({@link BufferTransitions#touch}), tells the selector when it asked to hear
   * of hits, and counts it. Returns false when the buffer no longer holds the page.
   */
  private boolean touchHit(int b, long page, AccessStrategy s, int pageClass) {
    if (!BufferTransitions.touch(d, b, page, selector, s)) return false;
    if (notifiesHits) selector.onHit(b, s);
    metrics.hit(pageClass);
    lastHit = true;
    return true;
  }

  private void checkPageClass(int pageClass) {
    if (pageClass < 0 || pageClass >= metrics.pageClasses()) {
      throw new IllegalArgumentException(
          "page class " + pageClass + " out of range 0.." + (metrics.pageClasses() - 1));
    }
  }

  /** The frame of a pinned buffer in page-memory mode; {@code null} in metadata mode. */
  public MemorySegment page(int buffer) {
    return pool.frame(buffer);
  }

  /** This session's counters. */
  public SessionMetrics metrics() {
    return metrics;
  }

  /** Buffers in this session's ring for {@code strategy} (-1 for empty slots); empty when it has none. */
  public int[] ringBuffers(AccessStrategy strategy) {
    Ring r = rings[strategy.ordinal()];
    return r == null ? new int[0] : r.buffers();
  }

  /** Sessions hold no resources beyond their counters, which stay with the pool. */
  @Override
  public void close() {}

  /** Starts a miss for {@code page}: the selector hears of it before any victim is looked for. */
  private void beginMiss(long page, long h, AccessStrategy strategy, int pageClass) {
    missPage = page;
    missHash = h;
    missClass = pageClass;
    miss.begin(page, strategy, pageClass);
    if (!mapping.exclusive()) miss.interleave();
    selector.onMiss(miss);
    missRing = strategy.usesRing() ? ring(strategy) : null;
  }

  /**
   * The miss's steps after {@link #beginMiss}, as numbered phases: (1) take a candidate buffer,
   * claimed (the ring's next slot if reusable, else the lowest free buffer, else the selector's
   * victim); (2) if it is dirty, let a BULKREAD ring reject it when its write needs a log flush,
   * else write it (or, deferring, return {@link #WRITE_NEEDED}); (3) replace its page by the
   * requested one ({@link #finishMiss}). Returns the buffer pinned, {@link #WRITE_NEEDED}, or
   * {@link #LOOK_AGAIN} when another session mapped the page first and it could not be pinned.
   */
  private int continueMiss(boolean defer) {
    AccessStrategy strategy = miss.strategy();
    Ring ring = missRing;
    while (true) {
      int b = ring != null ? reuseFromRing(ring) : -1;
      missFromRing = b >= 0;
      victimFromSelector = false;
      if (b < 0) {
        b = pool.freeList.poll(d);
        if (b < 0) {
          b = searchVictim();
          victimFromSelector = true;
        }
        if (ring != null) ring.replaceCurrent(b);
      }
      boolean written = false;
      if (has(d.state(b), DIRTY)) {
        if (missFromRing && strategy == AccessStrategy.BULKREAD && pool.config.writeBack().needsWalFlush(d.lsn(b))) {
          ring.clearCurrent();
          BufferTransitions.unpin(d, b);
          metrics.ringRejection();
          continue;
        }
        int started = BufferTransitions.tryStartWrite(d, b);
        if (started == BufferTransitions.WRITE_BUSY) {
          release(b, true);
          metrics.victimRetry();
          continue;
        }
        if (started == BufferTransitions.WRITE_STARTED) {
          if (defer) {
            miss.interleave();
            pendingWrite = b;
            pendingPage = d.tag(b);
            pendingLsn = d.lsn(b);
            return WRITE_NEEDED;
          }
          writeBack(b);
          written = true;
        }
      }
      int r = finishMiss(b, written);
      if (r != RETRY) return r;
    }
  }

  /**
   * Phase 3 of a miss: replaces claimed buffer {@code b}'s page by the requested one. Returns the
   * buffer pinned (the requested page, loaded here or by another session), {@link #RETRY} when the
   * candidate had to be given back, or {@link #LOOK_AGAIN}.
   */
  private int finishMiss(int b, boolean written) {
    int outcome = replace(b, missPage, written);
    if (outcome == REPLACED) {
      if (missFromRing) metrics.ringReuse();
      metrics.miss(missClass);
      lastHit = false;
      return b;
    }
    metrics.victimRetry();
    if (outcome == LOADED_ELSEWHERE) {
      int other = loadedElsewhere;
      loadedElsewhere = -1;
      if (other >= 0) {
        BufferTransitions.awaitValid(d, other);
        if (notifiesHits) selector.onHit(other, miss.strategy());
        metrics.hit(missClass);
        lastHit = true;
        return other;
      }
      return LOOK_AGAIN;
    }
    return RETRY;
  }

  private Ring ring(AccessStrategy strategy) {
    Ring r = rings[strategy.ordinal()];
    if (r == null) {
      r = new Ring(strategy, pool.config.ringBuffers(strategy));
      rings[strategy.ordinal()] = r;
    }
    return r;
  }

  /** PostgreSQL's {@code GetBufferFromRing}: the next slot's buffer if unpinned and still cold, claimed. */
  private int reuseFromRing(Ring ring) {
    int b = ring.advance();
    if (b < 0) return -1;
    long st = d.state(b);
    if (!isPinned(st)
        && !has(st, IO_IN_PROGRESS)
        && selector.reusableByRing(usage(st))
        && BufferTransitions.tryClaim(d, b, st)) {
      return b;
    }
    return -1;
  }

  private int searchVictim() {
    long start = timed ? System.nanoTime() : 0;
    long ticksBefore = miss.ticks();
    long failedBefore = miss.failedCasCount();
    int b = selector.selectVictim(miss);
    metrics.victimSearch(miss.ticks() - ticksBefore, timed ? System.nanoTime() - start : -1);
    metrics.failedCas(miss.failedCasCount() - failedBefore);
    return b;
  }

  /**
   * Writes claimed buffer {@code b}, whose write is started, through the write-back hook. When the
   * hook fails, the buffer stays dirty and is given back, and the failure reaches the caller.
   */
  private void writeBack(int b) {
    try {
      pool.config.writeBack().writeBack(b, d.tag(b), d.lsn(b), pool.frame(b));
    } catch (RuntimeException | Error e) {
      long page = d.tag(b);
      BufferTransitions.abortWrite(d, b);
      release(b, true);
      throw new WriteBackFailedException(page, b, e);
    }
    BufferTransitions.finishWrite(d, b);
    metrics.writeBack();
  }

  /** {@link #finishMiss}: the candidate was given back; take another. */
  private static final int RETRY = -3;
  /** {@link #continueMiss}: another session mapped the page first; look it up again. */
  private static final int LOOK_AGAIN = -1;

  private static final int REPLACED = 0;
  private static final int BUSY = 1;
  private static final int LOADED_ELSEWHERE = 2;

  /**
   * Takes claimed buffer {@code b} away from its page (if any) and loads {@code page} into it,
   * holding the mapping partition locks of both pages (lower partition first). Gives the buffer
   * back when another thread pinned or dirtied it meanwhile (BUSY) or mapped {@code page} first
   * (LOADED_ELSEWHERE, with that buffer pinned in {@link #loadedElsewhere} when it could be).
   * {@code written} says whether the old page was just written back, for the dirty-eviction count.
   */
  private int replace(int b, long page, boolean written) {
    boolean hadPage = has(d.state(b), TAG_VALID);
    long oldPage = hadPage ? d.tag(b) : 0;
    long oldHash = hadPage ? MappingTable.hash(oldPage) : missHash;
    int newPart = mapping.partitionOfHash(missHash);
    int oldPart = mapping.partitionOfHash(oldHash);
    int first = Math.min(newPart, oldPart);
    int second = Math.max(newPart, oldPart);
    long firstStamp = mapping.lockPartition(first);
    long secondStamp = second != first ? mapping.lockPartition(second) : 0;
    try {
      // Only another session can have mapped the page since the miss looked it up.
      int existing = miss.interleaved() ? mapping.getLocked(page, missHash) : MappingTable.NOT_FOUND;
      if (existing >= 0) {
        release(b, hadPage);
        loadedElsewhere = BufferTransitions.tryPin(d, existing, page, selector, miss.strategy()) ? existing : -1;
        return LOADED_ELSEWHERE;
      }
      if (!BufferTransitions.tryInvalidate(d, b, hadPage)) {
        release(b, hadPage);
        return BUSY;
      }
      if (hadPage && batchingRemovals) {
        mapping.removeLater(oldHash, b);
      } else if (hadPage && !mapping.removeLockedHashed(oldHash, b)) {
        throw new IllegalStateException("buffer " + b + " holds page " + oldPage + ", which the mapping lacks");
      }
      d.setTag(b, page);
      d.resetLsn(b);
      mapping.putLockedHashed(missHash, b);
      BufferTransitions.publishTag(d, b, selector.initialUsage(miss.strategy()), pool.pages != null);
    } finally {
      if (second != first) mapping.unlockPartition(second, secondStamp);
      mapping.unlockPartition(first, firstStamp);
    }
    if (hadPage) {
      selector.onEvict(b, oldPage, miss);
      metrics.eviction(written);
    }
    if (pool.pages != null) {
      pool.config.pageLoader().load(page, pool.frame(b));
      BufferTransitions.finishLoad(d, b);
    }
    selector.onAdmit(b, miss);
    return REPLACED;
  }

  private void release(int b, boolean hadPage) {
    BufferTransitions.unpin(d, b);
    if (!hadPage) pool.freeList.giveBack(b);
    if (victimFromSelector) selector.onRelease(b, miss);
  }
}
