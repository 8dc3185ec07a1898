package dev.bufmgr.pipeline;

import static dev.bufmgr.core.buffer.BufferState.CHECKPOINT_NEEDED;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.pool.BufferWriter;
import dev.bufmgr.wal.WalInsert;
import dev.bufmgr.wal.device.StoredPages;
import java.util.Arrays;

/**
 * The checkpointer as one state machine that either clock drives: PostgreSQL's {@code
 * CheckpointerMain} and {@code CreateCheckPoint} (checkpointer.c, xlog.c) with {@code BufferSync}
 * (bufmgr.c). A checkpoint starts when one of its causes is due ({@link CheckpointTriggers}),
 * sets the redo point, flags every buffer dirty at that moment ({@link CheckpointWork}) and
 * writes the flagged ones in page order, one at a time, skipping those another writer cleaned
 * meanwhile. After each buffer, written or not, a paced checkpoint that is ahead of both
 * schedules ({@link CheckpointSettings#onSchedule}, {@code IsCheckpointOnSchedule}) sleeps
 * {@link CheckpointSettings#DELAY_NANOS} ({@code CheckpointWriteDelay}); a requested checkpoint,
 * and one with a completion target of 0, never sleeps. A buffer whose write another process
 * holds is put aside and retried {@link #RETRY_NANOS} after the pass (PostgreSQL waits for that
 * I/O in place; putting it aside keeps a driver that cannot block from stalling). Then it forces
 * the data file ({@code ProcessSyncRequests}), checks that every page dirty at the redo point is
 * on storage, and completes.
 *
 * <p>The driver calls {@link #step} at {@link #wakeAt}, when {@link #startDue} says a cause
 * waits, and when the I/O a step asked for has finished; {@code now} is the driver's clock. A
 * step answers what the driver must do: {@link #WRITE} (the writer holds a started write: make
 * the log durable to {@link BufferWriter#lsn}, write {@link BufferWriter#page}, then step),
 * {@link #SYNC} (force the data file, then step), {@link #COMPLETED} (wake the requests now
 * {@link #requestsServed served}, then step if a start is due) or {@link #WAIT}. The causes
 * arrive through {@link #timerFired} at {@link #timedAt}, {@link #logFlushed} and {@link
 * #request}.
 *
 * <p>Not thread-safe: one driver thread calls it (its counters go to {@link CheckpointStats},
 * which others may read).
 */
public final class Checkpointer {
  /** {@link #step}: nothing to do until {@link #wakeAt} or a cause arrives. */
  public static final int WAIT = 0;
  /** {@link #step}: write the writer's started write, after the log, then step again. */
  public static final int WRITE = 1;
  /** {@link #step}: force the data file, then step again. */
  public static final int SYNC = 2;
  /** {@link #step}: a checkpoint completed; wake its requests, then step if {@link #startDue}. */
  public static final int COMPLETED = 3;
  /** How long the checkpointer waits before retrying the buffers another write held. */
  public static final long RETRY_NANOS = 100_000;

  private static final int QUIET = 0;
  private static final int WRITING = 1;
  private static final int SLEEPING = 2;
  private static final int SYNCING = 3;

  private final CheckpointSettings settings;
  private final Descriptors[] descriptors;
  private final BufferWriter[] writers;
  private final int[] offsets;
  private BufferWriter writer;
  private final WalInsert wal;
  private final StoredPages stored;
  private final CheckpointStats stats;
  private final CheckpointTriggers triggers;
  private int phase = QUIET;
  private long wakeAt = Long.MAX_VALUE;
  private int[] work = new int[0];
  private CheckpointWork.Marked marked;
  private int pos;
  private int processed;
  private int total;
  private int[] busy = new int[16];
  private int nBusy;
  private boolean immediate;
  private long redo;
  private long startedAt;
  private long syncStartedAt;
  private long lastCompletedRedo;

  /**
   * @param settings when checkpoints start and how they pace, or {@code null}: only requests
   *     start one, immediate
   * @param writer the checkpointer's own writer on the pool whose buffers are {@code descriptors}
   * @param wal the log whose redo point a checkpoint moves
   * @param stored the pages on storage, to check each checkpoint's completeness
   * @param start the run's start on the driver's clock
   */
  public Checkpointer(CheckpointSettings settings, Descriptors descriptors, BufferWriter writer, WalInsert wal,
      StoredPages stored, CheckpointStats stats, long start) {
    this(settings, new Descriptors[] {descriptors}, new BufferWriter[] {writer}, wal, stored, stats, start);
  }

  /**
   * A checkpointer over several pools side by side ({@code --pools}): one checkpoint flags the
   * dirty buffers of every pool at its redo point ({@link CheckpointWork#mark(Descriptors[], long)})
   * and writes them in one page order, each through the writer of its pool; {@link #writer} is
   * the one whose write the last step started.
   *
   * @param writers the checkpointer's own writer on each pool, in the order of {@code descriptors}
   */
  public Checkpointer(CheckpointSettings settings, Descriptors[] descriptors, BufferWriter[] writers, WalInsert wal,
      StoredPages stored, CheckpointStats stats, long start) {
    if (descriptors.length != writers.length || descriptors.length == 0) {
      throw new IllegalArgumentException(descriptors.length + " pools but " + writers.length + " writers");
    }
    this.settings = settings;
    this.descriptors = descriptors.clone();
    this.writers = writers.clone();
    this.offsets = CheckpointWork.globalOffsets(descriptors);
    this.writer = writers[0];
    this.wal = wal;
    this.stored = stored;
    this.stats = stats;
    this.triggers = new CheckpointTriggers(settings, start, wal.flushedLsn());
    this.lastCompletedRedo = wal.redoPointer();
  }

