package dev.bufmgr.core.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bufmgr.core.buffer.Descriptors;
import dev.bufmgr.core.buffer.Padding;
import dev.bufmgr.core.buffer.Sharing;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MappingTableTest {
  private final List<Descriptors> opened = new ArrayList<>();

  private Descriptors descriptors(int frames, Sharing sharing) {
    Descriptors d = Descriptors.allocate(frames, 1, Padding.NONE, sharing);
    opened.add(d);
    return d;
  }

  @AfterEach
  void close() {
    opened.forEach(Descriptors::close);
  }

  /** Maps {@code page} to {@code buffer} the way the pool does: tag first, then the entry, under the lock. */
  private static void put(MappingTable t, Descriptors d, long page, int buffer) {
    int part = t.partitionOf(page);
    long stamp = t.lockPartition(part);
    try {
      d.setTag(buffer, page);
      t.putLocked(page, buffer);
    } finally {
      t.unlockPartition(part, stamp);
    }
  }

  private static boolean remove(MappingTable t, long page, int buffer) {
    int part = t.partitionOf(page);
    long stamp = t.lockPartition(part);
    try {
      return t.removeLocked(page, buffer);
    } finally {
      t.unlockPartition(part, stamp);
    }
  }

  @ParameterizedTest
  @CsvSource({"1, SHARED", "2, SHARED", "128, SHARED", "1, EXCLUSIVE", "128, EXCLUSIVE"})
  void agreesWithAHashMapUnderRandomInsertsAndRemovals(int partitions, Sharing sharing) {
    int frames = 500;
    Descriptors d = descriptors(frames, sharing);
    MappingTable t = new MappingTable(frames, partitions, d);
    Map<Long, Integer> model = new HashMap<>();
    ArrayDeque<Integer> free = new ArrayDeque<>();
    for (int b = 0; b < frames; b++) free.add(b);
    SplittableRandom rnd = new SplittableRandom(partitions);
    List<Long> keys = new ArrayList<>();
    for (int i = 0; i < 200_000; i++) {
      if (!free.isEmpty() && (keys.isEmpty() || rnd.nextInt(3) > 0)) {
        long page = rnd.nextLong(5_000) * 7919;
        if (model.containsKey(page)) continue;
        int buffer = free.poll();
        put(t, d, page, buffer);
        model.put(page, buffer);
        keys.add(page);
      } else {
        long page = keys.remove(rnd.nextInt(keys.size()));
        int buffer = model.remove(page);
        assertTrue(remove(t, page, buffer));
        free.add(buffer);
      }
      if (i % 997 == 0) {
        for (Map.Entry<Long, Integer> e : model.entrySet()) assertEquals((int) e.getValue(), t.lookup(e.getKey()));
        assertEquals(model.size(), t.size());
      }
    }
    assertEquals(MappingTable.NOT_FOUND, t.lookup(-12345L));
    assertFalse(remove(t, -12345L, 0));
  }

  @Test
  void aMatchingFingerprintIsNotEnoughWithoutTheTag() {
    Descriptors d = descriptors(4, Sharing.SHARED);
    MappingTable t = new MappingTable(4, 1, d);
    put(t, d, 42L, 3);
    assertEquals(3, t.lookup(42L));
    d.setTag(3, 43L);
    assertEquals(MappingTable.NOT_FOUND, t.lookup(42L), "the entry's buffer no longer holds the page");
    assertFalse(remove(t, 42L, 2), "an entry for another buffer is not removed");
  }

  /**
   * Evictions as the exclusive pool's run of reads makes them: each buffer's old entry removed
   * later ({@link MappingTable#removeLater}), its tag and new entry set at once. Before and after
   * every batch is carried out, every resident page is found in its buffer and every evicted page
   * is not, though the stale entries of evicted pages may still be in the table; pages come back
   * often, into their old buffer or another.
   */
  @Test
  void removalsPutOffLeaveOnlyEntriesThatLookupsPassOver() {
    int frames = 64;
    int pages = 150;
    Descriptors d = descriptors(frames, Sharing.EXCLUSIVE);
    MappingTable t = new MappingTable(frames, 1, d);
    long[] held = new long[frames];
    Map<Long, Integer> model = new HashMap<>();
    for (int b = 0; b < frames; b++) {
      held[b] = b;
      put(t, d, b, b);
      model.put((long) b, b);
    }
    SplittableRandom rnd = new SplittableRandom(7);
    int sinceFlush = 0;
    for (int i = 0; i < 20_000; i++) {
      long page = rnd.nextInt(pages);
      if (model.containsKey(page)) continue;
      int b = rnd.nextInt(frames);
      model.remove(held[b]);
      t.removeLater(MappingTable.hash(held[b]), b);
      held[b] = page;
      put(t, d, page, b);
      model.put(page, b);
      if (++sinceFlush == MappingTable.REMOVAL_BATCH) sinceFlush = 0;
      if (rnd.nextInt(50) == 0) {
        t.flushRemovals();
        sinceFlush = 0;
        assertEquals(model.size(), t.size(), "after a flush only live entries are left");
      }
      for (long p = 0; p < pages; p++) {
        assertEquals(model.getOrDefault(p, MappingTable.NOT_FOUND), t.lookup(p), "page " + p + " after request " + i);
      }
      assertEquals(model.size() + sinceFlush, t.size(), "stale entries wait for their batch, and no longer");
    }
    t.flushRemovals();
    assertEquals(model.size(), t.size());
  }

  @Test
  void aRemovalPutOffFailsWhenCarriedOutIfTheEntryIsMissing() {
    Descriptors d = descriptors(4, Sharing.EXCLUSIVE);
    MappingTable t = new MappingTable(4, 1, d);
    put(t, d, 42L, 3);
    t.removeLater(MappingTable.hash(42L), 2);
    IllegalStateException e = assertThrows(IllegalStateException.class, t::flushRemovals);
    assertTrue(e.getMessage().contains("buffer 2"), e.getMessage());
    assertEquals(3, t.lookup(42L));
  }

  @Test
  void onlyAnExclusiveMappingPutsRemovalsOff() {
    Descriptors d = descriptors(4, Sharing.SHARED);
    MappingTable t = new MappingTable(4, 1, d);
    put(t, d, 42L, 3);
    assertThrows(IllegalStateException.class, () -> t.removeLater(MappingTable.hash(42L), 3));
    assertEquals(3, t.lookup(42L));
  }

  @Test
  void partitionsGrowPastTheirShare() {
    Descriptors d = descriptors(10_000, Sharing.SHARED);
    MappingTable t = new MappingTable(64, 1, d);
    long before = t.bytes();
    for (int i = 0; i < 10_000; i++) put(t, d, i, i);
    assertTrue(t.bytes() > before);
    for (int i = 0; i < 10_000; i++) assertEquals(i, t.lookup(i));
  }

  @Test
  void rejectsAPartitionCountThatIsNotAPowerOfTwo() {
    Descriptors d = descriptors(10, Sharing.SHARED);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MappingTable(10, 3, d));
    assertTrue(e.getMessage().contains("power of two"));
  }

  @Test
  void lookupsNeverSeeAWrongBufferWhileWritersChurn() throws Exception {
    int churn = 20_000;
    Descriptors d = descriptors(200 + churn, Sharing.SHARED);
    MappingTable t = new MappingTable(256, 4, d);
    // Stable keys k map to buffer k; churn keys come and go around them, each with its own buffer.
    for (long k = 0; k < 200; k++) put(t, d, k, (int) k);
    AtomicBoolean stop = new AtomicBoolean();
    ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
    Thread writer =
        Thread.ofPlatform()
            .start(
                () -> {
                  SplittableRandom rnd = new SplittableRandom(1);
                  while (!stop.get()) {
                    int i = rnd.nextInt(churn);
                    long k = 1_000_000 + i;
                    if (t.lookup(k) < 0) put(t, d, k, 200 + i);
                    else remove(t, k, 200 + i);
                  }
                });
    Thread reader =
        Thread.ofPlatform()
            .start(
                () -> {
                  for (int round = 0; round < 2_000; round++) {
                    for (long k = 0; k < 200; k++) {
                      int b = t.lookup(k);
                      if (b != k) errors.add("key " + k + " read as " + b);
                    }
                  }
                });
    reader.join();
    stop.set(true);
    writer.join();
    assertEquals(List.of(), List.copyOf(errors));
  }
}
