package dev.bufmgr.core.buffer;

import static dev.bufmgr.core.buffer.BufferState.CHECKPOINT_NEEDED;
import static dev.bufmgr.core.buffer.BufferState.DIRTY;
import static dev.bufmgr.core.buffer.BufferState.IO_IN_PROGRESS;
import static dev.bufmgr.core.buffer.BufferState.JUST_DIRTIED;
import static dev.bufmgr.core.buffer.BufferState.MAX_REFCOUNT;
import static dev.bufmgr.core.buffer.BufferState.REFCOUNT_MASK;
import static dev.bufmgr.core.buffer.BufferState.REFCOUNT_ONE;
import static dev.bufmgr.core.buffer.BufferState.REPLACEMENT_MASK;
import static dev.bufmgr.core.buffer.BufferState.REPLACEMENT_ONE;
import static dev.bufmgr.core.buffer.BufferState.TAG_VALID;
import static dev.bufmgr.core.buffer.BufferState.VALID;
import static dev.bufmgr.core.buffer.BufferState.has;
import static dev.bufmgr.core.buffer.BufferState.refCount;
import static dev.bufmgr.core.buffer.BufferState.usage;
import static dev.bufmgr.core.buffer.BufferState.withUsage;


/**
 * The state-word transitions of a buffer, each one compare-and-set of the whole word: pin, unpin,
 * dirty, write-back, the replacement of the page a buffer holds, and the selectors' two steps,
 * claiming a victim and changing usage bits. They follow PostgreSQL's bufmgr.c ({@code PinBuffer},
 * {@code UnpinBuffer}, {@code MarkBufferDirty}, {@code StartBufferIO}/{@code TerminateBufferIO},
 * {@code InvalidateVictimBuffer}) and freelist.c ({@code StrategyGetBuffer}'s claim and usage
 * decrement) without the buffer header spin lock. This class is the only writer of state words
 * (the descriptors' own allocation aside); selectors, the free list, rings and background writers
 * all come here. Public so that concurrency tests (jcstress) drive exactly the pool's code.
 */
public final class BufferTransitions {
  private BufferTransitions() {}

  /**
   * Pins buffer {@code b} if it holds {@code page}, applying the selector's hit rule to the usage
   * bits in the same compare-and-set. Returns false, holding no pin, when the buffer holds
   * another page or is being replaced.
   */
  public static boolean tryPin(Descriptors d, int b, long page, UsageRule selector, AccessStrategy strategy) {
    long st;
    do {
      st = d.state(b);
      if (!has(st, TAG_VALID) || d.tag(b) != page) return false;
      if (refCount(st) == MAX_REFCOUNT) {
        throw new IllegalStateException("buffer " + b + " already holds the maximum of " + MAX_REFCOUNT + " pins");
      }
    } while (!d.compareAndSetState(
        b, st, withUsage(st + REFCOUNT_ONE, selector.usageAfterHit(usage(st), strategy))));
    return true;
  }

  /**
   * A selector's claim of a victim: replaces {@code expected}, the word it read for unpinned
   * buffer {@code b}, by the same word pinned once ({@link dev.bufmgr.core.buffer.BufferState#claimed}).
   * Returns false, changing nothing, when the buffer is pinned or the word has changed since.
   */
  public static boolean tryClaim(Descriptors d, int b, long expected) {
    return refCount(expected) == 0 && d.compareAndSetState(b, expected, expected + REFCOUNT_ONE);
  }

  /**
   * A selector's change of usage bits (aging in a sweep, a count moved or lowered): replaces
   * {@code expected}, the word it read for buffer {@code b}, by the same word with usage bits
   * {@code usage}. Returns false, changing nothing, when the word has changed since.
   */
  public static boolean trySetUsage(Descriptors d, int b, long expected, int usage) {
    return d.compareAndSetState(b, expected, withUsage(expected, usage));
  }

