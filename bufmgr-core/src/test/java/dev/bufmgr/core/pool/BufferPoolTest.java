package dev.bufmgr.core.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.Sharing;
import dev.bufmgr.core.buffer.AccessStrategy;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.metrics.PoolMetrics;
import dev.bufmgr.core.testing.SecondChanceFactory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pool's mechanism with a test selector: free buffers, metrics, page memory, rings, write-ahead. */
class BufferPoolTest {
  private static final SelectorRegistry REGISTRY = SecondChanceFactory.registry();

  private static BufferPool pool(PoolConfig.Builder b) {
    return new BufferPool(b.selector("second-chance").build(), REGISTRY);
  }

  @Test
  void freeBuffersAreUsedLowestFirstBeforeAnyVictimSearch() {
    try (BufferPool p = pool(PoolConfig.builder().frames(4)); PoolSession s = p.openSession()) {
      for (long page = 10; page < 14; page++) {
        assertEquals((int) (page - 10), s.pin(page, AccessStrategy.NORMAL, 0));
        assertFalse(s.wasHit());
        s.unpin((int) (page - 10));
      }
      assertEquals(0, p.metrics().victimSearches());
      s.access(99, AccessStrategy.NORMAL, 0, false);
      assertEquals(1, p.metrics().victimSearches());
      assertEquals(1, p.metrics().evictions());
    }
  }

