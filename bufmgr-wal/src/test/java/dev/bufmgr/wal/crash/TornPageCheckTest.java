package dev.bufmgr.wal.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.bufmgr.wal.LogFormat;
import dev.bufmgr.wal.VirtualWal;
import org.junit.jupiter.api.Test;

/**
 * Torn page writes on histories built by hand, where what redo can and cannot repair follows from
 * the log alone: a torn page is repaired only by a record that rebuilds the whole page (an image or
 * an initializing record) after the redo point, since a plain record carries only the bytes it
 * changes.
 */
class TornPageCheckTest {
  private static final int PAGE = 8192;
  /** Torn states of one write: every subset of 2 blocks of 4 KiB and of 16 sectors, neither all old nor all new. */
  private static final long SUBSETS = (4 - 2) + (65536 - 2);
  /** Prefixes: 1 of 2 blocks, 1..15 of 16 sectors. */
  private static final long PREFIXES = 1 + 15;

  /**
   * Page 7 is written at its first change, a checkpoint completes (the data file forced at t=55,
   * covering that write), the page is changed again (with an image when {@code fpw}) and that
   * change made durable, and the page's write is in flight from t=100 to t=200, never forced.
   */
  private static DataFileHistory history(VirtualWal wal, boolean fpw) {
    DataFileHistory h = new DataFileHistory(LogFormat.FIRST_LSN);
    long v1 = wal.insertPageChange(7, 0, 100, 0);
    h.logDurable(10, v1);
    h.pageWrite(7, v1, 20, 30, false);
    long redo = wal.checkpoint();
    h.checkpointStarted(40, redo);
    h.logDurable(50, wal.insertLsn());
    h.dataSynced(55, 58);
    h.checkpointCompleted(60, redo);
    long v2 = wal.insertPageChange(7, v1, 100, fpw ? PAGE : 0);
    h.logDurable(70, v2);
    h.pageWrite(7, v2, 100, 200, false);
    return h;
  }

  @Test
  void withFullPageWritesOffEveryTearOfAChangedPageIsUnrecoverable() {
    for (Tears tears : Tears.values()) {
      VirtualWal wal = VirtualWal.recording(LogFormat.FIRST_LSN);
      TornPageCheck.Result r = TornPageCheck.run(history(wal, false), wal, PAGE, tears, Exposure.IN_FLIGHT, new long[] {150});
      long expected = tears == Tears.SUBSETS ? SUBSETS : PREFIXES;
      assertEquals(1, r.exposed());
      assertEquals(expected, r.torn(), tears.name());
      assertEquals(expected, r.unrecoverable(), "no record after the redo point rebuilds page 7: " + r.firstUnrecoverable());
      assertEquals(0, r.repaired());
      assertEquals(0, r.lost(), "the write lost or done whole is repaired: " + r.firstLost());
      assertEquals(expected + 2, r.states());
    }
  }

  @Test
  void withFullPageWritesOnTheImageRepairsEveryTear() {
    VirtualWal wal = VirtualWal.recording(LogFormat.FIRST_LSN);
    TornPageCheck.Result r = TornPageCheck.run(history(wal, true), wal, PAGE, Tears.SUBSETS, Exposure.IN_FLIGHT, new long[] {150});
    assertEquals(SUBSETS, r.torn());
    assertEquals(SUBSETS, r.repaired());
    assertEquals(0, r.unrecoverable());
    assertNull(r.firstUnrecoverable());
    assertEquals(0, r.lost());
  }

  @Test
  void noWriteInFlightNoTear() {
    VirtualWal wal = VirtualWal.recording(LogFormat.FIRST_LSN);
    TornPageCheck.Result r = TornPageCheck.run(history(wal, false), wal, PAGE, Tears.SUBSETS, Exposure.IN_FLIGHT, new long[] {35, 90, 250});
    assertEquals(3, r.crashPoints());
    assertEquals(0, r.exposed());
    assertEquals(0, r.states());
    assertEquals(0, r.torn());
    assertEquals(0, r.unrecoverable());
  }

  @Test
  void aTornWriteOfAPageItsLastRecordInitializesIsRepairedWithoutImages() {
    VirtualWal wal = VirtualWal.recording(LogFormat.FIRST_LSN);
    DataFileHistory h = new DataFileHistory(LogFormat.FIRST_LSN);
    long v1 = wal.insertPageChange(3, 0, 100, 0);
    long v2 = wal.insertPageChange(3, v1, 100, 0, true);
    h.logDurable(10, v2);
    h.pageWrite(3, v1, 5, 6, false);
    h.pageWrite(3, v2, 20, 30, false);
    TornPageCheck.Result r = TornPageCheck.run(h, wal, PAGE, Tears.PREFIX, Exposure.IN_FLIGHT, new long[] {25});
    assertEquals(PREFIXES, r.repaired());
    assertEquals(0, r.unrecoverable());
  }

  /**
   * Through the page cache a write the device finished is not yet safe: until the force that
   * covers it, a power loss may lose or tear it. At t=90 the first write is forced; at t=250 the
   * second is finished but not forced, so every tear of it is unrecoverable with full-page writes
   * off, as in flight.
   */
  @Test
  void aFinishedWriteIsExposedUntilTheDataFileIsForced() {
    VirtualWal wal = VirtualWal.recording(LogFormat.FIRST_LSN);
    DataFileHistory h = history(wal, false);
    TornPageCheck.Result before = TornPageCheck.run(h, wal, PAGE, Tears.SUBSETS, Exposure.UNFORCED, new long[] {35, 90});
    assertEquals(1, before.exposed(), "at t=35 the first write is not forced yet, at t=90 it is");
    assertEquals(0, before.lost());
    TornPageCheck.Result after = TornPageCheck.run(h, wal, PAGE, Tears.SUBSETS, Exposure.UNFORCED, new long[] {250});
    assertEquals(1, after.exposed());
    assertEquals(SUBSETS, after.unrecoverable());
    assertEquals(0, after.lost(), after.firstLost());
    h.dataSynced(210, 220);
    assertEquals(0, TornPageCheck.run(h, wal, PAGE, Tears.SUBSETS, Exposure.UNFORCED, new long[] {250}).exposed());
  }

  @Test
  void crashInstantsLieInsideWritesInTimeOrder() {
    VirtualWal wal = VirtualWal.recording(LogFormat.FIRST_LSN);
    DataFileHistory h = history(wal, false);
    long[] all = h.crashInstants(10, 1);
    assertEquals(2, all.length);
    assertEquals(25, all[0]);
    assertEquals(150, all[1]);
    assertEquals(1, h.crashInstants(1, 1).length);
  }
}
