package dev.bufmgr.wal;

/**
 * Batch K: flush once at least K commits are pending and the device is free. Without a timeout
 * it never releases fewer than K, so a closed loop of fewer than K clients cannot run with it
 * (drivers refuse that configuration).
 */
public final class BatchPolicy implements ReleasePolicy {
  private final int batch;

  /** @param batch the number of pending commits that releases a flush (>= 1) */
  public BatchPolicy(int batch) {
    if (batch < 1) throw new IllegalArgumentException("batch k must be >= 1");
    this.batch = batch;
  }

  /** The release threshold K. */
  public int batch() {
    return batch;
  }

  @Override
  public String name() {
    return "batch:k=" + batch;
  }

  @Override
  public long releaseAt(long now, Backlog backlog) {
    return backlog.pending() >= batch ? now : NEVER;
  }
}