  @Test
  void aRunOfReadsRefusesARangeOutsideItsArrayAndServesNothing() {
    for (Sharing sharing : Sharing.values()) {
      try (BufferPool p = pool(PoolConfig.builder().frames(4).sharing(sharing)); PoolSession s = p.openSession()) {
        long[] pages = {1, 2, 1, 3};
        assertThrows(IndexOutOfBoundsException.class, () -> s.readAll(pages, 2, 5));
        assertThrows(IndexOutOfBoundsException.class, () -> s.readAll(pages, 3, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> s.readAll(pages, -1, 2));
        assertEquals(0, p.metrics().hits() + p.metrics().misses(), sharing.toString());
        s.readAll(pages, 0, 4);
        assertEquals(1, p.metrics().hits(), sharing.toString());
        assertEquals(3, p.metrics().misses(), sharing.toString());
        assertFalse(s.wasHit());
        s.readAll(pages, 1, 1);
        assertFalse(s.wasHit(), "an empty run leaves the last outcome as it was");
        s.readAll(pages, 0, 1);
        assertTrue(s.wasHit());
      }
    }
  }

  @Test
  void aRunOfReadsNotesItsMissesInOrderAsSingleAccessesMissThem() {
    long[] pages = {4, 5, 6, 5, 7, 8, 6, 9, 5, 7, 7, 10, 5};
    for (Sharing sharing : Sharing.values()) {
      for (int from : new int[] {0, 2}) {
        List<Long> expected = new ArrayList<>();
        try (BufferPool p = pool(PoolConfig.builder().frames(3).sharing(sharing)); PoolSession s = p.openSession()) {
          for (int i = from; i < pages.length; i++) if (!s.access(pages[i], AccessStrategy.NORMAL, 0, false)) expected.add(pages[i]);
        }
        try (BufferPool p = pool(PoolConfig.builder().frames(3).sharing(sharing)); PoolSession s = p.openSession()) {
          long[] missed = new long[pages.length - from];
          int n = s.readAll(pages, from, pages.length, missed);
          List<Long> got = new ArrayList<>();
          for (int i = 0; i < n; i++) got.add(missed[i]);
          assertEquals(expected, got, sharing + " from " + from);
          assertEquals(n, p.metrics().misses());
          assertThrows(IndexOutOfBoundsException.class, () -> s.readAll(pages, 0, pages.length, new long[3]));
          assertEquals(0, s.readAll(pages, 0, 4, null), "without a list, no count");
        }
      }
    }
  }

  @Test
  void aRunOfReadsOnAPoolLargeEnoughToReadRecordsAheadServesThemAsSingleAccessesDo() {
    int frames = PoolSession.READS_TOUCH_RECORDS_FROM_FRAMES;
    long emptyHomeLookalike = pageWithFingerprint(-1);
    assertEquals(-1, MappingTable.fingerprint(MappingTable.hash(emptyHomeLookalike)), "a page whose fingerprint is an empty slot's");
    java.util.SplittableRandom random = new java.util.SplittableRandom(7);
    long[] pages = new long[3 * frames];
    pages[0] = emptyHomeLookalike;
    for (int i = 1; i < pages.length; i++) {
      pages[i] = random.nextInt(4) == 0 ? random.nextInt(frames / 4) : random.nextInt(3 * frames);
    }
    try (BufferPool single = pool(PoolConfig.builder().frames(frames).sharing(Sharing.EXCLUSIVE));
        BufferPool runs = pool(PoolConfig.builder().frames(frames).sharing(Sharing.EXCLUSIVE));
        PoolSession a = single.openSession();
        PoolSession b = runs.openSession()) {
      long[] missed = new long[pages.length];
      List<Long> expected = new ArrayList<>();
      List<Long> got = new ArrayList<>();
      int from = 0;
      while (from < pages.length) {
        int to = Math.min(pages.length, from + 1 + random.nextInt(5_000));
        for (int i = from; i < to; i++) if (!a.access(pages[i], AccessStrategy.NORMAL, 0, false)) expected.add(pages[i]);
        int n = b.readAll(pages, from, to, missed);
        for (int i = 0; i < n; i++) got.add(missed[i]);
        from = to;
      }
      assertTrue(single.metrics().evictions() > frames / 4, "the trace must evict: " + single.metrics().evictions());
      assertTrue(single.metrics().hits() > frames / 4, "and hit: " + single.metrics().hits());
      assertEquals(expected, got, "the pages that missed, in order");
      assertEquals(single.metrics().hits(), runs.metrics().hits());
      assertEquals(single.metrics().evictions(), runs.metrics().evictions());
      for (long page = 0; page < 3L * frames; page += 97) assertEquals(single.bufferOf(page), runs.bufferOf(page), "page " + page);
      assertEquals(single.bufferOf(emptyHomeLookalike), runs.bufferOf(emptyHomeLookalike));
    }
  }

  /** A page whose mapping hash has the given low 32 bits: the hash's finalizer run backwards. */
  private static long pageWithFingerprint(int fingerprint) {
    long z = 0x5DEECE66DL << 32 | (fingerprint & 0xFFFFFFFFL);
    z = unshiftXor(z, 31);
    z *= inverse(0x94d049bb133111ebL);
    z = unshiftXor(z, 27);
    z *= inverse(0xbf58476d1ce4e5b9L);
    return unshiftXor(z, 30);
  }

  /** The x for which {@code x ^ (x >>> shift)} is {@code y}. */
  private static long unshiftXor(long y, int shift) {
    long x = y;
    for (int i = 0; i < 64 / shift + 1; i++) x = y ^ (x >>> shift);
    return x;
  }

  /** The multiplicative inverse of an odd {@code c} modulo 2^64 (Newton's iteration). */
  private static long inverse(long c) {
    long x = c;
    for (int i = 0; i < 6; i++) x *= 2 - c * x;
    return x;
  }

  @Test
  void countsHitsAndMissesPerPageClass() {
    try (BufferPool p = pool(PoolConfig.builder().frames(8).pageClasses(3)); PoolSession s = p.openSession()) {
      s.access(1, AccessStrategy.NORMAL, 0, false);
      s.access(1, AccessStrategy.NORMAL, 0, false);
      s.access(2, AccessStrategy.NORMAL, 2, false);
      s.access(2, AccessStrategy.NORMAL, 2, false);
      s.access(2, AccessStrategy.NORMAL, 2, false);
      PoolMetrics m = p.metrics();
      assertEquals(3, m.hits());
      assertEquals(2, m.misses());
      assertEquals(1, m.hits(0));
      assertEquals(2, m.hits(2));
      assertEquals(1, m.misses(2));
      assertEquals(0, m.hits(1) + m.misses(1));
      assertEquals(0.6, m.hitRatio(), 1e-12);
      assertThrows(IllegalArgumentException.class, () -> s.access(3, AccessStrategy.NORMAL, 3, false));
    }
  }

  @Test
  void pageMemoryHoldsEachPagesBytesAndMetadataModeNone() {
    try (BufferPool p = pool(PoolConfig.builder().frames(4).storage(StorageMode.PAGE_MEMORY).pageSize(4096));
        PoolSession s = p.openSession()) {
      int b = s.pin(77, AccessStrategy.NORMAL, 0);
      MemorySegment frame = s.page(b);
      assertEquals(4096, frame.byteSize());
      assertEquals(77, frame.get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
      frame.set(ValueLayout.JAVA_INT_UNALIGNED, 100, 12345);
      s.unpin(b);
      assertEquals(12345, p.frame(b).get(ValueLayout.JAVA_INT_UNALIGNED, 100));
      assertEquals(4L * 4096, p.footprint().pageBytes());
    }
    try (BufferPool p = pool(PoolConfig.builder().frames(4)); PoolSession s = p.openSession()) {
      assertNull(s.page(s.pin(1, AccessStrategy.NORMAL, 0)));
      assertEquals(0, p.footprint().pageBytes());
    }
  }

  @Test
  void aBulkReadRingRejectsADirtyBufferWhoseWriteNeedsAWalFlush() {
    List<Long> written = new ArrayList<>();
    long[] flushedLsn = {0};
    WriteBackHook wal =
        new WriteBackHook() {
          @Override
          public boolean needsWalFlush(long pageLsn) {
            return pageLsn > flushedLsn[0];
          }

          @Override
          public void writeBack(int buffer, long page, long pageLsn, MemorySegment frame) {
            flushedLsn[0] = Math.max(flushedLsn[0], pageLsn);
            written.add(page);
          }
        };
    // 64 frames: the BULKREAD ring has 8 slots. The scan dirties each page with a new LSN, so when
    // the ring comes round every slot's buffer needs a WAL flush and is rejected.
    try (BufferPool p = pool(PoolConfig.builder().frames(64).writeBack(wal)); PoolSession s = p.openSession()) {
      for (long page = 0; page < 64; page++) s.access(page, AccessStrategy.NORMAL, 0, false);
      long lsn = 1;
      for (long page = 1000; page < 1016; page++) {
        int b = s.pin(page, AccessStrategy.BULKREAD, 0);
        s.markDirty(b, lsn++);
        s.unpin(b);
      }
      assertEquals(8, p.metrics().ringRejections(), "the second lap finds all 8 ring buffers dirty");
      assertEquals(0, p.metrics().ringReuses());
      assertTrue(written.isEmpty(), "a rejected buffer is not written by the ring");
    }
  }

  @Test
  void aNormalRingReusesItsColdBuffers() {
    try (BufferPool p = pool(PoolConfig.builder().frames(64)); PoolSession s = p.openSession()) {
      for (long page = 0; page < 64; page++) s.access(page, AccessStrategy.NORMAL, 0, false);
      for (long page = 1000; page < 1100; page++) s.access(page, AccessStrategy.BULKREAD, 0, false);
      assertEquals(100 - 8, p.metrics().ringReuses(), "after the first lap every miss reuses a ring slot");
      int lost = 0;
      for (long page = 0; page < 64; page++) if (p.bufferOf(page) < 0) lost++;
      assertEquals(8, lost, "the scan displaced only the ring's 8 buffers");
    }
  }

  @Test
  void withRingsOffBulkReadsTakeVictimsFromTheSelector() {
    try (BufferPool p = pool(PoolConfig.builder().frames(64).rings(false)); PoolSession s = p.openSession()) {
      for (long page = 0; page < 64; page++) s.access(page, AccessStrategy.NORMAL, 0, false);
      for (long page = 1000; page < 1100; page++) s.access(page, AccessStrategy.BULKREAD, 0, false);
      assertEquals(0, p.metrics().ringReuses());
      assertEquals(0, s.ringBuffers(AccessStrategy.BULKREAD).length);
      for (long page = 0; page < 64; page++) assertTrue(p.bufferOf(page) < 0, "the scan flushed the pool");
    }
  }

  @Test
  void metadataCostsLessThan64BytesPerBufferAtAMillionBuffers() {
    try (BufferPool p = pool(PoolConfig.builder().frames(1 << 20)); PoolSession s = p.openSession()) {
      for (long page = 0; page < (1 << 20); page++) s.access(page * 31 + 7, AccessStrategy.NORMAL, 0, false);
      assertEquals(1 << 20, p.residentPages(), "measured with every buffer mapped");
      MemoryFootprint f = p.footprint();
      assertEquals(24L << 20, f.descriptorBytes(), "state word, tag and LSN: 24 bytes per buffer");
      double perBuffer = f.metadataBytesPerBuffer();
      assertTrue(perBuffer < 64, "metadata per buffer: " + perBuffer);
      System.out.printf("metadata bytes per buffer at 1M buffers: %.1f (descriptors %d, mapping %d)%n",
          perBuffer, f.descriptorBytes(), f.mappingBytes());
    }
  }
}
