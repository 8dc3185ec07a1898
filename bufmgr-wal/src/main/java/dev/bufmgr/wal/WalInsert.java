package dev.bufmgr.wal;

/**
 * The insert side of a write-ahead log, as the pipeline's backends use it: each record reserves
 * the next LSN range (an LSN is the log offset just past a record), page changes decide their
 * full-page image against the redo point, and a checkpoint moves the redo point. Two
 * implementations give every record the same LSN for the same sequence of calls: {@link WalLog}
 * (records encoded into a circular buffer and flushed to a device, real time) and {@link
 * VirtualWal} (positions only, for the simulation).
 *
 * <p>Full-page images follow PostgreSQL's {@code XLogRecordAssemble} (xloginsert.c): a change logs
 * an image of its page when the page's LSN is at or before the redo point of the last checkpoint
 * ("page LSN &lt;= RedoRecPtr"), unless the caller passes no image size (full_page_writes off, or a
 * change that initializes its page, REGBUF_WILL_INIT). The decision is made where the record's
 * position is reserved, so a checkpoint that moves the redo point at the same moment is seen
 * consistently, as PostgreSQL rechecks {@code RedoRecPtr} under its insertion lock.
 */
public interface WalInsert {

  /** The LSN the next record will start at. */
  long insertLsn();

  /** The LSN up to which the log is durable. */
  long flushedLsn();

  /** The redo point of the last checkpoint (where a run's log began, before any). */
  long redoPointer();

  /**
   * Logs a change to {@code page}, whose LSN before the change is {@code pageLsn}: a record of
   * {@code recordBytes} (PostgreSQL's record length; at least the fields that name the page, so a
   * change of 0 bytes still logs the smallest record and stays recoverable), plus a full-page
   * image of {@code imageBytes} when {@code imageBytes > 0} and {@code pageLsn <= redoPointer()}.
   *
   * @return the record's LSN, the page's new LSN
   */
  long insertPageChange(long page, long pageLsn, int recordBytes, int imageBytes);

  /**
   * {@link #insertPageChange(long, long, int, int)} for a change that says whether it initializes
   * its page (PostgreSQL's {@code REGBUF_WILL_INIT}, such as {@code XLOG_HEAP_INSERT} with {@code
   * XLOG_HEAP_INIT_PAGE}): such a record rebuilds the whole page at redo ({@code
   * XLogInitBufferForRedo}), as an image restores it, so it logs no image (pass 0). Only a log that
   * keeps its records for a recovery check needs to know; the default ignores it.
   */
  default long insertPageChange(long page, long pageLsn, int recordBytes, int imageBytes, boolean initializes) {
    return insertPageChange(page, pageLsn, recordBytes, imageBytes);
  }

  /**
   * Logs a transaction's commit record of {@code recordBytes} bytes (at least the id's).
   *
   * @return the record's LSN: the commit is durable once the log is flushed this far
   */
  long insertCommit(long commitId, int recordBytes);

  /**
   * Begins a checkpoint: the redo point becomes the current insert position, so the next change
   * to every page logs a full page image, and a checkpoint record is logged.
   *
   * @return the new redo point
   */
  long checkpoint();

  /** What was logged so far (PostgreSQL's {@code pg_stat_wal}). */
  WalStats stats();

  /** Whether a change to a page whose LSN is {@code pageLsn} logs an image now (the rule above). */
  static boolean imageNeeded(long pageLsn, long redoPointer, int imageBytes) {
    return imageBytes > 0 && pageLsn <= redoPointer;
  }
}
