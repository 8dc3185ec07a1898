package dev.bufmgr.pipeline;

import dev.bufmgr.core.params.ByteSizes;
import dev.bufmgr.core.params.Durations;
import dev.bufmgr.core.params.ParameterSpec;
import dev.bufmgr.core.params.Parameters;
import dev.bufmgr.core.params.Spec;
import java.util.List;

/**
 * When checkpoints start and how they pace their writes, PostgreSQL's GUCs: {@code
 * checkpoint_timeout} (a checkpoint starts this long after the last one started, default 5 min),
 * {@code max_wal_size} (one is requested once the log has grown this far past the redo point,
 * by {@code CheckPointSegments}' arithmetic, default 1 GB) and {@code
 * checkpoint_completion_target} (the share of the interval its writes should take, default 0.9;
 * 0: write everything at once, never sleeping). A requested {@code CHECKPOINT} is immediate. Parsed from {@code timeout=D,maxWal=SIZE,completionTarget=F}.
 *
 * @param timeoutNanos checkpoint_timeout, 30 s .. 1 day in PostgreSQL; any positive duration here
 * @param maxWalBytes max_wal_size in bytes, at least two segments
 * @param completionTarget checkpoint_completion_target, 0..1
 */
public record CheckpointSettings(long timeoutNanos, long maxWalBytes, double completionTarget) {
  /** PostgreSQL's WAL segment size ({@code wal_segment_size}, 16 MiB). */
  public static final long SEGMENT_BYTES = 16L << 20;
  /** PostgreSQL's defaults. */
  public static final CheckpointSettings DEFAULTS = new CheckpointSettings(300_000_000_000L, 1L << 30, 0.9);
  /** A max_wal_size that never triggers a checkpoint. */
  public static final long NO_WAL_LIMIT = Long.MAX_VALUE / 4;
  /** How long a checkpoint ahead of its schedule sleeps between writes ({@code CheckpointWriteDelay}: 100 ms). */
  public static final long DELAY_NANOS = 100_000_000L;

  /** @throws IllegalArgumentException naming the setting out of range */
  public CheckpointSettings {
    if (timeoutNanos <= 0) throw new IllegalArgumentException("--checkpoint timeout must be positive");
    if (maxWalBytes < 2 * SEGMENT_BYTES) {
      throw new IllegalArgumentException("--checkpoint maxWal must be at least two 16 MiB segments, got " + maxWalBytes + " bytes");
    }
    if (!(completionTarget >= 0 && completionTarget <= 1)) {
      throw new IllegalArgumentException("--checkpoint completionTarget must lie in 0..1, got " + completionTarget);
    }
  }

  /** Checkpoints every {@code everyNanos}, writing at once, never triggered by log volume (a plain checkpoint). */
  public static CheckpointSettings plain(long everyNanos) {
    return new CheckpointSettings(everyNanos, NO_WAL_LIMIT, 0);
  }

  /** The settings' parameters; the record checks their ranges, naming the GUC. */
  private static final List<ParameterSpec> PARAMETERS = List.of(
      ParameterSpec.duration("timeout", Durations.format(DEFAULTS.timeoutNanos), "checkpoint_timeout"),
      ParameterSpec.text("maxWal", null, "max_wal_size, with kB, MB, GB or TB (default 1GB)").asOptional(),
      ParameterSpec.decimal("completionTarget", DEFAULTS.completionTarget, -Double.MAX_VALUE, Double.MAX_VALUE,
          "checkpoint_completion_target"));

  /**
   * Parses {@code timeout=5min,maxWal=1GB,completionTarget=0.9} (any subset; the rest default)
   * or {@code off}. Sizes take kB, MB, GB (powers of 1024, as PostgreSQL's).
   *
   * @return the settings, or {@code null} for {@code off}
   */
  public static CheckpointSettings parse(String text) {
    String t = text.trim();
    if (t.equals("off")) return null;
    Parameters s = Parameters.resolve("--checkpoint",
        Spec.settings("--checkpoint", "checkpoint", t), PARAMETERS);
    long timeout = s.nanos("timeout");
    long maxWal = s.has("maxWal") ? ByteSizes.parse(s.text("maxWal"), "--checkpoint maxWal", 1, NO_WAL_LIMIT) : DEFAULTS.maxWalBytes;
    double target = s.doubleValue("completionTarget");
    return new CheckpointSettings(timeout, maxWal, target);
  }

  /**
   * {@code CheckPointSegments} ({@code CalculateCheckpointSegments}, xlog.c): max_wal_size in
   * segments over (1 + checkpoint_completion_target), at least 1.
   */
  public long checkpointSegments() {
    return Math.max(1, (long) ((double) (maxWalBytes / SEGMENT_BYTES) / (1.0 + completionTarget)));
  }

  /**
   * Whether finishing log segment {@code finishedSegment} asks for a checkpoint after redo point
   * {@code redo} ({@code XLogCheckpointNeeded}, called by {@code XLogWrite} as each segment is
   * filled: the segment is at least {@code CheckPointSegments - 1} past the redo point's).
   */
  public boolean walDue(long finishedSegment, long redo) {
    return maxWalBytes < NO_WAL_LIMIT && finishedSegment >= redo / SEGMENT_BYTES + checkpointSegments() - 1;
  }

  /** The segment that holds byte {@code lsn} of the log. */
  public static long segment(long lsn) {
    return lsn / SEGMENT_BYTES;
  }

  /**
   * PostgreSQL's {@code IsCheckpointOnSchedule} (checkpointer.c): with {@code progress} the share
   * of the checkpoint's buffers processed, whether it is ahead of both schedules, the time since
   * it started against {@code checkpoint_timeout} and the log written since its redo point against
   * {@code CheckPointSegments}, each scaled by the completion target.
   */
  public boolean onSchedule(double progress, long elapsedNanos, long insertLsn, long redo) {
    double p = progress * completionTarget;
    if (maxWalBytes < NO_WAL_LIMIT) {
      double elapsedXlogs = ((double) (insertLsn - redo) / SEGMENT_BYTES) / checkpointSegments();
      if (p < elapsedXlogs) return false;
    }
    double elapsedTime = (double) elapsedNanos / timeoutNanos;
    return p >= elapsedTime;
  }

  /** The spec that recreates it. */
  public String spec() {
    return "timeout=" + Durations.format(timeoutNanos) + ",maxWal="
        + (maxWalBytes >= NO_WAL_LIMIT ? "none" : (maxWalBytes >> 20) + "MB") + ",completionTarget=" + completionTarget;
  }
}
