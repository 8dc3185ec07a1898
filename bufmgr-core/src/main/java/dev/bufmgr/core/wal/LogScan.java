package dev.bufmgr.core.wal;

import java.util.Arrays;

/**
 * What a scan of a log file found.
 *
 * @param fileSize the file's size in bytes
 * @param validEnd the offset just past the last valid record (the log's end after a cut)
 * @param records valid records
 * @param commitIds the commit ids of the valid commit records, sorted
 * @param pageChanges valid page-change records
 * @param fullPageImages page-change records that carry a full page image
 * @param tornTailOffset where a torn tail begins (an incomplete or unreadable record with no
 *     valid record after it), or -1
 * @param corruptOffset where a corrupt record sits with valid records after it, or -1
 * @param problem what is wrong at the torn-tail or corrupt offset, or {@code null}
 */
public record LogScan(
    long fileSize,
    long validEnd,
    long records,
    long[] commitIds,
    long pageChanges,
    long fullPageImages,
    long tornTailOffset,
    long corruptOffset,
    String problem) {

  /** Number of valid commit records. */
  public long commits() {
    return commitIds.length;
  }

  /** Bytes past the last valid record that a reopen would cut (0 without a torn tail). */
  public long tornTailBytes() {
    return tornTailOffset < 0 ? 0 : fileSize - tornTailOffset;
  }

  /** Whether commit {@code id} has a valid commit record. */
  public boolean containsCommit(long id) {
    return Arrays.binarySearch(commitIds, id) >= 0;
  }

  /** The largest commit id in the log, or -1 when there is none. */
  public long maxCommitId() {
    return commitIds.length == 0 ? -1 : commitIds[commitIds.length - 1];
  }
}
