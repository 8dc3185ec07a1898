package dev.bufmgr.wal.device;

/**
 * Who writes a data page, as PostgreSQL's statistics split writes ({@code pg_stat_io}'s backend
 * types) and as its {@code *_flush_after} settings apply per writer.
 */
public enum WriteSource {
  /** A client backend writing the dirty victim it evicts ({@code backend_flush_after}). */
  BACKEND,
  /** The checkpointer ({@code checkpoint_flush_after}). */
  CHECKPOINTER,
  /** The background writer ({@code bgwriter_flush_after}). */
  BGWRITER
}
