package dev.bufmgr.wal.store;

import dev.bufmgr.wal.device.FileDevice;
import dev.bufmgr.wal.WalLog;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Writes small logs for the tests of this package. */
final class TestLogs {
  static final int SEGMENT = LogLayout.MIN_SEGMENT;

  private TestLogs() {}

  /** A commit written by {@link #commits}: id, its record's start and end LSN. */
  record Written(long id, long lsn, long end) {}

  /**
   * Opens {@code storage} (creating it when empty), writes {@code n} commits of {@code bytes}
   * bytes each, {@code perFlush} to a flush, closes it, and returns the commits.
   */
  static List<Written> commits(LogStorage storage, int n, int bytes, int perFlush) throws IOException {
    DurableLog.Opened o = DurableLog.open(storage, true, SEGMENT, () -> {});
    List<Written> out = new ArrayList<>();
    try (FileDevice dev = new FileDevice(o.writer(), null, 8192, "test")) {
      WalLog log = new WalLog(o.endLsn(), 1 << 20, o.writer().identity());
      long id = o.writer().firstCommitId();
      for (int i = 0; i < n; i++) {
        long start = log.insertLsn();
        long end = log.insertCommit(id, bytes);
        out.add(new Written(id++, start, end));
        if ((i + 1) % perFlush == 0 || i == n - 1) log.flushTo(log.insertLsn(), dev);
      }
    }
    return out;
  }

  /** The commits a scan of {@code storage} finds, in log order. */
  static List<Written> scanned(LogStorage storage) throws IOException {
    List<Written> found = new ArrayList<>();
    DurableLog.inspect(storage, new RecordVisitor() {
      @Override
      public void commit(long id, long lsn, long end) {
        found.add(new Written(id, lsn, end));
      }
    });
    return found;
  }

  /** Where in its segment file the log byte at {@code lsn} is: {segment name, offset}. */
  static Object[] place(long lsn) {
    LogLayout layout = new LogLayout(SEGMENT);
    long gp = LogLayout.pageOf(lsn);
    return new Object[] {LogLayout.segmentName(layout.segmentOfPage(gp)),
        layout.offsetOfPage(gp) + PageHeader.BYTES + (lsn - LogLayout.pageAddress(gp))};
  }
}
