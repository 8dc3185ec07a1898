package dev.bufmgr.pipeline;

/**
 * When a checkpoint is due, PostgreSQL's three causes as {@code CheckpointerMain}
 * (checkpointer.c) weighs them: an explicit request ({@code RequestCheckpoint}, immediate), the
 * log's volume ({@code XLogCheckpointNeeded}, asked by {@code XLogWrite} as it finishes a
 * segment, counted as requested but spread) and time ({@code checkpoint_timeout} after the last
 * checkpoint started, so timed checkpoints stay evenly spaced). A cause that arrives while a
 * checkpoint runs waits for it to complete; at a start, requests go first, then the log's
 * volume, then time, and the start clears every cause.
 *
 * <p>Requests are numbered in the order they arrive; a request is served by the first
 * checkpoint that starts after it, and {@link #served} says how many have been served.
 *
 * <p>Not thread-safe: the checkpointer's one driver calls it.
 */
final class CheckpointTriggers {
  /** A checkpoint requested explicitly: immediate, it never sleeps ({@code CHECKPOINT_IMMEDIATE}). */
  static final int REQUESTED = 0;
  /** A checkpoint requested by the log's volume: paced ({@code CHECKPOINT_CAUSE_XLOG}). */
  static final int LOG_VOLUME = 1;
  /** A checkpoint started by the timer: paced ({@code CHECKPOINT_CAUSE_TIME}). */
  static final int TIMED = 2;

  private final CheckpointSettings settings;
  private long timedAt = Long.MAX_VALUE;
  private boolean timedDue;
  private boolean walDue;
  private long openSegment;
  private long requested;
  private long serving;
  private long served;

  /**
   * @param settings the checkpoint settings, or {@code null}: only explicit requests start one
   * @param start the run's start on the driver's clock: the first timed checkpoint is due one
   *     timeout later
   * @param flushedLsn the log's durable end at the start
   */
  CheckpointTriggers(CheckpointSettings settings, long start, long flushedLsn) {
    this.settings = settings;
    this.openSegment = CheckpointSettings.segment(flushedLsn);
    if (settings != null) timedAt = start + settings.timeoutNanos();
  }

  /** When the timer fires next ({@link Long#MAX_VALUE}: it is not set). */
  long timedAt() {
    return timedAt;
  }

  /** The timer fired: a timed checkpoint is due. */
  void timerFired() {
    timedAt = Long.MAX_VALUE;
    timedDue = true;
  }

  /**
   * The log is durable to {@code flushedLsn}; {@code redo} is the redo point of the last
   * checkpoint started. Each segment finished since the last call may make a checkpoint due
   * ({@link CheckpointSettings#walDue}); the last one decides, as the rule grows with the segment.
   */
  void logFlushed(long flushedLsn, long redo) {
    if (settings == null) return;
    long open = CheckpointSettings.segment(flushedLsn);
    if (open <= openSegment) return;
    openSegment = open;
    if (settings.walDue(open - 1, redo)) walDue = true;
  }

  /** An explicit request arrived (requests are numbered from 1 in their order of arrival). */
  void request() {
    requested++;
  }

  /** Whether any cause waits for a checkpoint to start. */
  boolean due() {
    return requested > serving || walDue || timedDue;
  }

  /**
   * A checkpoint starts at {@code now}: takes every cause (the requests so far are the ones it
   * serves), sets the timer one timeout later, and returns the cause it counts as.
   */
  int start(long now) {
    int cause = requested > serving ? REQUESTED : walDue ? LOG_VOLUME : TIMED;
    serving = requested;
    timedDue = false;
    walDue = false;
    if (settings != null) timedAt = now + settings.timeoutNanos();
    return cause;
  }

  /**
   * The checkpoint that started last completed at {@code now}: its requests are served, and a
   * timer due by now counts as fired.
   */
  void completed(long now) {
    served = serving;
    if (now >= timedAt) timerFired();
  }

  /** Requests served so far: the first {@code served()} in their order of arrival. */
  long served() {
    return served;
  }
}
