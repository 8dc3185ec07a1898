package dev.bufmgr.wal.device;

/** What a device write is for, so its busy time can be split (PostgreSQL's {@code pg_stat_io} objects). */
public enum IoKind {
  /** A flush of the write-ahead log. */
  LOG,
  /** A data-page write. */
  PAGE,
  /** Forcing the data file (a checkpoint's fsync). */
  DATA_SYNC,
  /** A data-page read that missed the page cache ({@link PageCache}). */
  READ
}
