package dev.bufmgr.wal.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Hand-worked sequences on a device with F0 = 1 ms per flush, page writes of 100 us (write=100us,
 * no per-byte time), 8 KiB pages. Times in microseconds in the comments.
 */
class SimPageCacheTest {
  private static final long US = 1_000;
  private static final long MS = 1_000_000;
  private static final int PAGE = 8192;

  private static SimDevice device() {
    return new SimDevice(DeviceModels.parse("fixed:f0=1ms,write=100us"), 1);
  }

  /** copy 2 us, background 1 GB, expire 30 s, writeback every 5 s, no flush-after, reads 200 us, no prewarm, one page a request. */
  private static PageCacheSettings settings(long background, long expire, long checkpointFlushAfter, long sizeBytes) {
    return new PageCacheSettings(sizeBytes, 2 * US, background, expire, 5_000 * MS, checkpointFlushAfter, 0, 0, 200 * US, false, PAGE);
  }

  private static PageCacheSettings plain() {
    return settings(1L << 30, 30_000 * MS, 0, 1L << 30);
  }

  @Test
  void aWriteCostsTheCopyAndLeavesThePageDirtyWithTheDeviceIdle() {
    SimDevice d = device();
    SimPageCache c = new SimPageCache(plain(), PAGE, d, 0);
    // write at t=10 us returns at 10 + 2 = 12 us; one page dirty (8192 B); nothing on the device
    assertEquals(12 * US, c.write(10 * US, 0, 7, WriteSource.BACKEND));
    assertEquals(PAGE, c.cache().dirtyBytes());
    assertEquals(0, d.writes());
    // the flusher's first wake-up is at 5 s
    assertEquals(5_000 * MS, c.nextEventAt());
  }

  @Test
  void theExpiryWritesAPageBackAtTheFirstWakeUpPastItsAge() {
    SimDevice d = device();
    SimPageCache c = new SimPageCache(plain(), PAGE, d, 0);
    c.write(1_000 * MS, 0, 7, WriteSource.BACKEND); // dirtied at 1 s: expires at 31 s
    c.advance(30_000 * MS); // wake-up at 30 s: 29 s old, not yet
    assertEquals(0, d.writes());
    assertEquals(35_000 * MS, c.nextEventAt());
    c.advance(35_000 * MS); // wake-up at 35 s: 34 s old, written back, done at 35 s + 100 us
    assertEquals(1, d.writes());
    assertEquals(0, c.cache().dirtyBytes());
    assertEquals(35_000 * MS + 100 * US, c.nextEventAt());
    c.advance(35_000 * MS + 100 * US);
    assertEquals(1, c.cache().writebackPages());
    assertEquals(100 * US, d.busyNanos(IoKind.PAGE));
  }

  @Test
  void passingTheBackgroundThresholdStartsWritebackOldestFirstOnePageAtATime() {
    SimDevice d = device();
    // background 2 pages: the third dirty page makes 24576 B > 16384 B, so the oldest (page 1) goes
    SimPageCache c = new SimPageCache(settings(2L * PAGE, 30_000 * MS, 0, 1L << 30), PAGE, d, 0);
    c.write(0, 0, 1, WriteSource.BACKEND);
    c.write(1 * US, 0, 2, WriteSource.BACKEND);
    assertEquals(0, d.writes());
    c.write(2 * US, 0, 3, WriteSource.BACKEND);
    assertEquals(1, d.writes()); // page 1 on the device from 2 us to 102 us
    assertEquals(2L * PAGE, c.cache().dirtyBytes());
    assertEquals(102 * US, c.nextEventAt());
    // a log flush submitted at 50 us waits for the page: 102 us + 1 ms
    assertEquals(1_102 * US, d.submit(50 * US, 0));
  }

