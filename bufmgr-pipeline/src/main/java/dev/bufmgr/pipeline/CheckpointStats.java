package dev.bufmgr.pipeline;

/**
 * The checkpointer's counters, as PostgreSQL's {@code pg_stat_checkpointer} reports them:
 * checkpoints started by time and by request, completed, buffers written by checkpoints, and the
 * time spent writing and syncing. One writer (the checkpointer); readers may see a value a moment
 * old.
 */
public final class CheckpointStats {
  private volatile long timed;
  private volatile long requested;
  private volatile long done;
  private volatile long buffersWritten;
  private volatile long writeNanos;
  private volatile long syncNanos;
  private volatile boolean syncing;
  private volatile long lastSyncEnd = Long.MIN_VALUE;

  /** A checkpoint began, by its schedule ({@code num_timed}) or on request ({@code num_requested}). */
  public void started(boolean byRequest) {
    if (byRequest) requested = requested + 1;
    else timed = timed + 1;
  }

  /** The checkpointer wrote a buffer ({@code buffers_written}). */
  public void bufferWritten() {
    buffersWritten = buffersWritten + 1;
  }

  /** The checkpointer's sync phase (its {@code fsync} of the data file) began. */
  public void syncStarted() {
    syncing = true;
  }

  /** The sync phase ended at {@code now} on the run's clock. */
  public void syncEnded(long now) {
    lastSyncEnd = now;
    syncing = false;
  }

  /**
   * Whether a commit that began waiting at {@code commitStart} and is acknowledged now overlapped a
   * checkpoint's sync phase (one runs now, or the last ended after the commit began).
   */
  public boolean overlapsSync(long commitStart) {
    return syncing || lastSyncEnd >= commitStart;
  }

  /** A checkpoint completed after {@code writeNanos} of its write phase and {@code syncNanos} of its sync. */
  public void completed(long writeNanos, long syncNanos) {
    this.writeNanos = this.writeNanos + writeNanos;
    this.syncNanos = this.syncNanos + syncNanos;
    done = done + 1;
  }

  /** The counters now. */
  public Snapshot snapshot() {
    return new Snapshot(timed, requested, done, buffersWritten, writeNanos, syncNanos);
  }

  /**
   * The counters at one moment.
   *
   * @param timed checkpoints started by their schedule
   * @param requested checkpoints started on request
   * @param done checkpoints completed
   * @param buffersWritten buffers the checkpointer wrote
   * @param writeNanos time of the write phases
   * @param syncNanos time of the sync phases
   */
  public record Snapshot(long timed, long requested, long done, long buffersWritten, long writeNanos, long syncNanos) {
    /** The counts between {@code earlier} and this snapshot. */
    public Snapshot minus(Snapshot earlier) {
      return new Snapshot(timed - earlier.timed, requested - earlier.requested, done - earlier.done,
          buffersWritten - earlier.buffersWritten, writeNanos - earlier.writeNanos, syncNanos - earlier.syncNanos);
    }

    /** Checkpoints started. */
    public long started() {
      return timed + requested;
    }
  }
}
