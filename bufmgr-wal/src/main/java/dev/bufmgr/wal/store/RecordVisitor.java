package dev.bufmgr.wal.store;

/** What a {@link LogScanner} reports of each valid record, in log order. Every method does nothing by default. */
public interface RecordVisitor {
  /** A commit record of commit {@code id}, starting at {@code lsn} and ending at {@code end}. */
  default void commit(long id, long lsn, long end) {}

  /** A page-change record of {@code page} ending at {@code end}, carrying an image of {@code imageBytes} (0: none). */
  default void pageChange(long page, long end, int imageBytes) {}

  /** A checkpoint record with redo point {@code redo}, ending at {@code end}. */
  default void checkpoint(long redo, long end) {}

  /** A visitor that wants nothing. */
  RecordVisitor NONE = new RecordVisitor() {};
}