  @Test
  void fsyncForcesOnlyThatFilesDirtyPagesAndCompletesAfterThemAndTheFlush() {
    SimDevice d = device();
    SimPageCache c = new SimPageCache(plain(), PAGE, d, 0);
    c.write(0, 0, 1, WriteSource.CHECKPOINTER);
    c.write(0, 0, 2, WriteSource.CHECKPOINTER);
    c.write(0, 1, 1, WriteSource.CHECKPOINTER); // another file
    // fsync of file 0 at 1 ms: page 1 from 1.0 to 1.1 ms, page 2 to 1.2 ms, the flush (1 ms) to 2.2 ms
    c.fsync(1 * MS, 0);
    assertEquals(PAGE, c.cache().dirtyBytes()); // file 1's page is still dirty
    assertEquals(1_100 * US, c.nextEventAt());
    c.advance(1_100 * US);
    assertFalse(c.takeSyncDone());
    c.advance(1_200 * US);
    assertEquals(2_200 * US, c.nextEventAt());
    c.advance(2_200 * US);
    assertTrue(c.takeSyncDone());
    assertEquals(3, d.writes());
    assertEquals(2, c.cache().writebackPages());
    assertEquals(PAGE, c.cache().dirtyBytes());
  }

  @Test
  void fsyncOfSeveralFilesDoesEachInTurnItsPagesThenAFlush() {
    SimDevice d = device();
    SimPageCache c = new SimPageCache(plain(), PAGE, d, 0);
    c.write(0, 0, 1, WriteSource.CHECKPOINTER);
    c.write(0, 0, 2, WriteSource.CHECKPOINTER);
    c.write(0, 1, 1, WriteSource.BACKEND);
    assertEquals(java.util.List.of(0, 1), c.cache().takeSyncRequests());
    assertEquals(java.util.List.of(), c.cache().takeSyncRequests(), "taken requests are forgotten");
    // file 0 from 1 ms: pages to 1.1 and 1.2 ms, its flush to 2.2 ms; file 1's page 2, written at 1.5 ms, is
    // forced with page 1 when file 1's turn comes: pages to 2.3 and 2.4 ms, its flush to 3.4 ms
    c.fsync(1 * MS, java.util.List.of(0, 1));
    runUntil(c, 1_500 * US);
    c.write(1_500 * US, 1, 2, WriteSource.BACKEND);
    assertEquals(java.util.List.of(1), c.cache().takeSyncRequests(), "a write during the sync is a request for the next");
    runUntil(c, 3_399 * US);
    assertFalse(c.takeSyncDone());
    runUntil(c, 3_400 * US);
    assertTrue(c.takeSyncDone());
    assertEquals(4, c.cache().writebackPages());
    assertEquals(2 * MS, d.busyNanos(IoKind.DATA_SYNC), "two flushes");
    assertEquals(0, c.cache().dirtyBytes());
  }

  @Test
  void aLogFlushDuringAnFsyncWaitsForOnePageWriteNotAllOfThem() {
    SimDevice d = device();
    SimPageCache c = new SimPageCache(plain(), PAGE, d, 0);
    for (int p = 1; p <= 10; p++) c.write(0, 0, p, WriteSource.BACKEND);
    c.fsync(1 * MS, 0); // page 1 on the device 1.0 .. 1.1 ms
    // a log flush at 1.05 ms starts when page 1 ends: 1.1 + 1 = 2.1 ms (not after all ten pages and the flush)
    assertEquals(2_100 * US, d.submit(1_050 * US, 0));
    c.advance(1_100 * US); // page 2 queues behind the log flush: 2.1 .. 2.2 ms
    assertEquals(2_200 * US, c.nextEventAt());
  }

  @Test
  void theKernelAgesAFileNotAPage() {
    SimDevice d = device();
    SimPageCache c = new SimPageCache(plain(), PAGE, d, 0);
    c.write(1_000 * MS, 0, 1, WriteSource.BACKEND); // file 0 dirty since 1 s
    c.write(29_000 * MS, 0, 2, WriteSource.BACKEND); // page 2 only 6 s old at 35 s, but its file is 34 s old
    c.write(20_000 * MS, 1, 1, WriteSource.BACKEND); // file 1 dirty since 20 s: 15 s old at 35 s
    c.advance(35_000 * MS);
    assertEquals(PAGE, c.cache().dirtyBytes()); // only file 1's page is left dirty
    c.advance(35_000 * MS + 100 * US);
    c.advance(35_000 * MS + 200 * US);
    assertEquals(2, c.cache().writebackPages());
    // file 0 became clean when its pages were queued: a write at 36 s starts its age again (expires at 66 s)
    c.write(36_000 * MS, 0, 3, WriteSource.BACKEND);
    c.advance(60_000 * MS);
    assertEquals(PAGE, c.cache().dirtyBytes()); // file 1 (40 s old at 60 s) went; file 0 (24 s old) waits
  }

