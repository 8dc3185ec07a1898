package dev.bufmgr.core.wal;

/**
 * A write-ahead log of positions only, for the simulation: every record reserves exactly the LSN
 * range {@link WalLog} would give it ({@link LogFormat}'s lengths), full-page images follow the
 * same rule, and nothing is encoded. The simulation's group commit says how far it is durable.
 * Single-threaded.
 */
public final class VirtualWal implements WalInsert {
  private long insert;
  private long flushed;
  private long redo;
  private long records;
  private long images;
  private long bytes;
  private long imageBytes;

  /** A log whose first record starts at {@code startLsn}, durable and with its redo point there. */
  public VirtualWal(long startLsn) {
    this.insert = startLsn;
    this.flushed = startLsn;
    this.redo = startLsn;
  }

  @Override
  public long insertLsn() {
    return insert;
  }

  @Override
  public long flushedLsn() {
    return flushed;
  }

  @Override
  public long redoPointer() {
    return redo;
  }

  /** The simulation's flush made the log durable up to {@code lsn}. */
  public void flushedTo(long lsn) {
    if (lsn < flushed || lsn > insert) {
      throw new IllegalArgumentException("flush to " + lsn + " outside " + flushed + ".." + insert);
    }
    flushed = lsn;
  }

  @Override
  public long insertPageChange(long page, long pageLsn, int recordBytes, int imageBytes) {
    int image = WalInsert.imageNeeded(pageLsn, redo, imageBytes) ? imageBytes : 0;
    if (recordBytes == 0 && image == 0) return 0;
    return append(LogFormat.pageChangeLength(recordBytes, image), image);
  }

  @Override
  public long insertCommit(long commitId, int recordBytes) {
    return append(LogFormat.commitLength(recordBytes), 0);
  }

  @Override
  public long checkpoint() {
    redo = insert;
    append(LogFormat.CHECKPOINT_LENGTH, 0);
    return redo;
  }

  private long append(int length, int image) {
    insert += length;
    records++;
    bytes += length;
    if (image > 0) {
      images++;
      imageBytes += image;
    }
    return insert;
  }

  @Override
  public WalStats stats() {
    return new WalStats(records, images, bytes, imageBytes);
  }
}