  /** When the timer fires next; the driver then calls {@link #timerFired}. */
  public long timedAt() {
    return triggers.timedAt();
  }

  /** The timer fired: a timed checkpoint is due (at once if none runs). */
  public void timerFired() {
    triggers.timerFired();
  }

  /** The log became durable to {@link WalInsert#flushedLsn}: a finished segment may make a checkpoint due. */
  public void logFlushed() {
    triggers.logFlushed(wal.flushedLsn(), wal.redoPointer());
  }

  /** An explicit request ({@code CHECKPOINT}) arrived; requests are numbered from 1 in this order. */
  public void request() {
    triggers.request();
  }

  /** How many requests, in their order, have been served by a completed checkpoint. */
  public long requestsServed() {
    return triggers.served();
  }

  /** Whether no checkpoint runs and a cause waits: the driver should step now. */
  public boolean startDue() {
    return phase == QUIET && triggers.due();
  }

  /** When a sleeping checkpoint wakes ({@link Long#MAX_VALUE} when it does not sleep). */
  public long wakeAt() {
    return phase == SLEEPING ? wakeAt : Long.MAX_VALUE;
  }

  /** Whether a checkpoint runs (begun, not completed). */
  public boolean running() {
    return phase != QUIET;
  }

  /** The redo point of the checkpoint that runs or ran last. */
  public long redo() {
    return redo;
  }

  /** The redo point of the last checkpoint that completed (the log's redo point at the start before any). */
  public long lastCompletedRedo() {
    return lastCompletedRedo;
  }

  /** The writer of the pool whose buffer the last {@link #WRITE} started: the driver writes its page. */
  public BufferWriter writer() {
    return writer;
  }

  /** Advances the state machine at {@code now}; returns what the driver must do. */
  public int step(long now) {
    switch (phase) {
      case QUIET -> {
        if (!triggers.due()) return WAIT;
        return start(now);
      }
      case WRITING -> {
        writer.finish();
        stats.bufferWritten();
        return paceAfterBuffer(now) ? WAIT : advance(now);
      }
      case SLEEPING -> {
        return advance(now);
      }
      default -> {
        return complete(now);
      }
    }
  }

  private int start(long now) {
    int cause = triggers.start(now);
    stats.started(cause != CheckpointTriggers.TIMED);
    immediate = cause == CheckpointTriggers.REQUESTED || settings == null || settings.completionTarget() == 0;
    startedAt = now;
    redo = wal.checkpoint();
    marked = CheckpointWork.mark(descriptors, redo);
    work = marked.buffers();
    total = work.length;
    pos = 0;
    processed = 0;
    nBusy = 0;
    return advance(now);
  }

  /** Processes the next flagged buffers until a write starts, the schedule says sleep, or all are done. */
  private int advance(long now) {
    while (true) {
      while (pos < work.length) {
        int b = work[pos++];
        int k = writers.length == 1 ? 0 : CheckpointWork.poolOf(offsets, b);
        writer = writers[k];
        int r = writer.begin(b - offsets[k], CHECKPOINT_NEEDED);
        if (r == BufferWriter.STARTED) {
          processed++;
          phase = WRITING;
          return WRITE;
        }
        if (r == BufferWriter.BUSY) {
          if (nBusy == busy.length) busy = Arrays.copyOf(busy, nBusy * 2);
          busy[nBusy++] = b;
          continue;
        }
        processed++;
        if (paceAfterBuffer(now)) return WAIT;
      }
      if (nBusy == 0) break;
      work = Arrays.copyOf(busy, nBusy);
      pos = 0;
      nBusy = 0;
      sleep(now + RETRY_NANOS);
      return WAIT;
    }
    phase = SYNCING;
    syncStartedAt = now;
    stats.syncStarted();
    return SYNC;
  }

  /** {@code CheckpointWriteDelay}: sleeps when a paced checkpoint is ahead of schedule; returns whether it sleeps. */
  private boolean paceAfterBuffer(long now) {
    if (immediate || total == 0) return false;
    double progress = (double) processed / total;
    if (!settings.onSchedule(progress, now - startedAt, wal.insertLsn(), redo)) return false;
    sleep(now + CheckpointSettings.DELAY_NANOS);
    return true;
  }

  private void sleep(long until) {
    phase = SLEEPING;
    wakeAt = until;
  }

  private int complete(long now) {
    marked.verify(stored);
    lastCompletedRedo = redo;
    stats.syncEnded(now);
    stats.completed(syncStartedAt - startedAt, now - syncStartedAt);
    phase = QUIET;
    triggers.completed(now);
    return COMPLETED;
  }
}