  @Test
  void aFileDirtiedDuringItsWritebackIsAgedFromThatWriteback() {
    SimDevice d = device();
    SimPageCache c = new SimPageCache(plain(), PAGE, d, 0);
    c.write(1_000 * MS, 0, 1, WriteSource.BACKEND); // file 0 dirty since 1 s
    c.advance(35_000 * MS); // expired: page 1 on the device 35 s .. 35 s + 100 us; the file's age restarts at 35 s
    c.write(35_000 * MS + 50 * US, 0, 2, WriteSource.BACKEND); // dirtied during the writeback
    c.advance(35_000 * MS + 100 * US);
    assertEquals(PAGE, c.cache().dirtyBytes());
    c.advance(40_000 * MS); // 5 s old at 40 s: stays
    c.advance(60_000 * MS); // 25 s old at 60 s: stays
    assertEquals(PAGE, c.cache().dirtyBytes());
    c.advance(65_000 * MS); // 30 s old at 65 s: written back
    assertEquals(0, c.cache().dirtyBytes());
  }

  @Test
  void aFileWrittenWithoutPauseIsWrittenBackOnceAnExpiryAge() {
    // page s written at s seconds, s = 0..59. File 0 first dirtied at 0 s expires at the wake-up at 30 s, which
    // takes pages 0..29 and restarts its age; the wake-ups at 35 .. 55 s leave pages 30..59 alone (under the
    // per-wake-up rule they would take them 5 s at a time, leaving 55..59), the one at 60 s takes them.
    SimDevice d = device();
    SimPageCache c = new SimPageCache(plain(), PAGE, d, 0);
    for (int s = 0; s < 60; s++) {
      runUntil(c, s * 1_000 * MS);
      c.write(s * 1_000 * MS, 0, s, WriteSource.BACKEND);
    }
    runUntil(c, 59_500 * MS);
    assertEquals(30, c.cache().writebackPages());
    assertEquals(30L * PAGE, c.cache().dirtyBytes());
    runUntil(c, 61_000 * MS);
    assertEquals(60, c.cache().writebackPages());
    assertEquals(0, c.cache().dirtyBytes());
  }

  private static void runUntil(SimPageCache c, long until) {
    while (c.nextEventAt() <= until) c.advance(c.nextEventAt());
  }

  @Test
  void checkpointFlushAfterStartsWritebackOfItsPagesAfterThatManyBytes() {
    SimDevice d = device();
    // checkpoint_flush_after = 3 pages (24 kB): the third checkpoint write starts writeback of all three
    SimPageCache c = new SimPageCache(settings(1L << 30, 30_000 * MS, 3L * PAGE, 1L << 30), PAGE, d, 0);
    c.write(0, 0, 1, WriteSource.CHECKPOINTER);
    c.write(0, 0, 9, WriteSource.BACKEND); // a backend's write does not count (backend_flush_after 0)
    c.write(0, 0, 2, WriteSource.CHECKPOINTER);
    assertEquals(0, d.writes());
    c.write(10 * US, 0, 3, WriteSource.CHECKPOINTER);
    // one at a time: page 1 from 10 to 110 us
    assertEquals(1, d.writes());
    c.advance(110 * US); // page 2 from 110 to 210
    c.advance(210 * US); // page 3 from 210 to 310
    c.advance(310 * US);
    assertEquals(3, c.cache().writebackPages());
    assertEquals(PAGE, c.cache().dirtyBytes()); // page 9 only
  }

