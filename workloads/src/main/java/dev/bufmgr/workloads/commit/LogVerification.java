package dev.bufmgr.workloads.commit;

import dev.bufmgr.core.wal.DurableLog;
import dev.bufmgr.core.wal.LogScan;
import dev.bufmgr.core.wal.LogScanner;
import dev.bufmgr.workloads.report.ResultRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What {@code wal-verify} checks: a log directory's records and checksums, its torn tail (if
 * any), corruption in the middle, and, given an ack log, that every acknowledged commit is in the
 * log.
 *
 * @param scan what the log scan found
 * @param acks acknowledged commits read from the ack log (0 without one)
 * @param missing acknowledged commits not found in the log
 * @param firstMissing the smallest missing id, or -1
 */
public record LogVerification(LogScan scan, long acks, long missing, long firstMissing) {

  /**
   * Verifies a log directory, optionally against an ack log.
   *
   * @throws IllegalArgumentException when {@code dir} is not a log directory or the ack log is
   *     malformed
   */
  public static LogVerification of(Path dir, Path ackLog) throws IOException {
    if (!Files.isDirectory(dir)) throw new IllegalArgumentException(dir + ": no such log directory");
    Path file = DurableLog.file(dir);
    if (!Files.exists(file)) {
      throw new IllegalArgumentException(dir + " is not a bufmgr log directory (no " + DurableLog.FILE_NAME + ")");
    }
    LogScan scan = LogScanner.scan(file);
    long acks = 0;
    long missing = 0;
    long first = -1;
    if (ackLog != null) {
      long[] ids = AckLog.read(ackLog);
      acks = ids.length;
      for (long id : ids) {
        if (!scan.containsCommit(id)) {
          if (missing == 0) first = id;
          missing++;
        }
      }
    }
    return new LogVerification(scan, acks, missing, first);
  }

  /** Whether the log passed: no corruption in the middle, no acknowledged commit missing. */
  public boolean ok() {
    return scan.corruptOffset() < 0 && missing == 0;
  }

  /** The result row of {@code wal-verify}. */
  public ResultRow row(Path dir) {
    return new ResultRow()
        .put("dir", dir.toString())
        .put("records", scan.records())
        .put("commits", scan.commits())
        .put("pageChanges", scan.pageChanges())
        .put("fullPageImages", scan.fullPageImages())
        .put("fileBytes", scan.fileSize())
        .put("validEnd", scan.validEnd())
        .put("tornTailOffset", scan.tornTailOffset() < 0 ? null : scan.tornTailOffset())
        .put("tornTailBytes", scan.tornTailBytes())
        .put("corruptOffset", scan.corruptOffset() < 0 ? null : scan.corruptOffset())
        .put("problem", scan.problem())
        .put("acks", acks)
        .put("missingAcks", missing)
        .put("ok", ok());
  }

  /** One line saying why verification failed (call only when {@link #ok()} is false). */
  public String failure(Path dir) {
    if (scan.corruptOffset() >= 0) {
      return DurableLog.file(dir) + ": corrupt record at offset " + scan.corruptOffset() + " (" + scan.problem()
          + "), with valid records after it";
    }
    return missing + " of " + acks + " acknowledged commits missing from " + DurableLog.file(dir)
        + " (first missing id " + firstMissing + ")";
  }
}
