package dev.bufmgr.app.commit;

import dev.bufmgr.wal.store.AckLog;
import dev.bufmgr.wal.store.DirectoryStorage;
import dev.bufmgr.wal.store.DurableLog;
import dev.bufmgr.wal.store.LogDirectoryLock;
import dev.bufmgr.wal.store.LogScan;
import dev.bufmgr.wal.store.RecordVisitor;
import dev.bufmgr.results.report.ResultRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import org.agrona.collections.Long2LongHashMap;

/**
 * What {@code wal-verify} checks: a log directory's pages and records (a streaming scan), its end
 * (a torn tail is reported, corruption fails), commit ids that occur twice in the log, and, given
 * an ack log, that every acknowledged commit is in the log at the LSN it was acknowledged at.
 * Memory: the ack log's ids, and one bit per commit id of the log.
 *
 * @param scan what the log scan found
 * @param acks acknowledged commits read from the ack log (0 without one)
 * @param missing acknowledged commits whose id is nowhere in the log
 * @param firstMissing the smallest missing id, or -1
 * @param misplaced acknowledged commits whose id is in the log at another LSN than acknowledged
 * @param firstMisplaced the first such id, or -1
 * @param duplicateAcks ack lines that repeat an id
 * @param duplicateCommits commit records whose id an earlier record of the log already has
 * @param firstDuplicateCommit the first such id, or -1
 * @param beforeStart acknowledged commits before the log's start (removed by a checkpoint; not checkable)
 */
public record LogVerification(
    LogScan scan, long acks, long missing, long firstMissing, long misplaced, long firstMisplaced,
    long duplicateAcks, long duplicateCommits, long firstDuplicateCommit, long beforeStart) {

  /**
   * Verifies a log directory, optionally against an ack log.
   *
   * @throws IllegalArgumentException when {@code dir} is not a log directory, when a writer holds
   *     it, or when the ack log is malformed
   */
  public static LogVerification of(Path dir, Path ackLog) throws IOException {
    if (!Files.isDirectory(dir)) throw new IllegalArgumentException(dir + ": no such log directory");
    String writer = LogDirectoryLock.heldBy(dir);
    if (writer != null) throw new IllegalArgumentException(dir + " is open for writing (" + writer + "); verify it once the writer stops");
    AckLog.Acks acks = ackLog == null ? new AckLog.Acks(new Long2LongHashMap(-1), 0, 0, -1) : AckLog.read(ackLog);
    Long2LongHashMap found = new Long2LongHashMap(-1);
    Map<Long, BitSet> seen = new HashMap<>();
    long[] dup = {0, -1};
    LogScan scan = DurableLog.inspect(new DirectoryStorage(dir), new RecordVisitor() {
      @Override
      public void commit(long id, long lsn, long end) {
        long seq = id & ((1L << 40) - 1);
        if (seq < Integer.MAX_VALUE) {
          BitSet bits = seen.computeIfAbsent(id >>> 40, k -> new BitSet());
          if (bits.get((int) seq)) {
            if (dup[0]++ == 0) dup[1] = id;
          }
          bits.set((int) seq);
        }
        if (acks.lsnById().containsKey(id) && (found.get(id) != acks.lsnById().get(id))) found.put(id, end);
      }
    });
    long missing = 0;
    long firstMissing = -1;
    long misplaced = 0;
    long firstMisplaced = -1;
    long beforeStart = 0;
    for (Long2LongHashMap.KeyIterator it = acks.lsnById().keySet().iterator(); it.hasNext(); ) {
      long id = it.nextValue();
      long lsn = acks.lsnById().get(id);
      long at = found.get(id);
      if (at == lsn) continue;
      if (lsn <= scan.startLsn()) {
        beforeStart++;
      } else if (at < 0) {
        if (missing++ == 0 || id < firstMissing) firstMissing = id;
      } else if (misplaced++ == 0) {
        firstMisplaced = id;
      }
    }
    return new LogVerification(scan, acks.lines(), missing, firstMissing, misplaced, firstMisplaced, acks.duplicates(),
        dup[0], dup[1], beforeStart);
  }

  /** Whether the log passed: no corruption, no commit id twice, every acknowledged commit where it was acknowledged. */
  public boolean ok() {
    return !scan.corrupt() && missing == 0 && misplaced == 0 && duplicateAcks == 0 && duplicateCommits == 0;
  }

  /** The result row of {@code wal-verify}. */
  public ResultRow row(Path dir) {
    return new ResultRow()
        .put("dir", dir.toString())
        .put("records", scan.records())
        .put("commits", scan.commits())
        .put("pageChanges", scan.pageChanges())
        .put("fullPageImages", scan.fullPageImages())
        .put("startLsn", scan.startLsn())
        .put("endLsn", scan.endLsn())
        .put("end", scan.where())
        .put("stop", scan.stop())
        .put("tornTailBytes", scan.tornTail() ? scan.tornTailBytes() : 0)
        .put("tornTailRecords", scan.tornTail() ? scan.tornTailRecords() : 0)
        .put("corruptAt", scan.corrupt() ? scan.where() : null)
        .put("evidence", scan.evidence())
        .put("acks", acks)
        .put("missingAcks", missing)
        .put("misplacedAcks", misplaced)
        .put("duplicateAcks", duplicateAcks)
        .put("duplicateCommits", duplicateCommits)
        .put("acksBeforeStart", beforeStart)
        .put("ok", ok());
  }

  /** One line saying why verification failed (call only when {@link #ok()} is false). */
  public String failure(Path dir) {
    if (scan.corrupt()) return dir + ": " + scan.corruption();
    if (missing > 0) return missing + " of " + acks + " acknowledged commits missing from " + dir + " (first missing id " + firstMissing + ")";
    if (misplaced > 0) {
      return misplaced + " of " + acks + " acknowledged commits found at another LSN than acknowledged in " + dir + " (first id " + firstMisplaced + ")";
    }
    if (duplicateAcks > 0) return duplicateAcks + " ack lines repeat an acknowledged id (a reused commit id)";
    return duplicateCommits + " commit records of " + dir + " repeat an earlier record's id (first id " + firstDuplicateCommit + ")";
  }
}