  /**
   * Records a hit on buffer {@code b} for {@code page} without keeping a pin: applies the
   * selector's hit rule to the usage bits in one compare-and-set, or in none when the rule leaves
   * them unchanged (G-CLOCK at its maximum, a HOT buffer). Equivalent to a pin released at once.
   * Returns false, changing nothing, when the buffer holds another page, is being replaced, or
   * is still being loaded (the caller then pins and waits).
   */
  public static boolean touch(Descriptors d, int b, long page, UsageRule selector, AccessStrategy strategy) {
    while (true) {
      long st = d.state(b);
      if (!has(st, TAG_VALID | VALID) || d.tag(b) != page) return false;
      int u = usage(st);
      int next = selector.usageAfterHit(u, strategy);
      if (next == u) return true;
      if (d.compareAndSetState(b, st, withUsage(st, next))) return true;
    }
  }

  /**
   * Drops one pin by compare-and-set, as PostgreSQL's {@code UnpinBufferNoOwner} (bufmgr.c) does;
   * refuses a buffer that is not pinned without ever writing its state word, so no other thread
   * sees the count wrap into the flag bits.
   */
  public static void unpin(Descriptors d, int b) {
    while (true) {
      long st = d.state(b);
      if (refCount(st) == 0) throw new IllegalStateException("unpin of buffer " + b + ", which is not pinned");
      if (d.compareAndSetState(b, st, st - REFCOUNT_ONE)) return;
    }
  }

  /** Waits until a pinned buffer's page has been loaded by the thread that is loading it. */
  public static void awaitValid(Descriptors d, int b) {
    int spins = 0;
    while (!has(d.state(b), VALID)) {
      if (++spins < 64) Thread.onSpinWait();
      else Thread.yield();
    }
  }

  /**
   * Marks a pinned buffer dirty and raises its page LSN to {@code lsn}. Sets JUST_DIRTIED too, so
   * a write-back running concurrently leaves the buffer dirty.
   *
   * <p>Always writes the word, even when both flags look set, as PostgreSQL's {@code
   * MarkBufferDirty} does (only {@code MarkBufferDirtyHint} skips the write, accepting a lost hint).
   * Skipping it would let a write-back that clears JUST_DIRTIED at the same moment read the page
   * from before the change and then clear DIRTY: the change would be lost (jcstress {@code
   * DirtyVersusWriteBack} in bufmgr-stress observes that with the skip). The compare-and-set
   * orders the caller's page change before the flags a write-back reads.
   */
  public static void markDirty(Descriptors d, int b, long lsn) {
    if (lsn > 0) d.raiseLsn(b, lsn);
    long st;
    do {
      st = d.state(b);
    } while (!d.compareAndSetState(b, st, st | DIRTY | JUST_DIRTIED));
  }

  /** {@link #tryStartWrite}: the write is started; the caller must end it. */
  public static final int WRITE_STARTED = 0;
  /** {@link #tryStartWrite}: the buffer is clean; nothing to write. */
  public static final int WRITE_NOT_NEEDED = 1;
  /** {@link #tryStartWrite}: another thread's read or write of the buffer is running. */
  public static final int WRITE_BUSY = 2;

  /**
   * Begins writing a pinned buffer unless another I/O of it runs: sets IO_IN_PROGRESS and clears
   * JUST_DIRTIED (PostgreSQL's {@code StartBufferIO} for output). Never waits.
   *
   * @return {@link #WRITE_STARTED}, {@link #WRITE_NOT_NEEDED} (clean) or {@link #WRITE_BUSY}
   */
  public static int tryStartWrite(Descriptors d, int b) {
    while (true) {
      long st = d.state(b);
      if (!has(st, DIRTY)) return WRITE_NOT_NEEDED;
      if (has(st, IO_IN_PROGRESS)) return WRITE_BUSY;
      if (d.compareAndSetState(b, st, (st | IO_IN_PROGRESS) & ~JUST_DIRTIED)) return WRITE_STARTED;
    }
  }

  /**
   * Begins writing a pinned buffer: sets IO_IN_PROGRESS and clears JUST_DIRTIED, waiting for a
   * write already running. Returns false, changing nothing, when the buffer is clean.
   */
  public static boolean startWrite(Descriptors d, int b) {
    int spins = 0;
    while (true) {
      int outcome = tryStartWrite(d, b);
      if (outcome != WRITE_BUSY) return outcome == WRITE_STARTED;
      if (++spins < 64) Thread.onSpinWait();
      else Thread.yield();
    }
  }

