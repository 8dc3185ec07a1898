package dev.bufmgr.wal.store;

/**
 * What a scan of a log found: its valid records from the start, where they end, and how they end.
 * The first record that is not valid ends the log. That damage is a <em>torn tail</em> when no
 * later flush reached the disk (the last flush, cut short by a crash), and <em>corruption</em>
 * when a page written by a later flush proves the damaged bytes were durable.
 *
 * @param startLsn where the scan began (the control file's start)
 * @param endLsn just past the last valid record
 * @param records valid records
 * @param commits valid commit records
 * @param pageChanges valid page-change records
 * @param fullPageImages page-change records carrying a full page image
 * @param stop what the scan found at {@code endLsn} (zeros at a clean end)
 * @param tornTailBytes bytes of the last flush found past {@code endLsn} (to its last non-zero byte; 0: none)
 * @param tornTailRecords valid records found past {@code endLsn} in the last flush (cut with it)
 * @param tornPages the global pages holding the torn tail (rewritten by a cut)
 * @param evidence for corruption, the page that proves the damage was durable; {@code null} otherwise
 * @param where where {@code endLsn} sits (segment and offset)
 */
public record LogScan(
    long startLsn,
    long endLsn,
    long records,
    long commits,
    long pageChanges,
    long fullPageImages,
    String stop,
    long tornTailBytes,
    long tornTailRecords,
    long[] tornPages,
    String evidence,
    String where) {

  /** Whether the damage at the end is corruption (proved durable by a later flush). */
  public boolean corrupt() {
    return evidence != null;
  }

  /** Whether a torn tail (something of an unfinished last flush) lies past the end. */
  public boolean tornTail() {
    return !corrupt() && (tornTailBytes > 0 || tornTailRecords > 0);
  }

  /** One line describing corruption (call when {@link #corrupt()}). */
  public String corruption() {
    return "corrupt log at " + where + " (" + stop + "), durable by the evidence of " + evidence;
  }

  /** One line describing the cut of a torn tail (call when {@link #tornTail()}). */
  public String cut() {
    return "cut a torn tail at " + where + ": " + tornTailBytes + " bytes and " + tornTailRecords
        + " complete records of the last flush, which no later flush proved durable (" + stop + ")";
  }
}
