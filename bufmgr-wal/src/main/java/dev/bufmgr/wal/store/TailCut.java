package dev.bufmgr.wal.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Cuts a torn tail found by a {@link LogScanner}: the page holding the log's end keeps its valid
 * prefix and gets zeros after it, every other page of the torn flush becomes zeros, and the
 * segments are forced. Any prefix of these writes reaching the disk leaves a log that scans to
 * the same end (zeros and torn pages alike end it, and none is evidence), so a crash during the
 * cut is harmless.
 */
final class TailCut {
  private TailCut() {}

  static void apply(LogStorage storage, LogLayout layout, LogScan scan) throws IOException {
    long endPage = LogLayout.pageOf(scan.endLsn());
    int keep = (int) (scan.endLsn() - LogLayout.pageAddress(endPage));
    Map<Long, LogFile> files = new LinkedHashMap<>();
    try {
      for (long gp : scan.tornPages()) {
        long segment = layout.segmentOfPage(gp);
        LogFile f = files.get(segment);
        if (f == null) {
          f = storage.open(LogLayout.segmentName(segment), true);
          files.put(segment, f);
        }
        ByteBuffer page = ByteBuffer.allocate(LogLayout.PAGE_BYTES);
        if (gp == endPage && keep > 0) {
          f.read(page, layout.offsetOfPage(gp));
          for (int k = PageHeader.BYTES + keep; k < LogLayout.PAGE_BYTES; k++) page.put(k, (byte) 0);
        }
        f.write(page.clear(), layout.offsetOfPage(gp));
      }
      for (LogFile f : files.values()) f.force();
    } finally {
      for (LogFile f : files.values()) f.close();
    }
  }
}
