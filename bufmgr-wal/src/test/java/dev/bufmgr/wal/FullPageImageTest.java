package dev.bufmgr.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** seeds/001: the first change after a checkpoint logs the whole page; the next one does not. */
class FullPageImageTest {
  @Test
  void firstChangeAfterACheckpointLogsAFullPageImage() {
    WalLog log = new WalLog(LogFormat.FIRST_LSN, 1 << 20);
    long before = log.checkpoint();
    long start = log.insertLsn();
    long pageLsn = log.insertPageChange(7, 0, 72, 8192);
    long first = log.insertLsn() - start;
    start = log.insertLsn();
    pageLsn = log.insertPageChange(7, pageLsn, 72, 8192);
    long second = log.insertLsn() - start;
    assertEquals(72 + 8192, first);
    assertEquals(72, second);
    log.checkpoint();
    start = log.insertLsn();
    log.insertPageChange(7, pageLsn, 72, 8192);
    assertEquals(first, log.insertLsn() - start, "after the next checkpoint the page's LSN is behind the redo point again");
    assertTrue(before < pageLsn);
    assertEquals(new WalStats(5, 2, LogFormat.CHECKPOINT_LENGTH * 2 + 3 * 72 + 2 * 8192, 2 * 8192), log.stats());
  }
}