  /**
   * Ends a write begun by {@link #startWrite}: clears IO_IN_PROGRESS, and DIRTY and
   * CHECKPOINT_NEEDED too unless the page was dirtied again while it was being written
   * (JUST_DIRTIED), as PostgreSQL's {@code TerminateBufferIO(clear_dirty=true)}.
   */
  public static void finishWrite(Descriptors d, int b) {
    long st;
    long next;
    do {
      st = d.state(b);
      next = st & ~IO_IN_PROGRESS;
      if (!has(st, JUST_DIRTIED)) next &= ~(DIRTY | CHECKPOINT_NEEDED);
    } while (!d.compareAndSetState(b, st, next));
  }

  /**
   * Ends a write begun by {@link #startWrite} that failed: clears IO_IN_PROGRESS and leaves the
   * buffer dirty, so the change is written later (PostgreSQL's {@code AbortBufferIO}, which ends
   * the I/O without clearing BM_DIRTY).
   */
  public static void abortWrite(Descriptors d, int b) {
    long st;
    do {
      st = d.state(b);
    } while (!d.compareAndSetState(b, st, (st & ~IO_IN_PROGRESS) | DIRTY));
  }

  /**
   * Pins buffer {@code b} for writing it out, without touching its usage bits, if it holds a
   * loaded page (PostgreSQL's {@code PinBuffer_Locked} in {@code SyncOneBuffer}). Returns false,
   * holding no pin, when it holds no page or its page is still being loaded.
   */
  public static boolean tryPinForWrite(Descriptors d, int b) {
    long st;
    do {
      st = d.state(b);
      if (!has(st, TAG_VALID | VALID)) return false;
      if (refCount(st) == MAX_REFCOUNT) return false;
    } while (!d.compareAndSetState(b, st, st + REFCOUNT_ONE));
    return true;
  }

  /**
   * Flags a dirty buffer for the checkpoint that is starting (PostgreSQL's {@code BufferSync}
   * marking pass). Returns whether it was dirty and is now flagged.
   */
  public static boolean markForCheckpoint(Descriptors d, int b) {
    long st;
    do {
      st = d.state(b);
      if (!has(st, DIRTY | TAG_VALID)) return false;
      if (has(st, CHECKPOINT_NEEDED)) return true;
    } while (!d.compareAndSetState(b, st, st | CHECKPOINT_NEEDED));
    return true;
  }

  /**
   * The evicting thread's step that takes a claimed buffer away from its page: succeeds only if
   * the caller's pin is the only one, the buffer is clean and no I/O runs, and then leaves the
   * word with the caller's pin alone (no tag, no usage, no flags), so no other thread can pin it,
   * and the replacement count raised, so no thread that read the old word can pin it either.
   *
   * @param hadPage whether the caller saw TAG_VALID when it claimed the buffer
   */
  public static boolean tryInvalidate(Descriptors d, int b, boolean hadPage) {
    long st = d.state(b);
    if (refCount(st) != 1 || has(st, DIRTY) || has(st, IO_IN_PROGRESS) || has(st, TAG_VALID) != hadPage) {
      return false;
    }
    return d.compareAndSetState(b, st, ((st & REPLACEMENT_MASK) + REPLACEMENT_ONE) | (st & REFCOUNT_MASK));
  }

  /**
   * Publishes a new tag set by the invalidating thread, with the page's initial usage bits. When
   * the page still has to be loaded, sets TAG_VALID and IO_IN_PROGRESS: other threads may pin
   * from now on and will wait for {@link #finishLoad}. When there is nothing to load (metadata
   * mode), sets TAG_VALID and VALID at once.
   */
  public static void publishTag(Descriptors d, int b, int initialUsage, boolean loadPending) {
    long flags = loadPending ? TAG_VALID | IO_IN_PROGRESS : TAG_VALID | VALID;
    long st;
    do {
      st = d.state(b);
    } while (!d.compareAndSetState(b, st, withUsage(st | flags, initialUsage)));
  }

  /** Ends a load: sets VALID and clears IO_IN_PROGRESS. */
  public static void finishLoad(Descriptors d, int b) {
    long st;
    do {
      st = d.state(b);
    } while (!d.compareAndSetState(b, st, (st | VALID) & ~IO_IN_PROGRESS));
  }
}