  @Test
  void aRequestCarriesUpToTheBatchAndALogFlushWaitsBehindAllOfIt() {
    SimDevice d = device();
    PageCacheSettings s = new PageCacheSettings(1L << 30, 2 * US, 1L << 30, 30_000 * MS, 5_000 * MS, 3L * PAGE, 0, 0,
        200 * US, false, 2L * PAGE);
    SimPageCache c = new SimPageCache(s, PAGE, d, 0);
    c.write(0, 0, 1, WriteSource.CHECKPOINTER);
    c.write(0, 0, 2, WriteSource.CHECKPOINTER);
    c.write(10 * US, 0, 3, WriteSource.CHECKPOINTER); // pages 1 and 2 in one request: 10 .. 110 .. 210 us
    assertEquals(2, d.writes());
    assertEquals(1_210 * US, d.submit(50 * US, 0)); // the log flush starts after both: 210 + 1000
    c.advance(210 * US); // page 3 behind the flush: 1210 .. 1310
    assertEquals(1_310 * US, c.nextEventAt());
  }

  @Test
  void aReadMissCostsADeviceReadAndAHitTheCopy() {
    SimDevice d = device();
    SimPageCache c = new SimPageCache(plain(), PAGE, d, 0);
    // a miss at 1 ms: a 200 us read on the device
    assertEquals(1_200 * US, c.read(1 * MS, 0, 5));
    assertEquals(200 * US, d.busyNanos(IoKind.READ));
    // now cached: the copy, 2 us
    assertEquals(2 * MS + 2 * US, c.read(2 * MS, 0, 5));
    // a written page is cached too
    c.write(3 * MS, 0, 6, WriteSource.BACKEND);
    assertEquals(4 * MS + 2 * US, c.read(4 * MS, 0, 6));
    assertEquals(1, c.cache().misses());
  }

  @Test
  void aFullCachePushesOutTheLeastRecentlyUsedCleanPage() {
    SimDevice d = device();
    SimPageCache c = new SimPageCache(settings(1L << 30, 30_000 * MS, 0, 2L * PAGE), PAGE, d, 0);
    c.read(0, 0, 1); // miss
    c.write(0, 0, 2, WriteSource.BACKEND); // dirty, cached: full
    c.read(0, 0, 3); // miss: pushes out page 1 (page 2 is dirty)
    assertFalse(c.cache().read(0, 0, 1)); // page 1 was gone (a miss again, pushing out page 3)
    assertTrue(c.cache().read(0, 0, 2));
    assertEquals(3, c.cache().misses());
  }

  @Test
  void prewarmHitsWhileThereIsRoom() {
    PageCacheSettings s = new PageCacheSettings(2L * PAGE, 2 * US, 1L << 30, 30_000 * MS, 5_000 * MS, 0, 0, 0, 200 * US, true, PAGE);
    SimPageCache c = new SimPageCache(s, PAGE, device(), 0);
    assertEquals(2 * US, c.read(0, 0, 1));
    assertEquals(2 * US, c.read(0, 0, 2));
    assertEquals(200 * US, c.read(0, 0, 3)); // full: a miss
  }

  @Test
  void aPageWrittenAgainDuringItsWritebackStaysDirty() {
    SimDevice d = device();
    SimPageCache c = new SimPageCache(settings(1L << 30, 30_000 * MS, 1L * PAGE, 1L << 30), PAGE, d, 0);
    c.write(0, 0, 1, WriteSource.CHECKPOINTER); // flush-after of one page: on the device 0..100 us
    c.write(50 * US, 0, 1, WriteSource.BACKEND);
    c.advance(100 * US);
    assertEquals(PAGE, c.cache().dirtyBytes());
  }

  @Test
  void parsesOffAndTheDefaults() {
    assertNull(PageCacheSettings.parse("0"));
    assertNull(PageCacheSettings.parse("off"));
    assertEquals(PageCacheSettings.DEFAULTS, PageCacheSettings.parse("on"));
    PageCacheSettings s = PageCacheSettings.parse("size=64MB,background=4MB,expire=3s,checkpointFlushAfter=0");
    assertEquals(64L << 20, s.sizeBytes());
    assertEquals(4L << 20, s.backgroundBytes());
    assertEquals(3_000 * MS, s.expireNanos());
    assertEquals(0, s.checkpointFlushAfter());
    assertEquals(512 << 10, s.bgwriterFlushAfter());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PageCacheSettings.parse("size=lots"));
    assertTrue(e.getMessage().startsWith("--page-cache size"), e.getMessage());
  }
}
