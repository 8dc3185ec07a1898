package dev.bufmgr.wal;

/**
 * A write-ahead log of positions only, for the simulation: every record reserves exactly the LSN
 * range {@link WalLog} would give it ({@link LogFormat}'s lengths), full-page images follow the
 * same rule, and nothing is encoded. The simulation's group commit says how far it is durable.
 * Single-threaded.
 */
public final class VirtualWal implements WalInsert {
  private final boolean keepRecords;
  private long[] recordPages = new long[0];
  private long[] recordLsns = new long[0];
  private boolean[] recordRestores = new boolean[0];
  private int kept;
  private long insert;
  private long flushed;
  private long redo;
  private long records;
  private long images;
  private long bytes;
  private long imageBytes;

  /** A log whose first record starts at {@code startLsn}, durable and with its redo point there. */
  public VirtualWal(long startLsn) {
    this(startLsn, false);
  }

  /**
   * A log that also keeps every page change's page and LSN, so a run's end state can be recovered
   * and checked ({@link #recordCount}, {@link #recordPage}, {@link #recordLsn}, {@link
   * #recordRestoresPage}).
   */
  public static VirtualWal recording(long startLsn) {
    return new VirtualWal(startLsn, true);
  }

  private VirtualWal(long startLsn, boolean keepRecords) {
    this.keepRecords = keepRecords;
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
    return insertPageChange(page, pageLsn, recordBytes, imageBytes, false);
  }

  @Override
  public long insertPageChange(long page, long pageLsn, int recordBytes, int imageBytes, boolean initializes) {
    int image = WalInsert.imageNeeded(pageLsn, redo, imageBytes) ? imageBytes : 0;
    long lsn = append(LogFormat.pageChangeLength(recordBytes, image), image);
    if (keepRecords) keep(page, lsn, image > 0 || initializes);
    return lsn;
  }

  private void keep(long page, long lsn, boolean restores) {
    if (kept == recordPages.length) {
      int n = Math.max(1024, kept * 2);
      recordPages = java.util.Arrays.copyOf(recordPages, n);
      recordLsns = java.util.Arrays.copyOf(recordLsns, n);
      recordRestores = java.util.Arrays.copyOf(recordRestores, n);
    }
    recordPages[kept] = page;
    recordRestores[kept] = restores;
    recordLsns[kept++] = lsn;
  }

  /** Page-change records kept (0 unless made by {@link #recording}). */
  public int recordCount() {
    return kept;
  }

  /** The page of the {@code i}-th kept page-change record. */
  public long recordPage(int i) {
    return recordPages[i];
  }

  /** The LSN of the {@code i}-th kept page-change record. */
  public long recordLsn(int i) {
    return recordLsns[i];
  }

  /**
   * Whether the {@code i}-th kept record rebuilds its whole page at redo: it carries a full-page
   * image, or it initializes the page.
   */
  public boolean recordRestoresPage(int i) {
    return recordRestores[i];
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
