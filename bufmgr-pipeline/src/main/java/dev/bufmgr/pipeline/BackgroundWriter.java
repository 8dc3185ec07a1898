package dev.bufmgr.pipeline;

import dev.bufmgr.core.evict.CleaningView;
import dev.bufmgr.core.pool.BufferPool;
import dev.bufmgr.core.pool.BufferWriter;
import java.util.function.LongSupplier;

/**
 * The background writer as one state machine that either clock drives: PostgreSQL's {@code
 * BackgroundWriterMain} (bgwriter.c) around {@link BgBufferSync} (bufmgr.c). A round every
 * {@code bgwriter_delay}, told the buffers allocated since the last one ({@code
 * StrategySyncStart}); the round's writes one at a time, each a write of the buffer the round
 * names when it is still dirty and no other I/O holds it. When two rounds in a row say they may
 * hibernate, the writer sleeps {@value #HIBERNATE_FACTOR} delays ({@code HIBERNATE_FACTOR}),
 * woken by an allocation ({@code StrategyNotifyBgWriter} setting its latch). Here it looks at
 * each delay boundary whether a buffer was allocated, and rounds resume at the first boundary
 * after one, or 50 delays after the round that sent it to sleep; PostgreSQL first sleeps its
 * ordinary delay and then up to 50 more, and its latch wakes it at the allocation itself, so
 * this writer may wake up to one delay later and ends its long sleep one delay sooner.
 *
 * <p>The driver calls {@link #step} at {@link #wakeAt}, and when the write a step asked for has
 * finished; {@code now} is the driver's clock. A step answers {@link #WRITE} (the writer holds a
 * started write: make the log durable to {@link BufferWriter#lsn}, write {@link
 * BufferWriter#page}, then step) or {@link #WAIT} (sleep until {@link #wakeAt}).
 *
 * <p>Not thread-safe: one driver thread calls it (the rounds' counters may be read elsewhere).
 */
public final class BackgroundWriter {
  /** PostgreSQL's {@code HIBERNATE_FACTOR}: a hibernating writer sleeps this many delays. */
  public static final int HIBERNATE_FACTOR = 50;
  /** {@link #step}: sleep until {@link #wakeAt}. */
  public static final int WAIT = 0;
  /** {@link #step}: write the writer's started write, after the log, then step again. */
  public static final int WRITE = 1;

  private final BgBufferSync rounds;
  private final BufferWriter writer;
  private final LongSupplier allocations;
  private final long delay;
  private long nextAt;
  private boolean writing;
  private boolean prevMayHibernate;
  private long hibernateUntil = -1;
  private long lastAllocations;

  /**
   * @param rounds the rounds' arithmetic, over the pool's cleaning view
   * @param writer the writer's own writer on that pool
   * @param allocations the pool's count of buffers allocated so far
   * @param delayNanos {@code bgwriter_delay}
   * @param start the run's start on the driver's clock: the first round is one delay later
   */
  public BackgroundWriter(BgBufferSync rounds, BufferWriter writer, LongSupplier allocations, long delayNanos, long start) {
    this.rounds = rounds;
    this.writer = writer;
    this.allocations = allocations;
    this.delay = delayNanos;
    this.nextAt = start + delayNanos;
  }

  /**
   * The background writer of {@code pool}, over its selector's cleaning view, its writes made by
   * {@code writer} (a writer of its own on {@code pool}), its first round one delay after {@code start}.
   *
   * @throws IllegalArgumentException when the selector offers no cleaning view
   */
  public static BackgroundWriter of(BufferPool pool, BufferWriter writer, BgWriterSettings settings, long start) {
    CleaningView view = pool.cleaningView();
    if (view == null) {
      throw new IllegalArgumentException("selector " + pool.selectorName() + " offers no view for a background writer; use --bgwriter off");
    }
    return new BackgroundWriter(new BgBufferSync(view, pool.descriptors(), settings), writer, pool::allocations, settings.delayNanos(), start);
  }

  /** The rounds and their counters ({@code pg_stat_bgwriter}). */
  public BgBufferSync rounds() {
    return rounds;
  }

  /** When the writer next wants a step ({@link Long#MAX_VALUE} while its write runs). */
  public long wakeAt() {
    return writing ? Long.MAX_VALUE : nextAt;
  }

  /** Whether the writer hibernates: its next round waits for an allocation or the end of the long sleep. */
  public boolean hibernating() {
    return hibernateUntil >= 0;
  }

  /** Advances the state machine at {@code now}; returns what the driver must do. */
  public int step(long now) {
    if (writing) {
      writing = false;
      writer.finish();
      rounds.wrote(true, false);
      return continueRound(now);
    }
    long allocated = allocations.getAsLong();
    long recent = allocated - lastAllocations;
    if (hibernateUntil >= 0 && recent == 0 && now < hibernateUntil) {
      nextAt = now + delay;
      return WAIT;
    }
    hibernateUntil = -1;
    lastAllocations = allocated;
    rounds.beginRound(recent);
    return continueRound(now);
  }

  private int continueRound(long now) {
    int b;
    while ((b = rounds.next()) >= 0) {
      int r = writer.begin(b, 0);
      if (r == BufferWriter.STARTED) {
        writing = true;
        return WRITE;
      }
      rounds.wrote(false, r == BufferWriter.BUSY);
    }
    boolean may = rounds.mayHibernate();
    if (may && prevMayHibernate) hibernateUntil = now + HIBERNATE_FACTOR * delay;
    prevMayHibernate = may;
    nextAt = now + delay;
    return WAIT;
  }
}
